import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, EmptyState, Group, Menu, Modal, NumberInput, Paper, Radio, Stack, Table, Tabs, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconDots, IconFingerprint, IconHash, IconPencil, IconPlugConnected, IconPlus, IconTrash, IconUserPlus } from '@tabler/icons-react';
import type { RawUser, Terminal, TerminalTestResult, UnmatchedGroup } from '../../../../../shared/terminals.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmployeePicker } from '../../components/employee-picker.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
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
  if (t.protocol.endsWith('push')) return t.port ? `listens on ${t.host ?? '*'}:${t.port}` : 'no port to listen on';
  if (t.host) return `${t.host}:${t.port ?? ''}`;
  if (t.serialPath) return `${t.serialPath} @ ${t.baudRate ?? ''}`;
  return '—';
}

/** The connector's last keep-alive said it cannot reach the terminal. */
const unreachable = (t: Terminal) => t.connectorState === 'offline' || t.connectorState === 'error';

function Skew({ t }: { t: Terminal }) {
  if (t.clockSkewSeconds === null) return <Text size="sm">—</Text>;
  const s = t.clockSkewSeconds;
  const text = `${s > 0 ? '+' : ''}${s} s`;
  return t.skewWarning ? (
    <Tooltip label="The terminal clock is off by more than 2 minutes: set its clock from the connector">
      <Badge color="orange" leftSection={<IconAlertTriangle size={12} />}>
        {text}
      </Badge>
    </Tooltip>
  ) : (
    <Text size="sm">{text}</Text>
  );
}

