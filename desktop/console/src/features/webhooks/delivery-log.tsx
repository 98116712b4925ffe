import { Accordion, Badge, Button, Code, Drawer, EmptyState, Group, Loader, Pagination, ScrollArea, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery, WebhookEndpoint } from '../../../../../shared/webhooks.ts';
import { QueryError } from '../../components/query-error.tsx';
import { useTx } from '../../i18n/language.tsx';
import { TransTx } from '../../i18n/trans-tx.tsx';
import { formatInstant, formatRelative } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useDelivery, useDeliveries, useRedeliver } from './webhook-queries.ts';

/** Labels are the catalogue's `webhooks.log.<label>`. */
const STATUS: Record<WebhookDelivery['status'], { label: string; color: string }> = {
  delivered: { label: 'delivered', color: 'teal' },
  pending: { label: 'retrying', color: 'yellow' },
  failed: { label: 'failed', color: 'red' },
  skipped: { label: 'skipped', color: 'gray' },
};

export function DeliveryStatusBadge({ d }: { d: Pick<WebhookDelivery, 'status' | 'attempts'> }) {
  const tx = useTx('hr');
  const s = d.status === 'pending' && d.attempts === 0 ? { label: 'queued', color: 'blue' } : STATUS[d.status];
  return (
    <Badge variant="light" color={s.color}>
      {tx(`webhooks.log.${s.label}`)}
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
  const tx = useTx('hr');
  const detail = useDelivery(endpointId, deliveryId);
  if (detail.error) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <Loader size="sm" />;
  return (
    <Stack gap="xs">
      {detail.data.attemptLog.length === 0 && <Text size="sm">{tx('webhooks.log.notAttempted')}</Text>}
      {detail.data.attemptLog.map((a) => (
        <Stack key={a.id} gap={4}>
          <Text size="sm" fw={500}>
            {formatInstant(a.attemptedAt)} · {a.statusCode ? tx('webhooks.log.http', { code: a.statusCode }) : tx('webhooks.log.noAnswer')} · {tx('webhooks.log.ms', { ms: a.durationMs })}
            {a.error ? ` · ${a.error}` : ''}
          </Text>
          <Text size="xs" c="dimmed">
            {tx('webhooks.log.request')}
          </Text>
          <Code block style={{ maxHeight: 220, overflow: 'auto', fontSize: 12 }}>
            {pretty(a.request)}
          </Code>
          {a.response && (
            <>
              <Text size="xs" c="dimmed">
                {tx('webhooks.log.response')}
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
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const list = useDeliveries(endpoint?.id ?? null, page);
  const redeliver = useRedeliver();
  return (
    <Drawer opened={endpoint !== null} onClose={onClose} position="right" size="xl" title={endpoint ? tx('webhooks.log.title', { url: endpoint.url }) : ''} scrollAreaComponent={ScrollArea.Autosize}>
      {endpoint && (
        <Stack>
          {list.error && <QueryError error={list.error} onRetry={() => void list.refetch()} />}
          {!list.data && !list.error && <Loader />}
          {list.data && list.data.items.length === 0 && <EmptyState title={tx('webhooks.log.emptyTitle')} description={tx('webhooks.log.emptyDescription')} />}
          {list.data && list.data.items.length > 0 && (
            <Accordion value={open} onChange={setOpen} variant="separated" aria-label={t('webhooks.log.list')}>
              {list.data.items.map((d) => (
                <Accordion.Item key={d.id} value={d.id}>
                  <Accordion.Control>
                    <Group justify="space-between" wrap="nowrap" pr="sm">
                      <Stack gap={0}>
                        <Text size="sm" fw={500}>
                          {d.eventType}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {formatInstant(d.createdAt)} · {tx('webhooks.log.attempts', { count: d.attempts })}
                          {d.lastStatusCode ? <> · {tx('webhooks.log.http', { code: d.lastStatusCode })}</> : null}
                          {d.status === 'pending' && d.nextAttemptAt && d.attempts > 0 ? <> · {tx('webhooks.log.next', { when: formatRelative(d.nextAttemptAt) })}</> : null}
                        </Text>
                      </Stack>
                      <DeliveryStatusBadge d={d} />
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Stack gap="xs">
                      <Group justify="space-between">
                        <Text size="xs" c="dimmed">
                          <TransTx ns="hr" k="webhooks.log.eventId" values={{ id: d.eventId }} components={{ code: <Code /> }} />
                        </Text>
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconRefresh size={14} />}
                          loading={redeliver.isPending}
                          onClick={() => redeliver.mutate({ endpointId: endpoint.id, deliveryId: d.id }, { onSuccess: () => notifySuccess(t('webhooks.log.redelivered')) })}
                        >
                          {tx('webhooks.log.redeliver')}
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
