import { type ReactNode, useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_NOTE_MAX } from '../../../../../shared/documents.ts';
import { useTx } from '../../i18n/language.tsx';

/** Asks for a note (a rejection's reason, a deletion's reason, or an optional verification note). */
export function ReasonModal({
  title,
  label,
  confirm,
  required,
  colour,
  opened,
  busy,
  onClose,
  onConfirm,
}: {
  title: ReactNode;
  label: ReactNode;
  confirm: ReactNode;
  required: boolean;
  colour?: string;
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: (note: string) => void;
}) {
  // HR's dialog (verify, reject, delete): words from the HR catalogue, English where a language lacks them.
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setNote('');
      setError(null);
    }
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack gap="sm">
        <Textarea label={label} withAsterisk={required} autosize minRows={3} maxLength={DOCUMENT_NOTE_MAX} value={note} onChange={(e) => setNote(e.currentTarget.value)} error={error} data-autofocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tx('documents.file.cancel')}
          </Button>
          <Button
            color={colour}
            loading={busy}
            onClick={() => {
              if (required && !note.trim()) {
                setError(t('documents.file.writeReason'));
                return;
              }
              onConfirm(note.trim());
            }}
          >
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
