import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import type { LeaveRequest } from '../../../../../shared/leave/index.ts';
import { formatDate } from '../../lib/format.ts';
import { AttachmentCount, DocumentMissingBadge } from './leave-documents.tsx';
import { LeaveStatusBadge, TypeBadge, formatDays, formatSpan } from './leave-format.tsx';

/** Requests as rows; a click selects one. */
export function RequestTable({ rows, onSelect, showEmployee }: { rows: LeaveRequest[]; onSelect: (r: LeaveRequest) => void; showEmployee?: boolean }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="Leave requests">
        <Table.Thead>
          <Table.Tr>
            {showEmployee && <Table.Th>Employee</Table.Th>}
            <Table.Th>Type</Table.Th>
            <Table.Th>Dates</Table.Th>
            <Table.Th>Days</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Note</Table.Th>
            <Table.Th>Applied</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id} onClick={() => onSelect(r)} style={{ cursor: 'pointer' }} data-testid="leave-row">
              {showEmployee && <Table.Td>{r.employeeName}</Table.Td>}
              <Table.Td>
                <TypeBadge code={r.leaveTypeCode} tone={r.colorTone} name={r.leaveTypeName} />
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
