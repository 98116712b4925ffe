import { Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { LeaveRequest } from '../../../../../shared/leave/index.ts';
import { DetailCard } from '../../components/detail-list.tsx';
import { formatInstant } from '../../lib/format.ts';
import { DecisionPanel } from './decision-panel.tsx';
import { DocumentMissingBadge, SupportingDocuments } from './leave-documents.tsx';
import { LeaveStatusBadge, TypeBadge, formatDays, formatSpan } from './leave-format.tsx';
import { RequestTimeline } from './request-timeline.tsx';
import { ContextChart } from './team-load.tsx';

/** Everything about one request: facts, who else is away, the timeline, and the actions allowed. */
export function RequestDetail({ request: r, onDone, showContext = true }: { request: LeaveRequest; onDone?: (r: LeaveRequest) => void; showContext?: boolean }) {
  return (
    <Stack gap="md" data-testid="leave-request-detail">
      <Card withBorder padding="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={4}>{r.employeeName}</Title>
            <Text size="sm" c="dimmed">
              {r.employeeCode} · {r.enteredByName ? `recorded by ${r.enteredByName} (HR)` : 'applied'} {formatInstant(r.createdAt)}
            </Text>
          </div>
          <LeaveStatusBadge request={r} />
        </Group>
        <Group gap="xs" mt="md">
          <TypeBadge code={r.leaveTypeCode} tone={r.colorTone} name={r.leaveTypeName} />
          <Text fw={600}>
            {r.leaveTypeName}: {formatSpan(r.fromDate, r.toDate, r.duration)}
          </Text>
          <Text c="dimmed">· {formatDays(r.workingDays)}</Text>
        </Group>
        {r.documentMissing && (
          <Group mt="sm">
            <DocumentMissingBadge request={r} size="sm" />
          </Group>
        )}
      </Card>
      <DetailCard
        title="Details"
        details={[
          { label: 'Reason', value: r.reason ?? '—' },
          { label: 'Backup', value: r.backupName ?? '—' },
          { label: 'Balance after', value: formatDays(r.balanceAfter) },
          { label: 'HR approval', value: r.requiresHrApproval ? 'Required' : 'Not required' },
          { label: 'Taken this year', value: `${formatDays(r.context.priorSameType)} of ${r.leaveTypeCode} before this` },
          ...(r.decisionNote ? [{ label: 'Decision note', value: r.decisionNote }] : []),
        ]}
      />
      <SupportingDocuments request={r} />
      {showContext && <ContextChart context={r.context} />}
      <Card withBorder padding="lg">
        <Title order={5} mb="sm">
          Timeline
        </Title>
        <RequestTimeline entries={r.timeline} />
        <Divider my="md" />
        <DecisionPanel request={r} {...(onDone ? { onDone } : {})} />
      </Card>
    </Stack>
  );
}
