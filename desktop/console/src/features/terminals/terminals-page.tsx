import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, EmptyState, Group, Menu, Modal, NumberInput, Paper, Radio, Stack, Table, Tabs, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconDots, IconFingerprint, IconHash, IconPencil, IconPlugConnected, IconPlus, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RawUser, Terminal, TerminalTestResult, UnmatchedGroup } from '../../../../../shared/terminals.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmployeePicker } from '../../components/employee-picker.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { i18n } from '../../i18n/i18n.ts';
import { useTx } from '../../i18n/language.tsx';
import { formatInstant, formatRelative } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { TerminalForm } from './terminal-form.tsx';
import {
  useAdminLogs,
  useCreateEnrolment,
  useDeleteEnrolment,
  useDeleteTerminal,
  useEnrolments,
  useMapRawUser,
  useRawUsers,
  useTerminals,
  useUnmapRawUser,
  useTestTerminal,
  useUnmatched,
} from './terminal-queries.ts';

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

function TerminalsTable() {
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

function MapDialog({ group, onClose }: { group: UnmatchedGroup; onClose: () => void }) {
  const { t: tr } = useTranslation('hr');
  const tx = useTx('hr');
  const create = useCreateEnrolment();
  const [employeeId, setEmployeeId] = useState<string | null>(null);
  const [scope, setScope] = useState<'terminal' | 'all'>(group.terminal ? 'terminal' : 'all');
  const submit = () =>
    employeeId &&
    create.mutate(
      { terminalId: scope === 'terminal' ? (group.terminal?.id ?? null) : null, terminalUserId: group.terminalUserId, employeeId },
      {
        onSuccess: (r) => {
          notifySuccess(tr('terminals.map.attached', { attached: r.attached, days: r.daysReconciled }), tr('terminals.map.mapped'));
          onClose();
        },
        onError: (e) => notifyError(e, tr('terminals.map.failed')),
      },
    );
  return (
    <Modal opened onClose={onClose} title={tx('terminals.map.title', { id: group.terminalUserId })} centered>
      <Stack>
        <Text size="sm">
          {tx('terminals.map.waiting', { count: group.count, where: group.terminal?.name ?? group.serial })}
        </Text>
        <EmployeePicker label={tr('terminals.map.employee')} withAsterisk value={employeeId} onChange={setEmployeeId} />
        <Radio.Group label={tx('terminals.map.validOn')} value={scope} onChange={(v) => setScope(v as 'terminal' | 'all')}>
          <Group mt={4}>
            <Radio value="terminal" label={tx('terminals.map.thisTerminal')} disabled={!group.terminal} />
            <Radio value="all" label={tx('terminals.map.everyTerminal')} />
          </Group>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tx('terminals.map.cancel')}
          </Button>
          <Button disabled={!employeeId} loading={create.isPending} onClick={submit}>
            {tx('terminals.map.toEmployee')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function MapRawDialog({ raw, mode, onClose }: { raw: RawUser; mode: 'number' | 'employee'; onClose: () => void }) {
  const { t: tr } = useTranslation('hr');
  const tx = useTx('hr');
  const map = useMapRawUser();
  const [employeeId, setEmployeeId] = useState<string | null>(null);
  const [number, setNumber] = useState<number | string>(/^0\d+$/.test(raw.rawUserId) ? Number(raw.rawUserId) : '');
  const [error, setError] = useState<string | null>(null);
  const ready = mode === 'employee' ? employeeId !== null : number !== '';
  const submit = () =>
    map.mutate(
      { terminalId: raw.terminal.id, rawUserId: raw.rawUserId, ...(mode === 'employee' ? { employeeId: employeeId as string } : { terminalUserId: Number(number) }) },
      {
        onSuccess: (r) => {
          notifySuccess(
            r.employee
              ? tr('terminals.raw.sentAsEmployee', { raw: r.rawUserId, number: r.terminalUserId, name: r.employee.fullName })
              : tr('terminals.raw.sentAs', { raw: r.rawUserId, number: r.terminalUserId }),
            tr('terminals.map.mapped'),
          );
          onClose();
        },
        onError: (e) => {
          setError(e instanceof Error ? e.message : String(e));
          notifyError(e, tr('terminals.map.failed'));
        },
      },
    );
  return (
    <Modal opened onClose={onClose} title={tx('terminals.raw.title', { raw: raw.rawUserId })} centered>
      <Stack>
        <Text size="sm">
          {tx(/^0\d+$/.test(raw.rawUserId) ? 'terminals.raw.storesZero' : 'terminals.raw.storesChars', { terminal: raw.terminal.name })}{' '}
          {raw.records ? tx('terminals.raw.recordsWaiting', { count: raw.records }) : ''}
        </Text>
        {mode === 'number' ? (
          <NumberInput
            label={tx('terminals.raw.number')}
            description={tx('terminals.raw.numberDescription')}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            withAsterisk
            value={number}
            onChange={setNumber}
            error={error ?? undefined}
          />
        ) : (
          <EmployeePicker label={tr('terminals.map.employee')} withAsterisk value={employeeId} onChange={setEmployeeId} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tx('terminals.map.cancel')}
          </Button>
          <Button disabled={!ready} loading={map.isPending} onClick={submit}>
            {mode === 'number' ? tx('terminals.map.toNumber') : tx('terminals.map.toEmployee')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RawUsers() {
  const { t: tr } = useTranslation('hr');
  const tx = useTx('hr');
  const raw = useRawUsers();
  const unmap = useUnmapRawUser();
  const [mapping, setMapping] = useState<{ raw: RawUser; mode: 'number' | 'employee' } | null>(null);
  const items = raw.data?.items ?? [];
  if (raw.error) return <QueryError error={raw.error} onRetry={() => void raw.refetch()} />;
  return (
    <Card withBorder padding="md">
      <Text fw={600} mb={4}>
        {tx('terminals.raw.heading')}
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        {tx('terminals.raw.intro')}
      </Text>
      {items.length ? (
        <Table aria-label={tr('terminals.raw.heading')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{tx('terminals.raw.terminal')}</Table.Th>
              <Table.Th>{tx('terminals.raw.idOnTerminal')}</Table.Th>
              <Table.Th>{tx('terminals.raw.recordsHeader')}</Table.Th>
              <Table.Th>{tx('terminals.raw.sentAsHeader')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((r) => (
              <Table.Tr key={r.id} data-testid="raw-user-row">
                <Table.Td>{r.terminal.name}</Table.Td>
                <Table.Td ff="monospace">{r.rawUserId}</Table.Td>
                <Table.Td>{r.records ? <Badge color="orange">{r.records}</Badge> : 0}</Table.Td>
                <Table.Td>
                  {r.terminalUserId === null ? (
                    <Text size="sm" c="dimmed">
                      {tx('terminals.raw.notMapped')}
                    </Text>
                  ) : (
                    <Text size="sm">
                      <Text span ff="monospace">
                        {r.terminalUserId}
                      </Text>
                      {r.employee ? ` · ${r.employee.fullName} (${r.employee.code})` : <> · {tx('terminals.raw.nobody')}</>}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    {r.terminalUserId === null ? (
                      <>
                        <Button size="xs" variant="light" leftSection={<IconHash size={14} />} onClick={() => setMapping({ raw: r, mode: 'number' })}>
                          {tx('terminals.map.toNumber')}
                        </Button>
                        <Button size="xs" leftSection={<IconUserPlus size={14} />} onClick={() => setMapping({ raw: r, mode: 'employee' })}>
                          {tx('terminals.map.toEmployee')}
                        </Button>
                      </>
                    ) : (
                      <ActionIcon variant="subtle" color="red" aria-label={tr('terminals.raw.removeMapping', { raw: r.rawUserId })} onClick={() => unmap.mutate(r.id)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          {tx('terminals.raw.none')}
        </Text>
      )}
      {mapping && <MapRawDialog raw={mapping.raw} mode={mapping.mode} onClose={() => setMapping(null)} />}
    </Card>
  );
}

function Enrolment() {
  const { t: tr } = useTranslation('hr');
  const tx = useTx('hr');
  const unmatched = useUnmatched();
  const enrolments = useEnrolments();
  const remove = useDeleteEnrolment();
  const [mapping, setMapping] = useState<UnmatchedGroup | null>(null);
  return (
    <Stack gap="md">
      <RawUsers />
      <Card withBorder padding="md">
        <Text fw={600} mb={4}>
          {tx('terminals.unmatched.heading')}
        </Text>
        <Text size="sm" c="dimmed" mb="sm">
          {tx('terminals.unmatched.intro')}
        </Text>
        {unmatched.data?.items.length ? (
          <Table aria-label={tr('terminals.unmatched.heading')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{tx('terminals.unmatched.terminal')}</Table.Th>
                <Table.Th>{tx('terminals.unmatched.userId')}</Table.Th>
                <Table.Th>{tx('terminals.unmatched.punches')}</Table.Th>
                <Table.Th>{tx('terminals.unmatched.span')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {unmatched.data.items.map((u) => (
                <Table.Tr key={`${u.serial}-${u.terminalUserId}`} data-testid="unmatched-row">
                  <Table.Td>{u.terminal?.name ?? u.serial}</Table.Td>
                  <Table.Td ff="monospace">{u.terminalUserId}</Table.Td>
                  <Table.Td>{u.count}</Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {formatInstant(u.firstAt)} – {formatInstant(u.lastAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" leftSection={<IconUserPlus size={14} />} onClick={() => setMapping(u)}>
                      {tx('terminals.map.toEmployee')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            {tx('terminals.unmatched.none')}
          </Text>
        )}
      </Card>
      <Card withBorder padding="md">
        <Text fw={600} mb={4}>
          {tx('terminals.mappings.heading')}
        </Text>
        <Text size="sm" c="dimmed" mb="sm">
          {tx('terminals.mappings.intro')}
        </Text>
        <Table aria-label={tr('terminals.mappings.heading')}>
          <Table.Tbody>
            {(enrolments.data?.items ?? []).map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td ff="monospace">{e.terminalUserId}</Table.Td>
                <Table.Td>{e.terminal?.name ?? tx('terminals.mappings.everyTerminal')}</Table.Td>
                <Table.Td>
                  {e.employee.fullName} ({e.employee.code})
                </Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed">
                    {e.createdByName}, {formatInstant(e.createdAt)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label={tr('terminals.mappings.remove', { id: e.terminalUserId })} onClick={() => remove.mutate(e.id)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      {mapping && <MapDialog group={mapping} onClose={() => setMapping(null)} />}
    </Stack>
  );
}

function AdminLogs() {
  const { t: tr } = useTranslation('hr');
  const tx = useTx('hr');
  const logs = useAdminLogs();
  if (logs.error) return <QueryError error={logs.error} onRetry={() => void logs.refetch()} />;
  return (
    <Paper withBorder style={{ overflow: 'hidden' }}>
      <Table aria-label={tr('terminals.logs.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{tx('terminals.logs.when')}</Table.Th>
            <Table.Th>{tx('terminals.logs.terminal')}</Table.Th>
            <Table.Th>{tx('terminals.logs.action')}</Table.Th>
            <Table.Th>{tx('terminals.logs.user')}</Table.Th>
            <Table.Th>{tx('terminals.logs.admin')}</Table.Th>
            <Table.Th>{tx('terminals.logs.result')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(logs.data?.items ?? []).map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>{formatInstant(l.at)}</Table.Td>
              <Table.Td>{l.terminal.name}</Table.Td>
              <Table.Td>{l.action}</Table.Td>
              <Table.Td>{l.employee ? `${l.employee.fullName} (${l.targetUserId})` : (l.targetUserId ?? '—')}</Table.Td>
              <Table.Td>{l.adminId ?? '—'}</Table.Td>
              <Table.Td>{l.result ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** Biometric terminals: registry and state, test connection, unmatched punches and mappings, admin logs. */
export function TerminalsPage() {
  const { t: tr } = useTranslation('hr');
  const tx = useTx('hr');
  const [tab, setTab] = useState<string | null>('terminals');
  return (
    <>
      <PageHeader title={tx('terminals.title')} documentTitle={tr('terminals.title')} description={tx('terminals.description')} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="terminals">{tx('terminals.tabs.terminals')}</Tabs.Tab>
          <Tabs.Tab value="enrolment">{tx('terminals.tabs.enrolment')}</Tabs.Tab>
          <Tabs.Tab value="logs">{tx('terminals.tabs.logs')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="terminals">
          <TerminalsTable />
        </Tabs.Panel>
        <Tabs.Panel value="enrolment">
          <Enrolment />
        </Tabs.Panel>
        <Tabs.Panel value="logs">
          <AdminLogs />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
