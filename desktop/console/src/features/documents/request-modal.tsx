import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, TagsInput, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { REQUEST_NAME_MAX, REQUEST_NAMES_MAX } from '../../../../../shared/documents.ts';
import { useTx } from '../../i18n/language.tsx';
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
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
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
          notifySuccess(r.requested === 0 ? t('documents.request.already') : t('documents.request.done', { count: r.requested, name: employeeName }));
          onClose();
        },
        onError: (e) => notifyError(e, t('documents.request.failed')),
      },
    );

  return (
    <Modal opened={opened} onClose={onClose} title={tx('documents.request.title', { name: employeeName })}>
      <Stack gap="sm">
        <TagsInput
          label={tx('documents.request.documents')}
          description={tx('documents.request.hint')}
          data={(types.data?.items ?? []).filter((x) => x.active).map((x) => x.name)}
          value={names}
          onChange={(v) => setNames(v.map((n) => n.trim()).filter((n) => n.length > 0 && n.length <= REQUEST_NAME_MAX))}
          maxTags={REQUEST_NAMES_MAX}
          clearable
        />
        <Text size="xs" c="dimmed">
          {tx('documents.request.noMessage', { name: employeeName })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tx('documents.request.cancel')}
          </Button>
          <Button leftSection={<IconSend size={16} />} disabled={names.length === 0} loading={request.isPending} onClick={send}>
            {tx('documents.request.submit', { count: names.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
