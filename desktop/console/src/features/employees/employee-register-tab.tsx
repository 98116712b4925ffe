import { useEffect, useState } from 'react';
import { Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { type EmployeeRegister, type EmployeeRegisterUpdate, SKILL_CATEGORIES, SKILL_LABELS } from '../../../../../shared/employee-register.ts';
import { QueryError } from '../../components/query-error.tsx';
import { ApiError } from '../../lib/api.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useCan } from '../../session/session-context.tsx';
import { useEmployeeRegister, useUpdateEmployeeRegister } from '../compliance/compliance-queries.ts';

type Field = Exclude<keyof EmployeeRegisterUpdate, 'skillCategory' | 'permanentOn'>;
const TEXT_FIELDS: { field: Field; label: string; sensitive?: boolean }[] = [
  { field: 'surname', label: 'Surname' },
  { field: 'fatherOrSpouseName', label: "Father's / spouse's name" },
  { field: 'nationality', label: 'Nationality' },
  { field: 'educationLevel', label: 'Education level' },
  { field: 'serviceBookNumber', label: 'Service book no.' },
  { field: 'presentAddress', label: 'Present address', sensitive: true },
  { field: 'permanentAddress', label: 'Permanent address', sensitive: true },
  { field: 'identificationMark', label: 'Mark of identification', sensitive: true },
  { field: 'pfMemberId', label: 'PF member id', sensitive: true },
  { field: 'lwfNumber', label: 'LWF no.', sensitive: true },
];

/** The statutory register fields of an employee (Form A, TN Form U), editable by HR. */
export function EmployeeRegisterTab({ employeeId }: { employeeId: string }) {
  const reg = useEmployeeRegister(employeeId);
  const save = useUpdateEmployeeRegister(employeeId);
  const can = useCan();
  const [draft, setDraft] = useState<EmployeeRegister | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (reg.data) setDraft(reg.data);
  }, [reg.data]);
  if (reg.error) return <QueryError error={reg.error} onRetry={() => void reg.refetch()} />;
  if (!draft || !reg.data) return null;
  const editable = can('employee:write');
  const sensitive = can('employee:sensitive');
  const submit = () => {
    const before = reg.data as EmployeeRegister;
    const body: Record<string, string | null> = {};
    for (const { field, sensitive: s } of TEXT_FIELDS) {
      if (s && !sensitive) continue;
      const v = (draft[field] ?? null) as string | null;
      if (v !== (before[field] ?? null)) body[field] = v && v.trim() !== '' ? v : null;
    }
    if (draft.skillCategory !== before.skillCategory) body.skillCategory = draft.skillCategory;
    if (draft.permanentOn !== before.permanentOn) body.permanentOn = draft.permanentOn;
    if (Object.keys(body).length === 0) return;
    save.mutate(body as EmployeeRegisterUpdate, {
      onSuccess: () => {
        setErrors({});
        notifySuccess('Register fields saved');
      },
      onError: (e) => {
        if (e instanceof ApiError) setErrors(e.fieldErrors());
        notifyError(e, 'Could not save');
      },
    });
  };
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          What the statutory registers print beyond the directory (Form A, TN Form U). Addresses, the identification mark and the PF and LWF numbers are visible to HR only.
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {TEXT_FIELDS.filter((f) => !f.sensitive || sensitive).map(({ field, label }) => (
            <TextInput
              key={field}
              label={label}
              value={(draft[field] as string | null | undefined) ?? ''}
              error={errors[field]}
              disabled={!editable}
              onChange={(e) => setDraft({ ...draft, [field]: e.currentTarget.value })}
              data-testid={`register-${field}`}
            />
          ))}
          <Select
            label="Skill category (Form A col. 12)"
            data={SKILL_CATEGORIES.map((s) => ({ value: s, label: `${s} — ${SKILL_LABELS[s]}` }))}
            value={draft.skillCategory}
            onChange={(v) => setDraft({ ...draft, skillCategory: (v as EmployeeRegister['skillCategory']) ?? null })}
            clearable
            disabled={!editable}
          />
          <DateInput label="Made permanent on" valueFormat="D MMM YYYY" value={draft.permanentOn} onChange={(v) => setDraft({ ...draft, permanentOn: v })} clearable disabled={!editable} />
        </SimpleGrid>
        {editable && (
          <Group>
            <Button onClick={submit} loading={save.isPending} data-testid="save-register">
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
