import { Badge, Button, Code, EmptyState, Group, Menu, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconDots, IconPlus, IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '../../../../../shared/webhooks.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { useTx } from '../../i18n/language.tsx';
import { formatRelative } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { DeliveryLogDrawer } from './delivery-log.tsx';
import { EndpointModal } from './endpoint-modal.tsx';
import { SecretModal } from './secret-modal.tsx';
import { useDeleteWebhook, useRotateWebhookSecret, useSendTestEvent, useUpdateWebhook, useWebhooks } from './webhook-queries.ts';

function StateBadge({ e }: { e: WebhookEndpoint }) {
  const tx = useTx('hr');
  if (!e.enabled)
    return (
      <Tooltip label={e.disabledReason ?? tx('webhooks.disabled')} multiline w={320} disabled={!e.disabledReason}>
        <Badge color="gray" variant="outline">
          {tx('webhooks.disabled')}
        </Badge>
      </Tooltip>
    );
  if (e.failingSince)
    return (
      <Badge color="red" variant="light">
        {tx('webhooks.failingSince', { when: formatRelative(e.failingSince) })}
      </Badge>
    );
  return (
    <Badge color="teal" variant="dot">
      {tx('webhooks.active')}
    </Badge>
  );
}

/** Webhook endpoints beside the API keys: add, edit, test, rotate the secret, the delivery log. */
export function WebhooksSection() {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const hooks = useWebhooks();
  const del = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useSendTestEvent();
  const update = useUpdateWebhook();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<WebhookEndpoint | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const logId = params.get('webhook');
  const logOf = hooks.data?.items.find((e) => e.id === logId) ?? null;
  const openLog = (id: string | null) =>
    setParams((p) => {
      if (id) p.set('webhook', id);
      else p.delete('webhook');
      return p;
    });

  const add = () => {
    setEditing(null);
    setModalOpen(true);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          <IconWebhook size={20} />
          <Title order={4}>{tx('webhooks.title')}</Title>
        </Group>
        <Button leftSection={<IconPlus size={16} />} variant="light" onClick={add}>
          {tx('webhooks.add')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {tx('webhooks.intro')}
      </Text>
      {hooks.error ? (
        <QueryError error={hooks.error} onRetry={() => void hooks.refetch()} />
      ) : (
        <Paper withBorder style={{ overflow: 'hidden' }}>
          {!hooks.data ? (
            <TableSkeleton rows={2} />
          ) : hooks.data.items.length === 0 ? (
            <EmptyState py="xl" icon={<IconWebhook />} title={tx('webhooks.emptyTitle')} description={tx('webhooks.emptyDescription')}>
              <Button variant="light" onClick={add}>
                {tx('webhooks.addFirst')}
              </Button>
            </EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={820}>
              <Table aria-label={t('webhooks.table')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{tx('webhooks.endpoint')}</Table.Th>
                    <Table.Th>{tx('webhooks.events')}</Table.Th>
                    <Table.Th>{tx('webhooks.secret')}</Table.Th>
                    <Table.Th>{tx('webhooks.lastWeek')}</Table.Th>
                    <Table.Th>{tx('webhooks.status')}</Table.Th>
                    <Table.Th w={190} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {hooks.data.items.map((e) => (
                    <Table.Tr key={e.id}>
                      <Table.Td maw={320}>
                        <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
                          {e.url}
                        </Text>
                        {e.description && (
                          <Text size="xs" c="dimmed">
                            {e.description}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{e.eventTypes.includes('*') ? tx('webhooks.allEvents') : e.eventTypes.length === 1 ? e.eventTypes[0] : tx('webhooks.eventTypes', { count: e.eventTypes.length })}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Code>{e.secretPrefix}</Code>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {tx('webhooks.stats', { delivered: e.stats.delivered, pending: e.stats.pending, failed: e.stats.failed })}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <StateBadge e={e} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap" justify="flex-end">
                          <Button size="xs" variant="default" onClick={() => openLog(e.id)}>
                            {tx('webhooks.deliveries')}
                          </Button>
                          <Menu position="bottom-end" withinPortal>
                            <Menu.Target>
                              <Button size="xs" variant="subtle" aria-label={t('webhooks.moreFor', { url: e.url })}>
                                <IconDots size={16} />
                              </Button>
                            </Menu.Target>
                            <Menu.Dropdown>
                              <Menu.Item
                                onClick={() =>
                                  test.mutate(e.id, {
                                    onSuccess: () => {
                                      notifySuccess(t('webhooks.testQueued'));
                                      openLog(e.id);
                                    },
                                  })
                                }
                              >
                                {tx('webhooks.sendTest')}
                              </Menu.Item>
                              <Menu.Item
                                onClick={() => {
                                  setEditing(e);
                                  setModalOpen(true);
                                }}
                              >
                                {tx('webhooks.edit')}
                              </Menu.Item>
                              <Menu.Item onClick={() => update.mutate({ id: e.id, patch: { enabled: !e.enabled } }, { onSuccess: () => notifySuccess(e.enabled ? t('webhooks.disabledDone') : t('webhooks.enabledDone')) })}>
                                {e.enabled ? tx('webhooks.disable') : tx('webhooks.enable')}
                              </Menu.Item>
                              <Menu.Item onClick={() => setRotating(e)}>{tx('webhooks.rotate')}</Menu.Item>
                              <Menu.Divider />
                              <Menu.Item color="red" onClick={() => setRemoving(e)}>
                                {tx('webhooks.remove')}
                              </Menu.Item>
                            </Menu.Dropdown>
                          </Menu>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      )}
      <EndpointModal
        opened={modalOpen}
        editing={editing}
        eventTypes={hooks.data?.eventTypes ?? []}
        onClose={() => setModalOpen(false)}
        onCreated={(created) => {
          setModalOpen(false);
          setSecret(created);
        }}
      />
      <SecretModal shown={secret} onClose={() => setSecret(null)} />
      <DeliveryLogDrawer endpoint={logOf} onClose={() => openLog(null)} />
      <ConfirmDialog
        opened={rotating !== null}
        title={t('webhooks.rotateTitle')}
        message={tx('webhooks.rotateMessage', { url: rotating?.url ?? '' })}
        confirmLabel={t('webhooks.rotate')}
        loading={rotate.isPending}
        onConfirm={() =>
          rotating &&
          rotate.mutate(
            { id: rotating.id, overlapHours: 24 },
            {
              onSuccess: (r) => {
                setRotating(null);
                setSecret(r);
              },
            },
          )
        }
        onClose={() => setRotating(null)}
      />
      <ConfirmDialog
        opened={removing !== null}
        title={t('webhooks.removeTitle')}
        message={tx('webhooks.removeMessage', { url: removing?.url ?? '' })}
        confirmLabel={t('webhooks.removeConfirm')}
        danger
        loading={del.isPending}
        onConfirm={() => removing && del.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
