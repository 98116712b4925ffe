import { useState } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';
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
  const [employeeId, setEmployeeId] = useState<string | null>(null);
  const balances = useBalances(employeeId ?? undefined, Boolean(employeeId));
  const name = balances.data?.employeeId === employeeId ? balances.data?.employeeName : undefined;
  return (
    <Stack>
      <Card withBorder padding="lg">
        <Title order={5}>Record leave for an employee</Title>
        <Text size="sm" c="dimmed" mb="sm">
          For leave already taken or someone who cannot apply: the notice period and backdate limit do not apply; balance, overlap, frozen days and the other rules do. The request then waits for the manager's approval as usual, and the employee is told.
        </Text>
        <EmployeePicker label="Employee" withAsterisk value={employeeId} onChange={setEmployeeId} maw={420} data-testid="record-leave-employee" />
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
