import { useState } from 'react';
import { Badge, Drawer, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { LeaveBalance, LeaveBalances } from '../../../../../shared/leave/index.ts';
import { QueryError } from '../../components/query-error.tsx';
import { formatDate, humanize } from '../../lib/format.ts';
import { TONE_COLOR, TypeBadge, formatDays } from './leave-format.tsx';
import { useLedger } from './leave-queries.ts';
import { LEDGER_KIND_LABELS } from '../../../../../shared/labels.ts';

/** One card per leave type; a click opens the ledger behind the balance. */
export function BalanceCards({ balances, employeeId }: { balances: LeaveBalances | undefined; employeeId?: string }) {
  const [open, setOpen] = useState<LeaveBalance | null>(null);
  if (!balances) {
    return (
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={110} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }}>
        {balances.items.map((b) => (
          <UnstyledButton key={b.leaveType.id} onClick={() => setOpen(b)} aria-label={`${b.leaveType.name} ledger`}>
            <Paper withBorder p="md" radius="md" h="100%" data-testid={`balance-${b.leaveType.code}`} style={{ borderTop: `3px solid var(--mantine-color-${TONE_COLOR[b.leaveType.colorTone]}-5)` }}>
              <Group justify="space-between" align="flex-start" gap={6} wrap="nowrap">
                <Text size="xs" c="dimmed" tt="uppercase" fw={700} lineClamp={2}>
                  {b.leaveType.name}
                </Text>
                <TypeBadge code={b.leaveType.code} tone={b.leaveType.colorTone} />
              </Group>
              <Text fw={700} fz={28} lh={1.3} data-testid="balance-available">
                {b.entitled ? b.available : -b.balance}
              </Text>
              <Text size="xs" c="dimmed">
                {b.entitled
                  ? `available · ${b.pending ? `${formatDays(b.pending)} pending · ` : ''}${formatDays(b.usedThisYear)} used this year`
                  : `${formatDays(-b.balance)} taken this year${b.pending ? ` · ${formatDays(b.pending)} pending` : ''}`}
              </Text>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Drawer opened={open !== null} onClose={() => setOpen(null)} position="right" size="lg" title={open ? `${open.leaveType.name}: ledger` : ''}>
        {open && <LedgerView leaveTypeId={open.leaveType.id} {...(employeeId ? { employeeId } : {})} />}
      </Drawer>
    </>
  );
}

/** The entries of the current leave year with the opening and closing balance. */
function LedgerView({ leaveTypeId, employeeId }: { leaveTypeId: string; employeeId?: string }) {
  const ledger = useLedger(leaveTypeId, employeeId);
  if (ledger.error) return <QueryError error={ledger.error} onRetry={() => void ledger.refetch()} />;
  if (!ledger.data) return <Skeleton height={200} />;
  const l = ledger.data;
  return (
    <Stack gap="sm" data-testid="ledger">
      <Text size="sm" c="dimmed">
        Leave year {formatDate(l.yearStart)} – {formatDate(l.yearEnd)}. The balance is the sum of these entries; nothing is ever edited.
      </Text>
      <Table aria-label="Ledger entries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Entry</Table.Th>
            <Table.Th ta="right">Days</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>{formatDate(l.yearStart)}</Table.Td>
            <Table.Td>
              <Text size="sm" c="dimmed">
                Opening balance
              </Text>
            </Table.Td>
            <Table.Td ta="right">{l.opening}</Table.Td>
          </Table.Tr>
          {l.entries.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(e.effectiveDate)}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <Badge size="xs" variant="light" color={e.days >= 0 ? 'teal' : 'red'}>
                    {LEDGER_KIND_LABELS[e.kind]}
                  </Badge>
                  <div>
                    <Text size="sm">{e.reason}</Text>
                    <Text size="xs" c="dimmed">
                      by {e.actorName}
                      {e.expiresOn ? ` · usable until ${formatDate(e.expiresOn)}` : ''}
                    </Text>
                  </div>
                </Group>
              </Table.Td>
              <Table.Td ta="right" fw={600} c={e.days >= 0 ? 'teal' : 'red'}>
                {e.days > 0 ? `+${e.days}` : e.days}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td />
            <Table.Td fw={700}>Closing balance</Table.Td>
            <Table.Td ta="right" fw={700}>
              {l.closing}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {l.balance !== l.closing && (
        <Text size="xs" c="dimmed">
          Balance including later years: {l.balance}
        </Text>
      )}
    </Stack>
  );
}
