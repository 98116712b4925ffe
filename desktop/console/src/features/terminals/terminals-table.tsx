import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, EmptyState, Group, Menu, Modal, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconDots, IconFingerprint, IconPencil, IconPlugConnected, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Terminal, TerminalTestResult } from '../../../../../shared/terminals.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { i18n } from '../../i18n/i18n.ts';
import { useTx } from '../../i18n/language.tsx';
import { formatInstant, formatRelative } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { TerminalForm } from './terminal-form.tsx';
import { useDeleteTerminal, useTerminals, useTestTerminal } from './terminal-queries.ts';

function address(t: Terminal): string {
  if (t.protocol.endsWith('push')) return t.port ? i18n.t('hr:terminals.listensOn', { address: `${t.host ?? '*'}:${t.port}` }) : i18n.t('hr:terminals.noPort');
  if (t.host) return `${t.host}:${t.port ?? ''}`;
  if (t.serialPath) return `${t.serialPath} @ ${t.baudRate ?? ''}`;
  return '—';
}

/** The connector's last keep-alive said it cannot reach the terminal. */
const unreachable = (t: Terminal) => t.connectorState === 'offline' || t.connectorState === 'error';

function Skew({ t }: { t: Terminal }) {
  const tx = useTx('hr');
  if (t.clockSkewSeconds === null) return <Text size="sm">—</Text>;
  const s = t.clockSkewSeconds;
  const text = `${s > 0 ? '+' : ''}${s} s`;
  return t.skewWarning ? (
    <Tooltip label={tx('terminals.skewWarning')}>
      <Badge color="orange" leftSection={<IconAlertTriangle size={12} />}>
        {text}
      </Badge>
    </Tooltip>
  ) : (
    <Text size="sm">{text}</Text>
  );
}

