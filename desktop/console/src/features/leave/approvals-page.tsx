import { useState } from 'react';
import { Badge, Button, EmptyState, Grid, Group, Pagination, Paper, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCalendarPlus, IconChecklist, IconClick } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import type { LeaveRequest } from '../../../../../shared/leave/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { formatRelative } from '../../lib/format.ts';
import { useCan } from '../../session/session-context.tsx';
import { AttachmentCount, DocumentMissingBadge } from './leave-documents.tsx';
import { LOAD_COLOR, LeaveStatusBadge, TypeBadge, formatDays, formatSpan } from './leave-format.tsx';
import { useLeaveRequest, useLeaveRequests } from './leave-queries.ts';
import { RequestDetail } from './request-detail.tsx';

const PAGE_SIZE = 25;

/** The approvals inbox: requests waiting for me on the left, the chosen one with its context on the right. */
export function ApprovalsPage() {
  const can = useCan();
  const [search, setSearch] = useSearchParams();
  const view = search.get('view') === 'all' ? 'all' : 'mine';
  const selected = search.get('request');
  const [page, setPage] = useState(1);
  const list = useLeaveRequests(view === 'mine' ? { toApprove: true, sort: 'fromDate', order: 'asc', page, pageSize: PAGE_SIZE } : { page, pageSize: PAGE_SIZE });
  const detail = useLeaveRequest(selected);
  const select = (id: string | null) => {
    const next = new URLSearchParams(search);
    if (id) next.set('request', id);
    else next.delete('request');
    setSearch(next, { replace: true });
  };

  return (
    <>
      <PageHeader
        title="Leave approvals"
        description={list.data ? `${list.data.pending.toApprove} waiting for you · ${list.data.pending.pendingManager} at the manager stage · ${list.data.pending.pendingHr} at the HR stage` : 'Requests waiting for your decision.'}
        actions={
          <Group gap="sm">
            {can('leave:hr-approve') && can('leave:manage') && (
              <Button component={Link} to="/leave/settings?tab=record" variant="default" leftSection={<IconCalendarPlus size={16} />}>
                Record leave for an employee
              </Button>
            )}
            <SegmentedControl
              value={view}
              onChange={(v) => {
                setPage(1);
                setSearch(v === 'all' ? { view: 'all' } : {}, { replace: true });
              }}
              data={[
                { value: 'mine', label: 'Waiting for me' },
                { value: 'all', label: 'All requests' },
              ]}
            />
          </Group>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          {list.error && !list.data ? (
            <QueryError error={list.error} onRetry={() => void list.refetch()} />
          ) : !list.data ? (
            <TableSkeleton rows={6} />
          ) : list.data.items.length === 0 ? (
            <Paper withBorder>
              <EmptyState py="xl" icon={<IconChecklist />} title="Nothing waiting" description="New requests from your team show here." />
            </Paper>
          ) : (
            <Stack gap="xs" data-testid="approval-list">
              {list.data.items.map((r) => (
                <InboxItem key={r.id} request={r} active={r.id === selected} onClick={() => select(r.id)} />
              ))}
              {list.data.total > PAGE_SIZE && <Pagination total={Math.ceil(list.data.total / PAGE_SIZE)} value={page} onChange={setPage} size="sm" />}
            </Stack>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {!selected ? (
            <Paper withBorder>
              <EmptyState py="xl" icon={<IconClick />} title="Pick a request" description="Its dates, who else is away and its timeline show here." />
            </Paper>
          ) : detail.error ? (
            <QueryError error={detail.error} />
          ) : detail.data ? (
            <RequestDetail request={detail.data} />
          ) : (
            <TableSkeleton rows={6} />
          )}
        </Grid.Col>
      </Grid>
    </>
  );
}

function InboxItem({ request: r, active, onClick }: { request: LeaveRequest; active: boolean; onClick: () => void }) {
  return (
    <UnstyledButton onClick={onClick} data-testid="approval-item" aria-current={active ? 'true' : undefined}>
      <Paper withBorder p="sm" style={{ borderColor: active ? 'var(--mantine-color-indigo-5)' : undefined, background: active ? 'var(--mantine-color-indigo-0)' : undefined }}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Group gap={6}>
              <Text fw={600} size="sm">
                {r.employeeName}
              </Text>
              <TypeBadge code={r.leaveTypeCode} tone={r.colorTone} name={r.leaveTypeName} />
            </Group>
            <Text size="sm">
              {formatSpan(r.fromDate, r.toDate, r.duration)} · {formatDays(r.workingDays)}
            </Text>
            <Text size="xs" c="dimmed">
              applied {formatRelative(r.createdAt)}
            </Text>
          </div>
          <Stack gap={4} align="flex-end">
            <LeaveStatusBadge request={r} />
            <DocumentMissingBadge request={r} />
            <AttachmentCount request={r} />
            <Badge size="xs" variant="dot" color={LOAD_COLOR[r.context.load]}>
              {r.context.peakTeamOnLeave}/{r.context.teamSize} away
            </Badge>
          </Stack>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}
