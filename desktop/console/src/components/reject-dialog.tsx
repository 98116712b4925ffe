import { type ReactNode, useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface RejectDialogProps {
  opened: boolean;
  /** "Reject leave: Sneha Kulkarni, 19 Dec 2026". */
  title: string;
  /** What is being rejected, in a sentence or two. */
  summary: ReactNode;
  /** Who reads the note ("Sneha"), for the hint under the field. */
  readerName: string;
  /** At most this many characters (spec §4.3: 500). */
  max: number;
  /** An example note that fits what is decided. */
  placeholder?: string;
  /** Where a note is required (a regularization says why it is refused). */
  required?: boolean;
  initialNote?: string;
  loading?: boolean;
  onConfirm: (note: string | null) => void;
  onClose: () => void;
}

const length = (s: string) => [...s].length;

/**
 * A rejection is never one click: this dialog asks for a note (optional but
 * encouraged, or required where the rules say so), counts its characters, and
 * rejects only on the confirm button.
 */
export function RejectDialog({ opened, title, summary, readerName, max, placeholder, required, initialNote = '', loading, onConfirm, onClose }: RejectDialogProps) {
  const { t } = useTranslation('common');
  const [note, setNote] = useState(initialNote);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (opened) {
      setNote(initialNote);
      setTouched(false);
    }
  }, [opened, initialNote]);
  const n = length(note);
  const over = n > max;
  const missing = Boolean(required) && note.trim() === '';
  const confirm = () => {
    setTouched(true);
    if (over || missing) return;
    onConfirm(note.trim() || null);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg" data-testid="reject-dialog">
      <Stack>
        <Text size="sm">{summary}</Text>
        <Textarea
          label={required ? t('reject.reasonLabel') : t('reject.noteLabel')}
          description={required ? t('reject.readerSees', { name: readerName }) : t('reject.optionalHelps', { name: readerName })}
          placeholder={placeholder ?? t('reject.placeholder')}
          withAsterisk={required}
          autosize
          minRows={3}
          maxRows={8}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={over ? t('reject.tooLong', { max }) : touched && missing ? t('reject.sayWhy') : undefined}
          data-autofocus
        />
        <Group justify="space-between">
          <Text size="xs" c={over ? 'red' : 'dimmed'} data-testid="reject-note-counter" aria-live="polite">
            {n} / {max}
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('actions.keepOpen')}
            </Button>
            <Button color="red" leftSection={<IconX size={16} />} loading={loading} disabled={over} onClick={confirm}>
              {t('actions.reject')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
