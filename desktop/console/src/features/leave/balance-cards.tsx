import { useState } from 'react';
import { Badge, Drawer, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LeaveBalance, LeaveBalances } from '../../../../../shared/leave/index.ts';
import { QueryError } from '../../components/query-error.tsx';
import { formatDate } from '../../lib/format.ts';
import { TONE_COLOR, TypeBadge, formatDays, leaveTypeLabel } from './leave-format.tsx';
import { useLedger } from './leave-queries.ts';

/** One card per leave type; a click opens the ledger behind the balance. */
export function BalanceCards({ balances, employeeId }: { balances: LeaveBalances | undefined; employeeId?: string }) {
  const [open, setOpen] = useState<LeaveBalance | null>(null);
  const { t } = useTranslation('employee');
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
          <UnstyledButton key={b.leaveType.id} onClick={() => setOpen(b)} aria-label={t('leave.balance.ledgerOf', { type: leaveTypeLabel(b.leaveType.code, b.leaveType.name) })}>
            <Paper withBorder p="md" radius="md" h="100%" data-testid={`balance-${b.leaveType.code}`} style={{ borderTop: `3px solid var(--mantine-color-${TONE_COLOR[b.leaveType.colorTone]}-5)` }}>
              <Group justify="space-between" align="flex-start" gap={6} wrap="nowrap">
                {/* A long word (Tamil's "loss of pay") breaks rather than being cut off beside the badge. */}
                <Text size="xs" c="dimmed" tt="uppercase" fw={700} lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                  {leaveTypeLabel(b.leaveType.code, b.leaveType.name)}
                </Text>
                <TypeBadge code={b.leaveType.code} tone={b.leaveType.colorTone} />
              </Group>
              <Text fw={700} fz={28} lh={1.3} data-testid="balance-available">
                {b.entitled ? b.available : -b.balance}
              </Text>
              <Text size="xs" c="dimmed">
                {(b.entitled
                  ? [t('leave.balance.available'), b.pending ? t('leave.balance.pending', { days: formatDays(b.pending) }) : null, t('leave.balance.used', { days: formatDays(b.usedThisYear) })]
                  : [t('leave.balance.taken', { days: formatDays(-b.balance) }), b.pending ? t('leave.balance.pending', { days: formatDays(b.pending) }) : null]
                )
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Drawer opened={open !== null} onClose={() => setOpen(null)} position="right" size="lg" title={open ? t('leave.balance.ledger', { type: leaveTypeLabel(open.leaveType.code, open.leaveType.name) }) : ''}>
        {open && <LedgerView leaveTypeId={open.leaveType.id} {...(employeeId ? { employeeId } : {})} />}
      </Drawer>
    </>
  );
}

/** The entries of the current leave year with the opening and closing balance. */
function LedgerView({ leaveTypeId, employeeId }: { leaveTypeId: string; employeeId?: string }) {
  const ledger = useLedger(leaveTypeId, employeeId);
  const { t } = useTranslation('employee');
  if (ledger.error) return <QueryError error={ledger.error} onRetry={() => void ledger.refetch()} />;
  if (!ledger.data) return <Skeleton height={200} />;
  const l = ledger.data;
  return (
    <Stack gap="sm" data-testid="ledger">
      <Text size="sm" c="dimmed">
        {t('leave.balance.ledgerIntro', { from: formatDate(l.yearStart), to: formatDate(l.yearEnd) })}
      </Text>
      <Table aria-label={t('leave.balance.ledgerLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('leave.balance.date')}</Table.Th>
            <Table.Th>{t('leave.balance.entry')}</Table.Th>
            <Table.Th ta="right">{t('leave.balance.days')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>{formatDate(l.yearStart)}</Table.Td>
            <Table.Td>
              <Text size="sm" c="dimmed">
                {t('leave.balance.opening')}
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
                    {t(`labels:ledgerKind.${e.kind}`)}
                  </Badge>
                  <div>
                    <Text size="sm">{e.reason}</Text>
                    <Text size="xs" c="dimmed">
                      {e.expiresOn ? t('leave.balance.byUntil', { name: e.actorName, date: formatDate(e.expiresOn) }) : t('leave.balance.by', { name: e.actorName })}
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
            <Table.Td fw={700}>{t('leave.balance.closing')}</Table.Td>
            <Table.Td ta="right" fw={700}>
              {l.closing}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {l.balance !== l.closing && (
        <Text size="xs" c="dimmed">
          {t('leave.balance.later', { balance: l.balance })}
        </Text>
      )}
    </Stack>
  );
}