function TestResult({ result, onClose }: { result: TerminalTestResult; onClose: () => void }) {
  const { t: tr } = useTranslation('hr');
  const tx = useTx('hr');
  return (
    <Modal opened onClose={onClose} title={tx('terminals.test.title')} centered>
      <Stack>
        <Alert color={result.ok ? 'teal' : 'red'} title={result.ok ? tx('terminals.test.answered') : tx('terminals.test.noAnswer')}>
          {result.detail}
        </Alert>
        {result.device && (
          <Text size="sm">
            {tx('terminals.test.serial', { serial: result.device.serial })}
            {result.device.name ? ` · ${result.device.name}` : ''}
            {result.device.firmware ? ` · ${result.device.firmware}` : ''} ·{' '}
            {tx('terminals.test.facts', {
              records: result.device.recordCount,
              clock: result.device.clock.replace('T', ' '),
              skew: `${result.device.clockSkewSeconds >= 0 ? '+' : ''}${result.device.clockSkewSeconds}`,
            })}
            {result.latencyMs !== null ? <> · {tx('terminals.test.ms', { ms: result.latencyMs })}</> : null}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {tx('terminals.test.lastKnown', {
            records: result.lastKnown.records,
            when: result.lastKnown.lastContactAt ? formatRelative(result.lastKnown.lastContactAt) : tr('terminals.never'),
          })}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{tx('terminals.test.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The terminals tab: the registry with each terminal's state, test connection, edit and delete. */
export function TerminalsTable() {
  const { t: tr } = useTranslation('hr');
  const tx = useTx('hr');
  const terminals = useTerminals();
  const test = useTestTerminal();
  const remove = useDeleteTerminal();
  const [editing, setEditing] = useState<Terminal | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Terminal | null>(null);
  const [result, setResult] = useState<TerminalTestResult | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const runTest = (t: Terminal) => {
    setTesting(t.id);
    test.mutate(t.id, { onSuccess: setResult, onSettled: () => setTesting(null) });
  };
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {tx('terminals.list.intro')}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {tx('terminals.list.add')}
        </Button>
      </Group>
      {terminals.error ? (
        <QueryError error={terminals.error} onRetry={() => void terminals.refetch()} />
      ) : (
        <Paper withBorder style={{ overflow: 'hidden' }}>
          {!terminals.data ? (
            <TableSkeleton rows={3} />
          ) : terminals.data.items.length === 0 ? (
            <EmptyState py="xl" icon={<IconFingerprint />} title={tx('terminals.list.emptyTitle')} description={tx('terminals.list.emptyDescription')} />
          ) : (
            <Table.ScrollContainer minWidth={1100}>
              <Table aria-label={tr('terminals.list.table')} verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{tx('terminals.list.terminal')}</Table.Th>
                    <Table.Th>{tx('terminals.list.address')}</Table.Th>
                    <Table.Th>{tx('terminals.list.state')}</Table.Th>
                    <Table.Th>{tx('terminals.list.lastContact')}</Table.Th>
                    <Table.Th>{tx('terminals.list.clock')}</Table.Th>
                    <Table.Th>{tx('terminals.list.backlog')}</Table.Th>
                    <Table.Th>{tx('terminals.list.today')}</Table.Th>
                    <Table.Th>{tx('terminals.list.unmatched')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {terminals.data.items.map((t) => (
                    <Table.Tr key={t.id} data-testid="terminal-row">
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {t.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {[t.serial, t.protocol, t.location?.name, t.directionPolicy].filter(Boolean).join(' · ')}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {address(t)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {!t.enabled ? (
                          <Badge color="gray">{tx('terminals.list.disabled')}</Badge>
                        ) : (
                          <Badge color={t.online ? 'teal' : 'red'} variant="dot" style={{ minWidth: 'max-content' }}>
                            {t.online ? tx('terminals.list.online') : tx('terminals.list.offline')}
                          </Badge>
                        )}
                        {(t.connectorDetail || unreachable(t)) && (
                          <Tooltip label={t.connectorDetail ?? ''} disabled={!t.connectorDetail} multiline maw={360}>
                            <Text size="xs" c={unreachable(t) ? 'red' : 'dimmed'} lineClamp={1} maw={200} data-testid="terminal-detail">
                              {unreachable(t) ? `${t.connectorState}${t.connectorDetail ? `: ${t.connectorDetail}` : ''}` : t.connectorDetail}
                            </Text>
                          </Tooltip>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Tooltip
                          label={tx('terminals.list.reached', {
                            when: t.lastContactAt ? formatInstant(t.lastContactAt) : tr('terminals.never'),
                            until: t.syncedUntil ? formatInstant(t.syncedUntil) : tr('terminals.never'),
                          })}
                        >
                          <Text size="sm">{formatRelative(t.lastContactAt)}</Text>
                        </Tooltip>
                      </Table.Td>
                      <Table.Td>
                        <Skew t={t} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c={t.deadLetters ? 'red' : undefined}>
                          {t.backlog ?? '—'} / {t.deadLetters ?? '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td>{t.punchesToday}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          {t.unmatchedCount ? <Badge color="orange">{t.unmatchedCount}</Badge> : 0}
                          {t.unmappedUserIds > 0 && (
                            <Tooltip label={tx('terminals.list.unmappedHint')}>
                              <Badge color="red" variant="light" data-testid="unmapped-ids-badge">
                                {tx('terminals.list.unmapped', { count: t.unmappedUserIds })}
                              </Badge>
                            </Tooltip>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap" justify="flex-end">
                          <Button size="xs" variant="light" leftSection={<IconPlugConnected size={14} />} loading={testing === t.id} onClick={() => runTest(t)}>
                            {tx('terminals.test.run')}
                          </Button>
                          <Menu position="bottom-end" withinPortal>
                            <Menu.Target>
                              <ActionIcon variant="subtle" aria-label={tr('terminals.list.actionsFor', { name: t.name })}>
                                <IconDots size={16} />
                              </ActionIcon>
                            </Menu.Target>
                            <Menu.Dropdown>
                              <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing(t)}>
                                {tx('terminals.list.edit')}
                              </Menu.Item>
                              <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(t)}>
                                {tx('terminals.list.delete')}
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
      {editing && <TerminalForm terminal={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {result && <TestResult result={result} onClose={() => setResult(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={tr('terminals.list.deleteTitle')}
        message={tx('terminals.list.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={tr('terminals.list.delete')}
        danger
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => notifySuccess(tr('terminals.list.deleted')), onSettled: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
