import { useState } from 'react';
import { Badge, Button, EmptyState, Grid, Group, Pagination, Paper, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconCalendarPlus, IconChecklist, IconClick } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { LeaveRequest } from '../../../../../shared/leave/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { formatRelative } from '../../lib/format.ts';
import { usePhone } from '../../lib/use-phone.ts';
import { useCan } from '../../session/session-context.tsx';
import { AttachmentCount, DocumentMissingBadge } from './leave-documents.tsx';
import { LOAD_COLOR, LeaveStatusBadge, TypeBadge, formatDays, formatSpan } from './leave-format.tsx';
import { useLeaveRequest, useLeaveRequests } from './leave-queries.ts';
import { RequestDetail } from './request-detail.tsx';

const PAGE_SIZE = 25;

/**
 * The approvals inbox: requests waiting for me on the left, the chosen one with its context on the right. On a
 * phone, one at a time: the list, or the chosen request with a way back (the phone's Back button too).
 */
export function ApprovalsPage() {
  const { t } = useTranslation('manager');
  const can = useCan();
  const phone = usePhone();
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
    setSearch(next, { replace: !phone });
    // On a phone the request replaces the list: start it at the top.
    if (phone) window.scrollTo({ top: 0 });
  };

  return (
    <>
      <PageHeader
        title={t('approvals.title')}
        description={list.data ? t('approvals.counts', { toApprove: list.data.pending.toApprove, manager: list.data.pending.pendingManager, hr: list.data.pending.pendingHr }) : t('approvals.description')}
        actions={
          <Group gap="sm">
            {can('leave:hr-approve') && can('leave:manage') && (
              <Button component={Link} to="/leave/settings?tab=record" variant="default" leftSection={<IconCalendarPlus size={16} />}>
                {t('approvals.recordLeave')}
              </Button>
            )}
            <SegmentedControl
              // On a phone it takes the row and shares it equally, whatever the language's words.
              fullWidth={phone}
              value={view}
              onChange={(v) => {
                setPage(1);
                setSearch(v === 'all' ? { view: 'all' } : {}, { replace: true });
              }}
              data={[
                { value: 'mine', label: t('approvals.waitingForMe') },
                { value: 'all', label: t('approvals.all') },
              ]}
            />
          </Group>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }} display={phone && selected ? 'none' : undefined}>
          {list.error && !list.data ? (
            <QueryError error={list.error} onRetry={() => void list.refetch()} />
          ) : !list.data ? (
            <TableSkeleton rows={6} />
          ) : list.data.items.length === 0 ? (
            <Paper withBorder>
              <EmptyState py="xl" icon={<IconChecklist />} title={t('approvals.nothingWaiting')} description={t('approvals.newShowHere')} />
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
        <Grid.Col span={{ base: 12, md: 7 }} display={phone && !selected ? 'none' : undefined}>
          {phone && selected && (
            <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} mb="xs" px={4} onClick={() => select(null)}>
              {t('approvals.back')}
            </Button>
          )}
          {!selected ? (
            <Paper withBorder>
              <EmptyState py="xl" icon={<IconClick />} title={t('approvals.pick')} description={t('approvals.pickDescription')} />
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
  const { t } = useTranslation('manager');
  const phone = usePhone();
  return (
    <UnstyledButton onClick={onClick} data-testid="approval-item" aria-current={active ? 'true' : undefined}>
      <Paper withBorder p="sm" style={{ borderColor: active ? 'var(--mantine-color-indigo-5)' : undefined, background: active ? 'var(--mantine-color-indigo-0)' : undefined }}>
        {/* On a phone the badges go under the request, where they have the card's whole width. */}
        <Group justify="space-between" wrap={phone ? 'wrap' : 'nowrap'} align="flex-start" gap={phone ? 6 : 'md'}>
          <div style={phone ? { flexBasis: '100%' } : undefined}>
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
              {t('approvals.applied', { when: formatRelative(r.createdAt) })}
            </Text>
          </div>
          {phone ? (
            <Group gap={4} wrap="wrap">
              <InboxBadges request={r} />
            </Group>
          ) : (
            <Stack gap={4} align="flex-end">
              <InboxBadges request={r} />
            </Stack>
          )}
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

function InboxBadges({ request: r }: { request: LeaveRequest }) {
  const { t } = useTranslation('manager');
  return (
    <>
      <LeaveStatusBadge request={r} />
      <DocumentMissingBadge request={r} />
      <AttachmentCount request={r} />
      <Badge size="xs" variant="dot" color={LOAD_COLOR[r.context.load]}>
        {t('approvals.away', { away: r.context.peakTeamOnLeave, size: r.context.teamSize })}
      </Badge>
    </>
  );
}
