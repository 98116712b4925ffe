import { Badge } from '@mantine/core';
import type { EmployeeStatus } from '../../../../../shared/employees.ts';
import { EMPLOYEE_STATUS_LABELS } from '../../../../../shared/labels.ts';

const COLORS: Record<EmployeeStatus, string> = { Active: 'teal', OnNotice: 'orange', Exited: 'gray' };
const LABELS = EMPLOYEE_STATUS_LABELS;

export function statusLabel(status: EmployeeStatus): string {
  return LABELS[status];
}

/** An employee's status as a coloured pill. */
export function StatusBadge({ status }: { status: EmployeeStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" radius="sm" style={{ minWidth: 'max-content', flexShrink: 0 }}>
      {LABELS[status]}
    </Badge>
  );
}
