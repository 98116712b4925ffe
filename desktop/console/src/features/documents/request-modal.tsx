import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, TagsInput, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { REQUEST_NAME_MAX, REQUEST_NAMES_MAX } from '../../../../../shared/documents.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useDocumentTypes, useRequestDocuments } from './document-queries.ts';

/**
 * HR asks an employee for documents (spec §4.4): catalogue names or any other
 * name. Nothing is sent to the employee: they see the request on their
 * documents page.
 */
export function RequestModal({
  employeeId,
  employeeName,
  initial,
  opened,
  onClose,
}: {
  employeeId: string;
  employeeName: string;
  initial: string[];
  opened: boolean;
  onClose: () => void;
}) {
  const types = useDocumentTypes();
  const request = useRequestDocuments();
  const [names, setNames] = useState<string[]>(initial);
  useEffect(() => {
    if (opened) setNames(initial);
  }, [opened, initial]);

  const send = () =>
    request.mutate(
      { employeeId, names },
      {
        onSuccess: (r) => {
          notifySuccess(r.requested === 0 ? 'Those documents were already requested.' : `Requested ${r.requested} document${r.requested === 1 ? '' : 's'} from ${employeeName}.`);
          onClose();
        },
        onError: (e) => notifyError(e, 'Could not request the documents'),
      },
    );

  return (
    <Modal opened={opened} onClose={onClose} title={`Request documents from ${employeeName}`}>
      <Stack gap="sm">
        <TagsInput
          label="Documents"
          description="Pick from the catalogue or type any other name and press Enter."
          data={(types.data?.items ?? []).filter((t) => t.active).map((t) => t.name)}
          value={names}
          onChange={(v) => setNames(v.map((n) => n.trim()).filter((n) => n.length > 0 && n.length <= REQUEST_NAME_MAX))}
          maxTags={REQUEST_NAMES_MAX}
          clearable
        />
        <Text size="xs" c="dimmed">
          No message is sent: {employeeName} sees the open requests on their documents page the next time they look.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button leftSection={<IconSend size={16} />} disabled={names.length === 0} loading={request.isPending} onClick={send}>
            Request {names.length || ''}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
