import { useMemo, useState } from 'react';
import { Button, Card, Group, Select, SimpleGrid, Skeleton, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { OrganisationUpdate, type Organisation, type WeeklyOffRule } from '../../../../../shared/org.ts';
import { QueryError } from '../../components/query-error.tsx';
import { applyServerErrors, zodFormErrors } from '../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { timeZoneOptions } from '../../lib/time-zones.ts';
import { useOrganisation, useUpdateOrganisation } from './org-queries.ts';
import { WeeklyOffsInput } from './weekly-offs-input.tsx';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Organisation name, time zone, financial year and weekly offs. */
export function OrganisationSettings() {
  const org = useOrganisation();
  if (org.error) return <QueryError error={org.error} onRetry={() => void org.refetch()} />;
  if (!org.data) return <Skeleton height={480} />;
  return <OrganisationForm organisation={org.data} />;
}

interface OrgValues {
  name: string;
  timeZone: string;
  financialYearStartMonth: string;
  weeklyOffs: WeeklyOffRule[];
}

function toUpdate(v: OrgValues) {
  return {
    name: v.name,
    timeZone: v.timeZone,
    financialYearStartMonth: Number(v.financialYearStartMonth),
    weeklyOffs: v.weeklyOffs,
  };
}

function OrganisationForm({ organisation }: { organisation: Organisation }) {
  const update = useUpdateOrganisation();
  const zones = useMemo(() => timeZoneOptions(organisation.timeZone), [organisation.timeZone]);
  const [initialValues] = useState<OrgValues>(() => ({
    name: organisation.name,
    timeZone: organisation.timeZone,
    financialYearStartMonth: String(organisation.financialYearStartMonth),
    weeklyOffs: organisation.weeklyOffs,
  }));
  const form = useForm<OrgValues>({
    initialValues,
    validate: (v) => zodFormErrors(OrganisationUpdate, toUpdate(v)),
  });

  const submit = form.onSubmit((v) => {
    update.mutate(OrganisationUpdate.parse(toUpdate(v)), {
      onSuccess: (saved) => {
        form.resetDirty({ ...v, weeklyOffs: saved.weeklyOffs });
        notifySuccess('Organisation settings saved.');
      },
      onError: (error) => {
        applyServerErrors(error, form.setFieldError, ['name', 'timeZone', 'financialYearStartMonth', 'weeklyOffs']);
        notifyError(error, 'Could not save the settings');
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Card withBorder padding="lg" maw={900}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Organisation name" withAsterisk {...form.getInputProps('name')} />
            <Select label="Time zone" data={zones} searchable allowDeselect={false} {...form.getInputProps('timeZone')} />
            <Select
              label="Financial year starts in"
              data={MONTHS.map((m, i) => ({ value: String(i + 1), label: m }))}
              allowDeselect={false}
              {...form.getInputProps('financialYearStartMonth')}
            />
          </SimpleGrid>
          <WeeklyOffsInput
            value={form.values.weeklyOffs}
            onChange={(v) => form.setFieldValue('weeklyOffs', v)}
            error={form.errors.weeklyOffs}
          />
          <Group justify="flex-end">
            <Button variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
              Discard changes
            </Button>
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
              Save
            </Button>
          </Group>
        </Stack>
      </Card>
    </form>
  );
}
