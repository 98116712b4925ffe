import { useState } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useTx } from '../../i18n/language.tsx';
import { EmployeePicker } from '../../components/employee-picker.tsx';
import { ApplyLeaveForm } from './apply-page.tsx';
import { BalanceCards } from './balance-cards.tsx';
import { useBalances } from './leave-queries.ts';

/**
 * HR records leave for an employee (days already taken, someone without a
 * login): pick the employee, then the usual apply form with its live quote.
 * Notice and backdate limits do not apply; the request still goes to the
 * manager for approval.
 */
export function RecordLeavePanel() {
  const tx = useTx('hr');
  const [employeeId, setEmployeeId] = useState<string | null>(null);
  const balances = useBalances(employeeId ?? undefined, Boolean(employeeId));
  const name = balances.data?.employeeId === employeeId ? balances.data?.employeeName : undefined;
  return (
    <Stack>
      <Card withBorder padding="lg">
        <Title order={5}>{tx('leave.record.title')}</Title>
        <Text size="sm" c="dimmed" mb="sm">
          {tx('leave.record.intro')}
        </Text>
        <EmployeePicker label={tx('leave.record.employee')} withAsterisk value={employeeId} onChange={setEmployeeId} maw={420} data-testid="record-leave-employee" />
      </Card>
      {employeeId && (
        <>
          <BalanceCards balances={balances.data?.employeeId === employeeId ? balances.data : undefined} employeeId={employeeId} />
          {/* A new form per employee: nothing chosen for one person carries over to the next. */}
          <ApplyLeaveForm key={employeeId} employeeId={employeeId} {...(name ? { employeeName: name } : {})} onDone={() => setEmployeeId(null)} onCancel={() => setEmployeeId(null)} />
        </>
      )}
    </Stack>
  );
}
