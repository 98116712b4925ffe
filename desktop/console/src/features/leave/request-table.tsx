import { Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LeaveRequest } from '../../../../../shared/leave/index.ts';
import { formatDate } from '../../lib/format.ts';
import { usePhone } from '../../lib/use-phone.ts';
import { AttachmentCount, DocumentMissingBadge } from './leave-documents.tsx';
import { LeaveStatusBadge, TypeBadge, formatDays, formatSpan, leaveTypeLabel } from './leave-format.tsx';

/** Requests as rows (a list of cards on a phone, where seven columns do not fit); a click selects one. */
export function RequestTable({ rows, onSelect, showEmployee }: { rows: LeaveRequest[]; onSelect: (r: LeaveRequest) => void; showEmployee?: boolean }) {
  const phone = usePhone();
  const { t } = useTranslation('employee');
  if (phone) return <RequestCards rows={rows} onSelect={onSelect} showEmployee={showEmployee} />;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label={t('leave.table.label')}>
        <Table.Thead>
          <Table.Tr>
            {showEmployee && <Table.Th>{t('leave.table.employee')}</Table.Th>}
            <Table.Th>{t('leave.table.type')}</Table.Th>
            <Table.Th>{t('leave.table.dates')}</Table.Th>
            <Table.Th>{t('leave.table.days')}</Table.Th>
            <Table.Th>{t('leave.table.status')}</Table.Th>
            <Table.Th>{t('leave.table.note')}</Table.Th>
            <Table.Th>{t('leave.table.applied')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id} onClick={() => onSelect(r)} style={{ cursor: 'pointer' }} data-testid="leave-row">
              {showEmployee && <Table.Td>{r.employeeName}</Table.Td>}
              <Table.Td>
                <TypeBadge code={r.leaveTypeCode} tone={r.colorTone} name={leaveTypeLabel(r.leaveTypeCode, r.leaveTypeName)} />
              </Table.Td>
              <Table.Td>
                <UnstyledButton onClick={() => onSelect(r)} fz="sm" fw={500}>
                  {formatSpan(r.fromDate, r.toDate, r.duration)}
                </UnstyledButton>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDays(r.workingDays)}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="wrap">
                  <LeaveStatusBadge request={r} />
                  <DocumentMissingBadge request={r} />
                  <AttachmentCount request={r} />
                </Group>
              </Table.Td>
              <Table.Td maw={280}>
                <Text size="sm" lineClamp={2} data-testid="leave-note">
                  {r.decisionNote ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(r.createdAt.slice(0, 10))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RequestCards({ rows, onSelect, showEmployee }: { rows: LeaveRequest[]; onSelect: (r: LeaveRequest) => void; showEmployee?: boolean | undefined }) {
  const { t } = useTranslation('employee');
  return (
    <Stack gap="xs" aria-label={t('leave.table.label')} role="list">
      {rows.map((r) => (
        <UnstyledButton key={r.id} onClick={() => onSelect(r)} role="listitem" data-testid="leave-row">
          <Paper withBorder p="sm">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                {showEmployee && (
                  <Text size="sm" fw={600} truncate>
                    {r.employeeName}
                  </Text>
                )}
                <Text size="sm" fw={500}>
                  {formatSpan(r.fromDate, r.toDate, r.duration)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('leave.table.appliedOn', { days: formatDays(r.workingDays), date: formatDate(r.createdAt.slice(0, 10)) })}
                </Text>
              </div>
              <TypeBadge code={r.leaveTypeCode} tone={r.colorTone} name={leaveTypeLabel(r.leaveTypeCode, r.leaveTypeName)} />
            </Group>
            <Group gap={6} wrap="wrap" mt={6}>
              <LeaveStatusBadge request={r} />
              <DocumentMissingBadge request={r} />
              <AttachmentCount request={r} />
            </Group>
            {r.decisionNote && (
              <Text size="sm" mt={6} lineClamp={2} data-testid="leave-note">
                {r.decisionNote}
              </Text>
            )}
          </Paper>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
