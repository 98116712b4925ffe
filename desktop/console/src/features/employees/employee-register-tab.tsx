import { useEffect, useState } from 'react';
import { Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { type EmployeeRegister, type EmployeeRegisterUpdate, SKILL_CATEGORIES, SKILL_LABELS } from '../../../../../shared/employee-register.ts';
import { QueryError } from '../../components/query-error.tsx';
import { useTx } from '../../i18n/language.tsx';
import { ApiError } from '../../lib/api.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useCan } from '../../session/session-context.tsx';
import { useEmployeeRegister, useUpdateEmployeeRegister } from '../compliance/compliance-queries.ts';

type Field = Exclude<keyof EmployeeRegisterUpdate, 'skillCategory' | 'permanentOn'>;
/** Each field's label is `hr:people.register.<field>`. */
const TEXT_FIELDS: { field: Field; sensitive?: boolean }[] = [
  { field: 'surname' },
  { field: 'fatherOrSpouseName' },
  { field: 'nationality' },
  { field: 'educationLevel' },
  { field: 'serviceBookNumber' },
  { field: 'presentAddress', sensitive: true },
  { field: 'permanentAddress', sensitive: true },
  { field: 'identificationMark', sensitive: true },
  { field: 'pfMemberId', sensitive: true },
  { field: 'lwfNumber', sensitive: true },
];

/** The statutory register fields of an employee (Form A, TN Form U), editable by HR. */
export function EmployeeRegisterTab({ employeeId }: { employeeId: string }) {
  const reg = useEmployeeRegister(employeeId);
  const save = useUpdateEmployeeRegister(employeeId);
  const can = useCan();
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
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
        notifySuccess(t('people.register.saved'));
      },
      onError: (e) => {
        if (e instanceof ApiError) setErrors(e.fieldErrors());
        notifyError(e, t('people.register.saveFailed'));
      },
    });
  };
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {tx('people.register.intro')}
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {TEXT_FIELDS.filter((f) => !f.sensitive || sensitive).map(({ field }) => (
            <TextInput
              key={field}
              label={tx(`people.register.${field}`)}
              value={(draft[field] as string | null | undefined) ?? ''}
              error={errors[field]}
              disabled={!editable}
              onChange={(e) => setDraft({ ...draft, [field]: e.currentTarget.value })}
              data-testid={`register-${field}`}
            />
          ))}
          <Select
            label={tx('people.register.skillCategory')}
            data={SKILL_CATEGORIES.map((s) => ({ value: s, label: t('people.register.skillOption', { code: s, label: SKILL_LABELS[s] }) }))}
            value={draft.skillCategory}
            onChange={(v) => setDraft({ ...draft, skillCategory: (v as EmployeeRegister['skillCategory']) ?? null })}
            clearable
            disabled={!editable}
          />
          <DateInput label={tx('people.register.permanentOn')} valueFormat="D MMM YYYY" value={draft.permanentOn} onChange={(v) => setDraft({ ...draft, permanentOn: v })} clearable disabled={!editable} />
        </SimpleGrid>
        {editable && (
          <Group>
            <Button onClick={submit} loading={save.isPending} data-testid="save-register">
              {tx('people.register.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
