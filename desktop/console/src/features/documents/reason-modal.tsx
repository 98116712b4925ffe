import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { DOCUMENT_NOTE_MAX } from '../../../../../shared/documents.ts';

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
  title: string;
  label: string;
  confirm: string;
  required: boolean;
  colour?: string;
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: (note: string) => void;
}) {
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
            Cancel
          </Button>
          <Button
            color={colour}
            loading={busy}
            onClick={() => {
              if (required && !note.trim()) {
                setError('Write a reason');
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
