import { Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LeaveRequest } from '../../../../../shared/leave/index.ts';
import { DetailCard } from '../../components/detail-list.tsx';
import { formatInstant } from '../../lib/format.ts';
import { DecisionPanel } from './decision-panel.tsx';
import { DocumentMissingBadge, SupportingDocuments } from './leave-documents.tsx';
import { LeaveStatusBadge, TypeBadge, formatDays, formatSpan, leaveTypeLabel } from './leave-format.tsx';
import { RequestTimeline } from './request-timeline.tsx';
import { ContextChart } from './team-load.tsx';

/** Everything about one request: facts, who else is away, the timeline, and the actions allowed. */
export function RequestDetail({ request: r, onDone, showContext = true }: { request: LeaveRequest; onDone?: (r: LeaveRequest) => void; showContext?: boolean }) {
  const { t } = useTranslation('employee');
  const typeName = leaveTypeLabel(r.leaveTypeCode, r.leaveTypeName);
  return (
    <Stack gap="md" data-testid="leave-request-detail">
      <Card withBorder padding="lg">
        {/* Wraps on a phone: the status goes under the name rather than squeezing it into a column. */}
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={4}>{r.employeeName}</Title>
            <Text size="sm" c="dimmed">
              {r.enteredByName
                ? t('leave.detail.recordedBy', { code: r.employeeCode, name: r.enteredByName, when: formatInstant(r.createdAt) })
                : t('leave.detail.applied', { code: r.employeeCode, when: formatInstant(r.createdAt) })}
            </Text>
          </div>
          <LeaveStatusBadge request={r} />
        </Group>
        <Group gap="xs" mt="md" wrap="nowrap" align="flex-start">
          <TypeBadge code={r.leaveTypeCode} tone={r.colorTone} name={typeName} />
          <Text fw={600}>
            {typeName}: {formatSpan(r.fromDate, r.toDate, r.duration)}{' '}
            <Text span c="dimmed" fw={400}>
              · {formatDays(r.workingDays)}
            </Text>
          </Text>
        </Group>
        {r.documentMissing && (
          <Group mt="sm">
            <DocumentMissingBadge request={r} size="sm" />
          </Group>
        )}
      </Card>
      <DetailCard
        title={t('leave.detail.title')}
        details={[
          { label: t('leave.detail.reason'), value: r.reason ?? '—' },
          { label: t('leave.detail.backup'), value: r.backupName ?? '—' },
          { label: t('leave.detail.balanceAfter'), value: formatDays(r.balanceAfter) },
          { label: t('leave.detail.hrApproval'), value: r.requiresHrApproval ? t('leave.detail.required') : t('leave.detail.notRequired') },
          { label: t('leave.detail.takenThisYear'), value: t('leave.detail.takenBefore', { days: formatDays(r.context.priorSameType), code: r.leaveTypeCode }) },
          ...(r.decisionNote ? [{ label: t('leave.detail.decisionNote'), value: r.decisionNote }] : []),
        ]}
      />
      <SupportingDocuments request={r} />
      {showContext && <ContextChart context={r.context} />}
      <Card withBorder padding="lg">
        <Title order={5} mb="sm">
          {t('leave.detail.timeline')}
        </Title>
        <RequestTimeline entries={r.timeline} />
        <Divider my="md" />
        <DecisionPanel request={r} {...(onDone ? { onDone } : {})} />
      </Card>
    </Stack>
  );
}
