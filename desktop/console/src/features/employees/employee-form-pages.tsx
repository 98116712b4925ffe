import { Skeleton, Stack } from '@mantine/core';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { EmployeeCreate, EmployeeUpdate, type Employee } from '../../../../../shared/employees.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useTx } from '../../i18n/language.tsx';
import { notifySuccess } from '../../lib/notify.ts';
import { EmployeeForm } from './employee-form.tsx';
import { createPayload, emptyEmployeeValues, employeeToValues, updatePayload } from './employee-form-values.ts';
import { useCreateEmployee, useEmployee, useUpdateEmployee } from './employee-queries.ts';

/** Adds an employee, then opens their profile. */
export function EmployeeCreatePage() {
  const navigate = useNavigate();
  const create = useCreateEmployee();
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const initialValues = useMemo(() => emptyEmployeeValues(dayjs().format('YYYY-MM-DD')), []);

  return (
    <>
      <PageHeader title={tx('people.create.title')} documentTitle={t('people.create.title')} description={tx('people.create.description')} />
      <EmployeeForm
        initialValues={initialValues}
        toPayload={createPayload}
        schema={EmployeeCreate}
        submitLabel={tx('people.create.submit')}
        submitting={create.isPending}
        onSubmit={async (payload) => {
          const employee = await create.mutateAsync(EmployeeCreate.parse(payload));
          notifySuccess(t('people.create.done', { name: employee.fullName }));
          void navigate(`/employees/${employee.id}`, { replace: true });
        }}
        onCancel={() => void navigate('/employees')}
      />
    </>
  );
}

/** Edits an employee; only changed fields are sent. */
export function EmployeeEditPage() {
  const { id = '' } = useParams();
  const employee = useEmployee(id);

  if (employee.error) return <QueryError error={employee.error} onRetry={() => void employee.refetch()} />;
  if (!employee.data) {
    return (
      <Stack>
        <Skeleton height={40} width={300} />
        <Skeleton height={260} />
        <Skeleton height={260} />
      </Stack>
    );
  }
  return <EditEmployee key={employee.data.id} employee={employee.data} />;
}

function EditEmployee({ employee }: { employee: Employee }) {
  const navigate = useNavigate();
  const update = useUpdateEmployee(employee.id);
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  // Captured once: later refetches must not reset what the user is typing.
  const [initialValues] = useState(() => employeeToValues(employee));

  return (
    <>
      <PageHeader
        title={tx('people.edit.title', { name: employee.fullName })}
        documentTitle={t('people.edit.title', { name: employee.fullName })}
        description={tx('people.edit.description', { code: employee.code })}
      />
      <EmployeeForm
        initialValues={initialValues}
        toPayload={(values, withSensitive) => updatePayload(initialValues, values, withSensitive)}
        schema={EmployeeUpdate}
        submitLabel={tx('people.edit.submit')}
        submitting={update.isPending}
        employeeId={employee.id}
        currentManager={employee.manager}
        onSubmit={async (payload) => {
          await update.mutateAsync(EmployeeUpdate.parse(payload));
          notifySuccess(t('people.edit.done'));
          void navigate(`/employees/${employee.id}`);
        }}
        onCancel={() => void navigate(`/employees/${employee.id}`)}
      />
    </>
  );
}
