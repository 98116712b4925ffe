import { Badge, Button, Code, EmptyState, Group, Menu, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconDots, IconPlus, IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '../../../../../shared/webhooks.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { formatRelative } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { DeliveryLogDrawer } from './delivery-log.tsx';
import { EndpointModal } from './endpoint-modal.tsx';
import { SecretModal } from './secret-modal.tsx';
import { useDeleteWebhook, useRotateWebhookSecret, useSendTestEvent, useUpdateWebhook, useWebhooks } from './webhook-queries.ts';

function StateBadge({ e }: { e: WebhookEndpoint }) {
  if (!e.enabled)
    return (
      <Tooltip label={e.disabledReason ?? 'Disabled'} multiline w={320} disabled={!e.disabledReason}>
        <Badge color="gray" variant="outline">
          Disabled
        </Badge>
      </Tooltip>
    );
  if (e.failingSince)
    return (
      <Badge color="red" variant="light">
        Failing since {formatRelative(e.failingSince)}
      </Badge>
    );
  return (
    <Badge color="teal" variant="dot">
      Active
    </Badge>
  );
}

/** Webhook endpoints beside the API keys: add, edit, test, rotate the secret, the delivery log. */
export function WebhooksSection() {
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
          <Title order={4}>Webhooks</Title>
        </Group>
        <Button leftSection={<IconPlus size={16} />} variant="light" onClick={add}>
          Add endpoint
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Muster calls your systems when something happens (an approval, a joiner, a day final for payroll), signed as the Standard Webhooks specification fixes it, and retries for about 3 days.
      </Text>
      {hooks.error ? (
        <QueryError error={hooks.error} onRetry={() => void hooks.refetch()} />
      ) : (
        <Paper withBorder style={{ overflow: 'hidden' }}>
          {!hooks.data ? (
            <TableSkeleton rows={2} />
          ) : hooks.data.items.length === 0 ? (
            <EmptyState py="xl" icon={<IconWebhook />} title="No webhook endpoints yet" description="Add the URL of a system that should hear about leave, employees and attendance as it happens.">
              <Button variant="light" onClick={add}>
                Add the first endpoint
              </Button>
            </EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={820}>
              <Table aria-label="Webhook endpoints">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Endpoint</Table.Th>
                    <Table.Th>Events</Table.Th>
                    <Table.Th>Secret</Table.Th>
                    <Table.Th>Last 7 days</Table.Th>
                    <Table.Th>Status</Table.Th>
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
                        <Text size="sm">{e.eventTypes.includes('*') ? 'All events' : e.eventTypes.length === 1 ? e.eventTypes[0] : `${e.eventTypes.length} event types`}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Code>{e.secretPrefix}</Code>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {e.stats.delivered} delivered
                          {e.stats.pending ? `, ${e.stats.pending} waiting` : ''}
                          {e.stats.failed ? `, ${e.stats.failed} failed` : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <StateBadge e={e} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap" justify="flex-end">
                          <Button size="xs" variant="default" onClick={() => openLog(e.id)}>
                            Deliveries
                          </Button>
                          <Menu position="bottom-end" withinPortal>
                            <Menu.Target>
                              <Button size="xs" variant="subtle" aria-label={`More for ${e.url}`}>
                                <IconDots size={16} />
                              </Button>
                            </Menu.Target>
                            <Menu.Dropdown>
                              <Menu.Item
                                onClick={() =>
                                  test.mutate(e.id, {
                                    onSuccess: () => {
                                      notifySuccess('Test event queued: see it arrive in the delivery log.');
                                      openLog(e.id);
                                    },
                                  })
                                }
                              >
                                Send test event
                              </Menu.Item>
                              <Menu.Item
                                onClick={() => {
                                  setEditing(e);
                                  setModalOpen(true);
                                }}
                              >
                                Edit
                              </Menu.Item>
                              <Menu.Item onClick={() => update.mutate({ id: e.id, patch: { enabled: !e.enabled } }, { onSuccess: () => notifySuccess(e.enabled ? 'Endpoint disabled.' : 'Endpoint enabled.') })}>
                                {e.enabled ? 'Disable' : 'Enable'}
                              </Menu.Item>
                              <Menu.Item onClick={() => setRotating(e)}>Rotate secret</Menu.Item>
                              <Menu.Divider />
                              <Menu.Item color="red" onClick={() => setRemoving(e)}>
                                Remove
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
        title="Rotate signing secret"
        message={`A new secret is shown once. The old one keeps signing for 24 hours beside it (two signatures per delivery), so ${rotating?.url ?? ''} can switch without missing events.`}
        confirmLabel="Rotate secret"
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
        title="Remove webhook endpoint"
        message={`Remove ${removing?.url ?? ''}? Events waiting for it are dropped and its delivery log goes with it.`}
        confirmLabel="Remove endpoint"
        danger
        loading={del.isPending}
        onConfirm={() => removing && del.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
