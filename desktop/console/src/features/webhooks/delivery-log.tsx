import { Accordion, Badge, Button, Code, Drawer, EmptyState, Group, Loader, Pagination, ScrollArea, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import type { WebhookDelivery, WebhookEndpoint } from '../../../../../shared/webhooks.ts';
import { QueryError } from '../../components/query-error.tsx';
import { formatInstant, formatRelative } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useDelivery, useDeliveries, useRedeliver } from './webhook-queries.ts';

const STATUS: Record<WebhookDelivery['status'], { label: string; color: string }> = {
  delivered: { label: 'Delivered', color: 'teal' },
  pending: { label: 'Retrying', color: 'yellow' },
  failed: { label: 'Failed', color: 'red' },
  skipped: { label: 'Skipped', color: 'gray' },
};

export function DeliveryStatusBadge({ d }: { d: Pick<WebhookDelivery, 'status' | 'attempts'> }) {
  const s = d.status === 'pending' && d.attempts === 0 ? { label: 'Queued', color: 'blue' } : STATUS[d.status];
  return (
    <Badge variant="light" color={s.color}>
      {s.label}
    </Badge>
  );
}

function pretty(json: string | null): string {
  if (!json) return '—';
  try {
    const v = JSON.parse(json) as { body?: unknown };
    if (v && typeof v === 'object' && typeof v.body === 'string') {
      try {
        return JSON.stringify({ ...v, body: JSON.parse(v.body) }, null, 2);
      } catch {
        return JSON.stringify(v, null, 2);
      }
    }
    return JSON.stringify(v, null, 2);
  } catch {
    return json;
  }
}

function DeliveryDetail({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) {
  const detail = useDelivery(endpointId, deliveryId);
  if (detail.error) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <Loader size="sm" />;
  return (
    <Stack gap="xs">
      {detail.data.attemptLog.length === 0 && <Text size="sm">Not attempted yet.</Text>}
      {detail.data.attemptLog.map((a) => (
        <Stack key={a.id} gap={4}>
          <Text size="sm" fw={500}>
            {formatInstant(a.attemptedAt)} · {a.statusCode ? `HTTP ${a.statusCode}` : 'no answer'} · {a.durationMs} ms{a.error ? ` · ${a.error}` : ''}
          </Text>
          <Text size="xs" c="dimmed">
            Request
          </Text>
          <Code block style={{ maxHeight: 220, overflow: 'auto', fontSize: 12 }}>
            {pretty(a.request)}
          </Code>
          {a.response && (
            <>
              <Text size="xs" c="dimmed">
                Response
              </Text>
              <Code block style={{ maxHeight: 160, overflow: 'auto', fontSize: 12 }}>
                {pretty(a.response)}
              </Code>
            </>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

/** The delivery log of one endpoint: newest first, each with its attempts (request and response) and "Redeliver". */
export function DeliveryLogDrawer({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const list = useDeliveries(endpoint?.id ?? null, page);
  const redeliver = useRedeliver();
  return (
    <Drawer opened={endpoint !== null} onClose={onClose} position="right" size="xl" title={endpoint ? `Deliveries to ${endpoint.url}` : ''} scrollAreaComponent={ScrollArea.Autosize}>
      {endpoint && (
        <Stack>
          {list.error && <QueryError error={list.error} onRetry={() => void list.refetch()} />}
          {!list.data && !list.error && <Loader />}
          {list.data && list.data.items.length === 0 && <EmptyState title="No deliveries yet" description="Events this endpoint subscribes to appear here as they are sent. Try “Send test event”." />}
          {list.data && list.data.items.length > 0 && (
            <Accordion value={open} onChange={setOpen} variant="separated" aria-label="Deliveries">
              {list.data.items.map((d) => (
                <Accordion.Item key={d.id} value={d.id}>
                  <Accordion.Control>
                    <Group justify="space-between" wrap="nowrap" pr="sm">
                      <Stack gap={0}>
                        <Text size="sm" fw={500}>
                          {d.eventType}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {formatInstant(d.createdAt)} · {d.attempts} attempt{d.attempts === 1 ? '' : 's'}
                          {d.lastStatusCode ? ` · HTTP ${d.lastStatusCode}` : ''}
                          {d.status === 'pending' && d.nextAttemptAt && d.attempts > 0 ? ` · next ${formatRelative(d.nextAttemptAt)}` : ''}
                        </Text>
                      </Stack>
                      <DeliveryStatusBadge d={d} />
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Stack gap="xs">
                      <Group justify="space-between">
                        <Text size="xs" c="dimmed">
                          Event id <Code>{d.eventId}</Code>
                        </Text>
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconRefresh size={14} />}
                          loading={redeliver.isPending}
                          onClick={() => redeliver.mutate({ endpointId: endpoint.id, deliveryId: d.id }, { onSuccess: () => notifySuccess('Queued again with the same event id.') })}
                        >
                          Redeliver
                        </Button>
                      </Group>
                      {open === d.id && <DeliveryDetail endpointId={endpoint.id} deliveryId={d.id} />}
                    </Stack>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          )}
          {list.data && list.data.total > list.data.pageSize && <Pagination total={Math.ceil(list.data.total / list.data.pageSize)} value={page} onChange={setPage} />}
        </Stack>
      )}
    </Drawer>
  );
}
