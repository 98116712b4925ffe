import { useState } from 'react';
import { Button, Drawer, EmptyState, Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBeach, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LeaveRequest } from '../../../../../shared/leave/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { useCan } from '../../session/session-context.tsx';
import { BalanceCards } from './balance-cards.tsx';
import { useBalances, useLeaveRequest, useLeaveRequests } from './leave-queries.ts';
import { RequestDetail } from './request-detail.tsx';
import { RequestTable } from './request-table.tsx';

const PAGE_SIZE = 20;

/** The employee's own leave: balances with their ledgers, and their requests. */
export function MyLeavePage() {
  const can = useCan();
  const { t } = useTranslation('employee');
  const balances = useBalances();
  const [page, setPage] = useState(1);
  const list = useLeaveRequests({ mine: true, page, pageSize: PAGE_SIZE });
  const [selected, setSelected] = useState<string | null>(null);
  const detail = useLeaveRequest(selected);

  return (
    <>
      <PageHeader
        title={t('leave.myTitle')}
        description={balances.data ? t('leave.myDescriptionYear', { from: balances.data.yearStart.slice(0, 4), to: balances.data.yearEnd.slice(2, 4) }) : t('leave.myDescription')}
        actions={
          can('leave:apply') && (
            <Button component={Link} to="/leave/apply" leftSection={<IconPlus size={16} />}>
              {t('leave.apply')}
            </Button>
          )
        }
      />
      <Stack gap="lg">
        {balances.error ? <QueryError error={balances.error} onRetry={() => void balances.refetch()} /> : <BalanceCards balances={balances.data} />}
        <div>
          <Group justify="space-between" mb="xs">
            <Title order={4}>{t('leave.myRequests')}</Title>
            {list.data && list.data.pending.mine > 0 && (
              <Text size="sm" c="dimmed">
                {t('leave.waiting', { count: list.data.pending.mine })}
              </Text>
            )}
          </Group>
          {list.error && !list.data ? (
            <QueryError error={list.error} onRetry={() => void list.refetch()} />
          ) : (
            <Paper withBorder style={{ overflow: 'hidden' }}>
              {!list.data ? (
                <TableSkeleton rows={4} />
              ) : list.data.items.length === 0 ? (
                <EmptyState py="xl" icon={<IconBeach />} title={t('leave.noneTitle')} description={t('leave.noneDescription')} />
              ) : (
                <RequestTable rows={list.data.items} onSelect={(r: LeaveRequest) => setSelected(r.id)} />
              )}
            </Paper>
          )}
          {list.data && list.data.total > PAGE_SIZE && (
            <Group justify="flex-end" mt="sm">
              <Pagination total={Math.ceil(list.data.total / PAGE_SIZE)} value={page} onChange={setPage} size="sm" />
            </Group>
          )}
        </div>
      </Stack>
      <Drawer opened={selected !== null} onClose={() => setSelected(null)} position="right" size="xl" title={t('leave.requestTitle')}>
        {detail.error ? <QueryError error={detail.error} /> : detail.data ? <RequestDetail request={detail.data} showContext={false} /> : <TableSkeleton rows={4} />}
      </Drawer>
    </>
  );
}
