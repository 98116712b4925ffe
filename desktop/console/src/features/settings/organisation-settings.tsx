import { useMemo, useState } from 'react';
import { Button, Card, Group, Select, SimpleGrid, Skeleton, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { OrganisationUpdate, type Organisation, type WeeklyOffRule } from '../../../../../shared/org.ts';
import { QueryError } from '../../components/query-error.tsx';
import { useLocale, useTx } from '../../i18n/language.tsx';
import { applyServerErrors, zodFormErrors } from '../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { timeZoneOptions } from '../../lib/time-zones.ts';
import { useOrganisation, useUpdateOrganisation } from './org-queries.ts';
import { WeeklyOffsInput } from './weekly-offs-input.tsx';

/** The twelve months' names in the reader's language (Intl's, with Latin digits like every date we write). */
function monthNames(locale: string): string[] {
  const f = new Intl.DateTimeFormat(`${locale}-u-nu-latn`, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => f.format(new Date(Date.UTC(2026, i, 15))));
}

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
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const locale = useLocale();
  const months = useMemo(() => monthNames(locale), [locale]);
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
        notifySuccess(t('orgSettings.organisation.saved'));
      },
      onError: (error) => {
        applyServerErrors(error, form.setFieldError, ['name', 'timeZone', 'financialYearStartMonth', 'weeklyOffs']);
        notifyError(error, t('orgSettings.organisation.saveFailed'));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Card withBorder padding="lg" maw={900}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={tx('orgSettings.organisation.name')} withAsterisk {...form.getInputProps('name')} />
            <Select label={tx('orgSettings.organisation.timeZone')} data={zones} searchable allowDeselect={false} {...form.getInputProps('timeZone')} />
            <Select
              label={tx('orgSettings.organisation.financialYearStart')}
              data={months.map((m, i) => ({ value: String(i + 1), label: m }))}
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
              {tx('orgSettings.organisation.discard')}
            </Button>
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
              {tx('orgSettings.organisation.save')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </form>
  );
}