function TestResult({ result, onClose }: { result: TerminalTestResult; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Test connection" centered>
      <Stack>
        <Alert color={result.ok ? 'teal' : 'red'} title={result.ok ? 'The terminal answered' : 'No answer'}>
          {result.detail}
        </Alert>
        {result.device && (
          <Text size="sm">
            Serial {result.device.serial}
            {result.device.name ? ` · ${result.device.name}` : ''}
            {result.device.firmware ? ` · ${result.device.firmware}` : ''} · {result.device.recordCount} records · clock {result.device.clock.replace('T', ' ')} (
            {result.device.clockSkewSeconds >= 0 ? '+' : ''}
            {result.device.clockSkewSeconds} s){result.latencyMs !== null ? ` · ${result.latencyMs} ms` : ''}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Last known: {result.lastKnown.records} punches received, last contact {result.lastKnown.lastContactAt ? formatRelative(result.lastKnown.lastContactAt) : 'never'}.
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function TerminalsTable() {
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
          The connector reads this list from the server: a connector on this PC or another needs only the server address and the secret.
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Add terminal
        </Button>
      </Group>
      {terminals.error ? (
        <QueryError error={terminals.error} onRetry={() => void terminals.refetch()} />
      ) : (
        <Paper withBorder style={{ overflow: 'hidden' }}>
          {!terminals.data ? (
            <TableSkeleton rows={3} />
          ) : terminals.data.items.length === 0 ? (
            <EmptyState py="xl" icon={<IconFingerprint />} title="No terminals yet" description="Add one, or let the connector report one: it appears on its first message." />
          ) : (
            <Table.ScrollContainer minWidth={1100}>
              <Table aria-label="Terminals" verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Terminal</Table.Th>
                    <Table.Th>Address</Table.Th>
                    <Table.Th>State</Table.Th>
                    <Table.Th>Last contact</Table.Th>
                    <Table.Th>Clock</Table.Th>
                    <Table.Th>Backlog / dead letters</Table.Th>
                    <Table.Th>Today</Table.Th>
                    <Table.Th>Unmatched</Table.Th>
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
                          <Badge color="gray">disabled</Badge>
                        ) : (
                          <Badge color={t.online ? 'teal' : 'red'} variant="dot" style={{ minWidth: 'max-content' }}>
                            {t.online ? 'online' : 'offline'}
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
                        <Tooltip label={`Reached ${t.lastContactAt ? formatInstant(t.lastContactAt) : 'never'} · delivered completely up to ${t.syncedUntil ? formatInstant(t.syncedUntil) : 'never'}`}>
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
                            <Tooltip label="User ids that are not numbers wait for a mapping (Unmatched & mappings tab)">
                              <Badge color="red" variant="light" data-testid="unmapped-ids-badge">
                                {t.unmappedUserIds} id{t.unmappedUserIds === 1 ? '' : 's'} to map
                              </Badge>
                            </Tooltip>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap" justify="flex-end">
                          <Button size="xs" variant="light" leftSection={<IconPlugConnected size={14} />} loading={testing === t.id} onClick={() => runTest(t)}>
                            Test
                          </Button>
                          <Menu position="bottom-end" withinPortal>
                            <Menu.Target>
                              <ActionIcon variant="subtle" aria-label={`Actions for ${t.name}`}>
                                <IconDots size={16} />
                              </ActionIcon>
                            </Menu.Target>
                            <Menu.Dropdown>
                              <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing(t)}>
                                Edit
                              </Menu.Item>
                              <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(t)}>
                                Delete
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
        title="Delete terminal"
        message={`Delete ${deleting?.name ?? ''}? A terminal that has punches cannot be deleted: disable it instead.`}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => notifySuccess('Terminal deleted.'), onSettled: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function MapDialog({ group, onClose }: { group: UnmatchedGroup; onClose: () => void }) {
  const create = useCreateEnrolment();
  const [employeeId, setEmployeeId] = useState<string | null>(null);
  const [scope, setScope] = useState<'terminal' | 'all'>(group.terminal ? 'terminal' : 'all');
  const submit = () =>
    employeeId &&
    create.mutate(
      { terminalId: scope === 'terminal' ? (group.terminal?.id ?? null) : null, terminalUserId: group.terminalUserId, employeeId },
      {
        onSuccess: (r) => {
          notifySuccess(`${r.attached} punches attached; ${r.daysReconciled} day(s) reconciled.`, 'Mapped');
          onClose();
        },
        onError: (e) => notifyError(e, 'Could not map'),
      },
    );
  return (
    <Modal opened onClose={onClose} title={`Map terminal user ${group.terminalUserId}`} centered>
      <Stack>
        <Text size="sm">
          {group.count} punch{group.count === 1 ? '' : 'es'} on {group.terminal?.name ?? group.serial} wait for an owner.
        </Text>
        <EmployeePicker label="Employee" withAsterisk value={employeeId} onChange={setEmployeeId} />
        <Radio.Group label="Valid on" value={scope} onChange={(v) => setScope(v as 'terminal' | 'all')}>
          <Group mt={4}>
            <Radio value="terminal" label="This terminal" disabled={!group.terminal} />
            <Radio value="all" label="Every terminal" />
          </Group>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!employeeId} loading={create.isPending} onClick={submit}>
            Map to employee
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function MapRawDialog({ raw, mode, onClose }: { raw: RawUser; mode: 'number' | 'employee'; onClose: () => void }) {
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
          notifySuccess(`"${r.rawUserId}" is sent as ${r.terminalUserId}${r.employee ? ` (${r.employee.fullName})` : ''}: the connector sends its held-back records at its next refresh.`, 'Mapped');
          onClose();
        },
        onError: (e) => {
          setError(e instanceof Error ? e.message : String(e));
          notifyError(e, 'Could not map');
        },
      },
    );
  return (
    <Modal opened onClose={onClose} title={`Map terminal user "${raw.rawUserId}"`} centered>
      <Stack>
        <Text size="sm">
          {raw.terminal.name} stores this id with {/^0\d+$/.test(raw.rawUserId) ? 'a leading zero' : 'characters that are not digits'}; Muster records terminal users by number.{' '}
          {raw.records ? `${raw.records} record${raw.records === 1 ? '' : 's'} wait in the connector.` : ''}
        </Text>
        {mode === 'number' ? (
          <NumberInput
            label="Terminal user number"
            description="Its records are sent with this number, which then means an employee as any terminal user number does"
            min={0}
            allowDecimal={false}
            allowNegative={false}
            withAsterisk
            value={number}
            onChange={setNumber}
            error={error ?? undefined}
          />
        ) : (
          <EmployeePicker label="Employee" withAsterisk value={employeeId} onChange={setEmployeeId} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!ready} loading={map.isPending} onClick={submit}>
            {mode === 'number' ? 'Map to number' : 'Map to employee'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RawUsers() {
  const raw = useRawUsers();
  const unmap = useUnmapRawUser();
  const [mapping, setMapping] = useState<{ raw: RawUser; mode: 'number' | 'employee' } | null>(null);
  const items = raw.data?.items ?? [];
  if (raw.error) return <QueryError error={raw.error} onRetry={() => void raw.refetch()} />;
  return (
    <Card withBorder padding="md">
      <Text fw={600} mb={4}>
        User ids that are not numbers
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        A terminal may store an enrolment id with letters or a leading zero (A12, 007). The connector holds those records back and reports the ids here; map each one to a number or to an employee and the connector sends them by itself.
      </Text>
      {items.length ? (
        <Table aria-label="User ids that are not numbers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Terminal</Table.Th>
              <Table.Th>Id on the terminal</Table.Th>
              <Table.Th>Records waiting</Table.Th>
              <Table.Th>Sent as</Table.Th>
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
                      not mapped
                    </Text>
                  ) : (
                    <Text size="sm">
                      <Text span ff="monospace">
                        {r.terminalUserId}
                      </Text>
                      {r.employee ? ` · ${r.employee.fullName} (${r.employee.code})` : ' · nobody yet'}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    {r.terminalUserId === null ? (
                      <>
                        <Button size="xs" variant="light" leftSection={<IconHash size={14} />} onClick={() => setMapping({ raw: r, mode: 'number' })}>
                          Map to number
                        </Button>
                        <Button size="xs" leftSection={<IconUserPlus size={14} />} onClick={() => setMapping({ raw: r, mode: 'employee' })}>
                          Map to employee
                        </Button>
                      </>
                    ) : (
                      <ActionIcon variant="subtle" color="red" aria-label={`Remove mapping of ${r.rawUserId}`} onClick={() => unmap.mutate(r.id)}>
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
          None: every terminal user id is a plain number.
        </Text>
      )}
      {mapping && <MapRawDialog raw={mapping.raw} mode={mapping.mode} onClose={() => setMapping(null)} />}
    </Card>
  );
}

function Enrolment() {
  const unmatched = useUnmatched();
  const enrolments = useEnrolments();
  const remove = useDeleteEnrolment();
  const [mapping, setMapping] = useState<UnmatchedGroup | null>(null);
  return (
    <Stack gap="md">
      <RawUsers />
      <Card withBorder padding="md">
        <Text fw={600} mb={4}>
          Unmatched punches
        </Text>
        <Text size="sm" c="dimmed" mb="sm">
          Punches of terminal user ids that belong to nobody are kept here; mapping one attaches its punches and reconciles those days.
        </Text>
        {unmatched.data?.items.length ? (
          <Table aria-label="Unmatched punches">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Terminal</Table.Th>
                <Table.Th>User id</Table.Th>
                <Table.Th>Punches</Table.Th>
                <Table.Th>From – to</Table.Th>
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
                      Map to employee
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            None: every punch belongs to someone.
          </Text>
        )}
      </Card>
      <Card withBorder padding="md">
        <Text fw={600} mb={4}>
          Mappings
        </Text>
        <Text size="sm" c="dimmed" mb="sm">
          Without a mapping, a terminal user id is the employee whose biometric id it is. A terminal&apos;s own mapping wins over an organisation-wide one.
        </Text>
        <Table aria-label="Mappings">
          <Table.Tbody>
            {(enrolments.data?.items ?? []).map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td ff="monospace">{e.terminalUserId}</Table.Td>
                <Table.Td>{e.terminal?.name ?? 'Every terminal'}</Table.Td>
                <Table.Td>
                  {e.employee.fullName} ({e.employee.code})
                </Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed">
                    {e.createdByName}, {formatInstant(e.createdAt)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label={`Remove mapping ${e.terminalUserId}`} onClick={() => remove.mutate(e.id)}>
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
  const logs = useAdminLogs();
  if (logs.error) return <QueryError error={logs.error} onRetry={() => void logs.refetch()} />;
  return (
    <Paper withBorder style={{ overflow: 'hidden' }}>
      <Table aria-label="Admin logs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Terminal</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>User</Table.Th>
            <Table.Th>Admin</Table.Th>
            <Table.Th>Result</Table.Th>
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
  const [tab, setTab] = useState<string | null>('terminals');
  return (
    <>
      <PageHeader title="Terminals" description="The biometric terminals the connector reads, their state and clocks, and who each enrolled user is." />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="terminals">Terminals</Tabs.Tab>
          <Tabs.Tab value="enrolment">Unmatched &amp; mappings</Tabs.Tab>
          <Tabs.Tab value="logs">Admin logs</Tabs.Tab>
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
