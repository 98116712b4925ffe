import { Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ManagerRef } from '../../../../../shared/employees.ts';
import { EmployeePicker } from '../../components/employee-picker.tsx';
import { useTx } from '../../i18n/language.tsx';
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
  submitLabel: ReactNode;
  submitting: boolean;
  onSubmit: (payload: Record<string, unknown>) => Promise<unknown>;
  onCancel: () => void;
  /** The employee being edited: excluded from the manager choices. */
  employeeId?: string;
  currentManager?: z.infer<typeof ManagerRef> | null;
}

// The form's own words for these ("Full time", "Prefer not to say"), as the form always wrote them.
const EMPLOYMENT_TYPES = ['FullTime', 'PartTime', 'Contract', 'Intern'] as const;
const GENDERS = ['Female', 'Male', 'Other', 'Undisclosed'] as const;

/** Create and edit share this form; inline checks come from the shared zod schema, server errors land on their fields. */
export function EmployeeForm(props: EmployeeFormProps) {
  const { initialValues, toPayload, schema, submitLabel, submitting, onSubmit, onCancel, employeeId, currentManager } = props;
  const can = useCan();
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const f = (key: string) => tx(`people.form.${key}`);
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
        notifyError(error, t('people.form.saveFailed'));
        focusFirstError(placed);
      }
    },
    (errors) => {
      if (errors._form) notifyInfo(t('people.form.nothingChanged'), t('people.form.nothingToSave'));
      focusFirstError(errors);
    },
  );

  const options = (rows: { id: string; name: string }[] | undefined) => (rows ?? []).map((r) => ({ value: r.id, label: r.name }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Section title={f('identity')}>
          <TextInput label={f('fullName')} withAsterisk data-autofocus autoFocus {...form.getInputProps('fullName')} />
          <TextInput label={f('code')} withAsterisk description={f('codeHint')} {...form.getInputProps('code')} />
          <TextInput label={f('email')} type="email" {...form.getInputProps('email')} />
          <TextInput label={f('phone')} placeholder="+91 98450 12345" {...form.getInputProps('phone')} />
          <Select label={f('gender')} data={GENDERS.map((g) => ({ value: g, label: t(`people.form.genderOption.${g}`) }))} clearable {...form.getInputProps('gender')} />
          <DateInput label={f('dateOfBirth')} valueFormat="D MMM YYYY" clearable {...form.getInputProps('dateOfBirth')} />
        </Section>
        <Section title={f('job')}>
          <Select label={f('designation')} data={options(designations.data)} searchable clearable {...form.getInputProps('designationId')} />
          <Select label={f('department')} data={options(departments.data)} searchable clearable {...form.getInputProps('departmentId')} />
          <Select label={f('location')} data={options(locations.data)} searchable clearable {...form.getInputProps('locationId')} />
          <EmployeePicker
            label={f('reportsTo')}
            selected={currentManager ?? null}
            excludeId={employeeId}
            value={form.values.managerId}
            onChange={(id) => form.setFieldValue('managerId', id)}
            error={form.errors.managerId}
          />
          <Select
            label={f('shift')}
            data={(shifts.data ?? []).map((s) => ({ value: s.id, label: t('people.form.shiftOption', { name: s.name, start: s.startTime, end: s.endTime }) }))}
            clearable
            placeholder={shifts.data?.find((s) => s.isDefault) ? t('people.form.defaultShift', { name: shifts.data.find((s) => s.isDefault)?.name }) : undefined}
            {...form.getInputProps('shiftId')}
          />
          <Select label={f('employmentType')} data={EMPLOYMENT_TYPES.map((k) => ({ value: k, label: t(`people.form.employmentTypeOption.${k}`) }))} allowDeselect={false} withAsterisk {...form.getInputProps('employmentType')} />
          <DateInput label={f('joinedDate')} valueFormat="D MMM YYYY" withAsterisk {...form.getInputProps('joinedDate')} />
          <NumberInput label={f('terminalUserId')} description={f('terminalUserIdHint')} min={0} allowDecimal={false} allowNegative={false} {...form.getInputProps('terminalUserId')} />
        </Section>
        {withSensitive && (
          <Section title={f('pay')}>
            <NumberInput label={f('annualCtc')} min={0} step={10000} thousandSeparator="," thousandsGroupStyle="lakh" allowDecimal={false} allowNegative={false} {...form.getInputProps('ctcAnnual')} />
            <TextInput label={f('pan')} placeholder={t('people.form.panPlaceholder')} {...form.getInputProps('pan')} />
            <TextInput label={f('aadhaar')} placeholder="1234 5678 9012" {...form.getInputProps('aadhaar')} />
            <TextInput label={f('passportNumber')} placeholder="K1234567" {...form.getInputProps('passportNumber')} />
            <TextInput label={f('uan')} placeholder={t('people.form.uanPlaceholder')} {...form.getInputProps('uan')} />
            <TextInput label={f('esi')} placeholder={t('people.form.esiPlaceholder')} {...form.getInputProps('esi')} />
            <TextInput label={f('bankName')} {...form.getInputProps('bankName')} />
            <TextInput label={f('accountNumber')} {...form.getInputProps('bankAccountNumber')} />
            <TextInput label={f('ifsc')} placeholder={t('people.form.ifscPlaceholder')} {...form.getInputProps('bankIfsc')} />
          </Section>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {f('cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
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
