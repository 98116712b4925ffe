import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { Establishment, EstablishmentUpdate } from '../../../../../shared/establishment.ts';
import { PROFILE_LABELS, STATE_PROFILES, type StateProfile } from '../../../../../shared/establishment.ts';
import { QueryError } from '../../components/query-error.tsx';
import { useTx } from '../../i18n/language.tsx';
import { ApiError } from '../../lib/api.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useEstablishment, useUpdateEstablishment } from './compliance-queries.ts';

/** The establishment data every register header prints: the organisation's and each location's. */
export function EstablishmentTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const est = useEstablishment();
  const save = useUpdateEstablishment();
  const [draft, setDraft] = useState<Establishment | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (est.data) setDraft(est.data);
  }, [est.data]);
  if (est.error) return <QueryError error={est.error} onRetry={() => void est.refetch()} />;
  if (!draft) return null;
  const set = (patch: Partial<Establishment>) => setDraft({ ...draft, ...patch });
  const text = (v: string) => (v.trim() === '' ? null : v);
  const submit = () => {
    const body: EstablishmentUpdate = {
      employerName: draft.employerName,
      managerName: draft.managerName,
      lin: draft.lin,
      epfEstablishmentCode: draft.epfEstablishmentCode,
      esicEmployerCode: draft.esicEmployerCode,
      wagePeriodStartDay: draft.wagePeriodStartDay,
      locations: draft.locations.map((l) => ({
        locationId: l.locationId,
        establishmentName: l.establishmentName,
        establishmentAddress: l.establishmentAddress,
        seRegistrationNumber: l.seRegistrationNumber,
        seState: l.seState,
        stateProfile: l.stateProfile,
        managerName: l.managerName,
        fhApprovalReference: l.fhApprovalReference,
      })),
    };
    save.mutate(body, {
      onSuccess: () => {
        setErrors({});
        notifySuccess(t('compliance.establishment.saved'));
      },
      onError: (e) => {
        if (e instanceof ApiError) setErrors(e.fieldErrors());
        notifyError(e, t('compliance.establishment.failed'));
      },
    });
  };
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Title order={5} mb="sm">
          {draft.organisationName}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <TextInput label={tx('compliance.establishment.employer')} value={draft.employerName ?? ''} onChange={(e) => set({ employerName: text(e.currentTarget.value) })} disabled={!canEdit} />
          <TextInput label={tx('compliance.establishment.manager')} value={draft.managerName ?? ''} onChange={(e) => set({ managerName: text(e.currentTarget.value) })} disabled={!canEdit} />
          <TextInput label={tx('compliance.establishment.lin')} value={draft.lin ?? ''} error={errors.lin} onChange={(e) => set({ lin: text(e.currentTarget.value) })} disabled={!canEdit} />
          <TextInput label={tx('compliance.establishment.epf')} value={draft.epfEstablishmentCode ?? ''} error={errors.epfEstablishmentCode} onChange={(e) => set({ epfEstablishmentCode: text(e.currentTarget.value) })} disabled={!canEdit} />
          <TextInput label={tx('compliance.establishment.esic')} value={draft.esicEmployerCode ?? ''} error={errors.esicEmployerCode} onChange={(e) => set({ esicEmployerCode: text(e.currentTarget.value) })} disabled={!canEdit} />
          <NumberInput
            label={tx('compliance.establishment.wageStart')}
            description={tx('compliance.establishment.wageStartHint')}
            min={1}
            max={28}
            value={draft.wagePeriodStartDay}
            error={errors.wagePeriodStartDay}
            onChange={(v) => set({ wagePeriodStartDay: Number(v) || 1 })}
            disabled={!canEdit}
          />
        </SimpleGrid>
      </Card>
      {draft.locations.map((l, i) => {
        const setL = (patch: Partial<typeof l>) => set({ locations: draft.locations.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
        return (
          <Card key={l.locationId} withBorder padding="md">
            <Title order={5} mb="sm">
              {l.locationName}
            </Title>
            <SimpleGrid cols={{ base: 1, md: 3 }}>
              <TextInput label={tx('compliance.establishment.name')} value={l.establishmentName ?? ''} onChange={(e) => setL({ establishmentName: text(e.currentTarget.value) })} disabled={!canEdit} />
              <TextInput label={tx('compliance.establishment.address')} placeholder={t('compliance.establishment.addressHint')} value={l.establishmentAddress ?? ''} onChange={(e) => setL({ establishmentAddress: text(e.currentTarget.value) })} disabled={!canEdit} />
              <Select
                label={tx('compliance.establishment.stateProfile')}
                data={STATE_PROFILES.map((p) => ({ value: p, label: PROFILE_LABELS[p] }))}
                value={l.stateProfile}
                onChange={(v) => v && setL({ stateProfile: v as StateProfile })}
                allowDeselect={false}
                disabled={!canEdit}
              />
              <TextInput label={tx('compliance.establishment.seNumber')} value={l.seRegistrationNumber ?? ''} onChange={(e) => setL({ seRegistrationNumber: text(e.currentTarget.value) })} disabled={!canEdit} />
              <TextInput label={tx('compliance.establishment.seState')} value={l.seState ?? ''} onChange={(e) => setL({ seState: text(e.currentTarget.value) })} disabled={!canEdit} />
              <TextInput label={tx('compliance.establishment.manager')} value={l.managerName ?? ''} onChange={(e) => setL({ managerName: text(e.currentTarget.value) })} disabled={!canEdit} />
              <TextInput label={tx('compliance.establishment.fh')} value={l.fhApprovalReference ?? ''} onChange={(e) => setL({ fhApprovalReference: text(e.currentTarget.value) })} disabled={!canEdit} />
            </SimpleGrid>
          </Card>
        );
      })}
      {canEdit && (
        <Group>
          <Button onClick={submit} loading={save.isPending}>
            {tx('compliance.establishment.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
