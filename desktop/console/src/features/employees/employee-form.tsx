import { Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { ManagerRef } from '../../../../../shared/employees.ts';
import { EmployeePicker } from '../../components/employee-picker.tsx';
import { applyServerErrors, zodFormErrors } from '../../lib/form-errors.ts';
import { notifyError, notifyInfo } from '../../lib/notify.ts';
import { useCan } from '../../session/session-context.tsx';
import { useDepartments, useDesignations, useLocations, useShifts } from '../settings/org-queries.ts';
import { FORM_FIELDS, type EmployeeFormValues } from './employee-form-values.ts';

interface EmployeeFormProps {
  initialValues: EmployeeFormValues;
  /** Builds the request body from the values; it is checked with `schema` before sending. */
  toPayload: (values: EmployeeFormValues, withSensitive: boolean) => Record<string, unknown>;
  schema: z.ZodType;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (payload: Record<string, unknown>) => Promise<unknown>;
  onCancel: () => void;
  /** The employee being edited: excluded from the manager choices. */
  employeeId?: string;
  currentManager?: z.infer<typeof ManagerRef> | null;
}

const EMPLOYMENT_TYPES = [
  { value: 'FullTime', label: 'Full time' },
  { value: 'PartTime', label: 'Part time' },
  { value: 'Contract', label: 'Contract' },
  { value: 'Intern', label: 'Intern' },
];
const GENDERS = [
  { value: 'Female', label: 'Female' },
  { value: 'Male', label: 'Male' },
  { value: 'Other', label: 'Other' },
  { value: 'Undisclosed', label: 'Prefer not to say' },
];

/** Create and edit share this form; inline checks come from the shared zod schema, server errors land on their fields. */
export function EmployeeForm(props: EmployeeFormProps) {
  const { initialValues, toPayload, schema, submitLabel, submitting, onSubmit, onCancel, employeeId, currentManager } = props;
  const can = useCan();
  const withSensitive = can('employee:sensitive');
  const departments = useDepartments();
  const locations = useLocations();
  const designations = useDesignations();
  const shifts = useShifts();

  const form = useForm<EmployeeFormValues>({
    initialValues,
    validate: (values) => zodFormErrors(schema, toPayload(values, withSensitive)),
    validateInputOnBlur: true,
  });

  /** Brings the first field with an error into view, in the order the form shows them. */
  const focusFirstError = (errors: Record<string, unknown>) => {
    const first = FORM_FIELDS.find((f) => errors[f]);
    if (first) form.getInputNode(first)?.focus();
  };

  const submit = form.onSubmit(
    async (values) => {
      try {
        await onSubmit(toPayload(values, withSensitive));
      } catch (error) {
        const placed: Record<string, string> = {};
        applyServerErrors(error, (path, message) => {
          placed[path] = message;
          form.setFieldError(path, message);
        }, FORM_FIELDS);
        notifyError(error, 'Could not save the employee');
        focusFirstError(placed);
      }
    },
    (errors) => {
      if (errors._form) notifyInfo('You have not changed any field yet.', 'Nothing to save');
      focusFirstError(errors);
    },
  );

  const options = (rows: { id: string; name: string }[] | undefined) => (rows ?? []).map((r) => ({ value: r.id, label: r.name }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Section title="Identity and contact">
          <TextInput label="Full name" withAsterisk data-autofocus autoFocus {...form.getInputProps('fullName')} />
          <TextInput label="Employee code" withAsterisk description="Letters, digits, - or _" {...form.getInputProps('code')} />
          <TextInput label="Email" type="email" {...form.getInputProps('email')} />
          <TextInput label="Phone" placeholder="+91 98450 12345" {...form.getInputProps('phone')} />
          <Select label="Gender" data={GENDERS} clearable {...form.getInputProps('gender')} />
          <DateInput label="Date of birth" valueFormat="D MMM YYYY" clearable {...form.getInputProps('dateOfBirth')} />
        </Section>
        <Section title="Job">
          <Select label="Designation" data={options(designations.data)} searchable clearable {...form.getInputProps('designationId')} />
          <Select label="Department" data={options(departments.data)} searchable clearable {...form.getInputProps('departmentId')} />
          <Select label="Location" data={options(locations.data)} searchable clearable {...form.getInputProps('locationId')} />
          <EmployeePicker
            label="Reports to"
            selected={currentManager ?? null}
            excludeId={employeeId}
            value={form.values.managerId}
            onChange={(id) => form.setFieldValue('managerId', id)}
            error={form.errors.managerId}
          />
          <Select
            label="Shift"
            data={(shifts.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.startTime}–${s.endTime})` }))}
            clearable
            placeholder={shifts.data?.find((s) => s.isDefault) ? `Default: ${shifts.data.find((s) => s.isDefault)?.name}` : undefined}
            {...form.getInputProps('shiftId')}
          />
          <Select label="Employment type" data={EMPLOYMENT_TYPES} allowDeselect={false} withAsterisk {...form.getInputProps('employmentType')} />
          <DateInput label="Joining date" valueFormat="D MMM YYYY" withAsterisk {...form.getInputProps('joinedDate')} />
          <NumberInput label="Terminal user id" description="Enrolment number on the biometric terminals" min={0} allowDecimal={false} allowNegative={false} {...form.getInputProps('terminalUserId')} />
        </Section>
        {withSensitive && (
          <Section title="Pay, statutory and bank">
            <NumberInput label="Annual CTC (₹)" min={0} step={10000} thousandSeparator="," thousandsGroupStyle="lakh" allowDecimal={false} allowNegative={false} {...form.getInputProps('ctcAnnual')} />
            <TextInput label="PAN" placeholder="ABCDE1234F" {...form.getInputProps('pan')} />
            <TextInput label="Aadhaar" placeholder="1234 5678 9012" {...form.getInputProps('aadhaar')} />
            <TextInput label="Passport number" placeholder="K1234567" {...form.getInputProps('passportNumber')} />
            <TextInput label="UAN" placeholder="12 digits" {...form.getInputProps('uan')} />
            <TextInput label="ESI number" placeholder="10 digits" {...form.getInputProps('esi')} />
            <TextInput label="Bank name" {...form.getInputProps('bankName')} />
            <TextInput label="Account number" {...form.getInputProps('bankAccountNumber')} />
            <TextInput label="IFSC" placeholder="HDFC0001234" {...form.getInputProps('bankIfsc')} />
          </Section>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Title order={5} mb="md">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Card>
  );
}
