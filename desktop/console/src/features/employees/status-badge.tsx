import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/i18n.ts';
import type { EmployeeStatus } from '../../../../../shared/employees.ts';

const COLORS: Record<EmployeeStatus, string> = { Active: 'teal', OnNotice: 'orange', Exited: 'gray' };

/** The status in the reader's language (the `labels` catalogue, whose English is `EMPLOYEE_STATUS_LABELS`). */
export function statusLabel(status: EmployeeStatus): string {
  return i18n.t(`labels:employeeStatus.${status}`);
}

/** An employee's status as a coloured pill. */
export function StatusBadge({ status }: { status: EmployeeStatus }) {
  // Subscribed, so the badge follows a change of language at once.
  const { t } = useTranslation('labels');
  return (
    <Badge color={COLORS[status]} variant="light" radius="sm" style={{ minWidth: 'max-content', flexShrink: 0 }}>
      {t(`employeeStatus.${status}`)}
    </Badge>
  );
}
