import { useEffect, useState } from 'react';
import { Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { Establishment, EstablishmentUpdate } from '../../../../../shared/establishment.ts';
import { PROFILE_LABELS, STATE_PROFILES, type StateProfile } from '../../../../../shared/establishment.ts';
import { QueryError } from '../../components/query-error.tsx';
import { ApiError } from '../../lib/api.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useEstablishment, useUpdateEstablishment } from './compliance-queries.ts';

/** The establishment data every register header prints: the organisation's and each location's. */
export function EstablishmentTab({ canEdit }: { canEdit: boolean }) {
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
        notifySuccess('Establishment data saved');
      },
      onError: (e) => {
        if (e instanceof ApiError) setErrors(e.fieldErrors());
        notifyError(e, 'Could not save');
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
          <TextInput label="Employer / owner" value={draft.employerName ?? ''} onChange={(e) => set({ employerName: text(e.currentTarget.value) })} disabled={!canEdit} />
          <TextInput label="Manager" value={draft.managerName ?? ''} onChange={(e) => set({ managerName: text(e.currentTarget.value) })} disabled={!canEdit} />
          <TextInput label="LIN (Shram Suvidha)" value={draft.lin ?? ''} error={errors.lin} onChange={(e) => set({ lin: text(e.currentTarget.value) })} disabled={!canEdit} />
          <TextInput label="EPF establishment code" value={draft.epfEstablishmentCode ?? ''} error={errors.epfEstablishmentCode} onChange={(e) => set({ epfEstablishmentCode: text(e.currentTarget.value) })} disabled={!canEdit} />
          <TextInput label="ESIC employer code" value={draft.esicEmployerCode ?? ''} error={errors.esicEmployerCode} onChange={(e) => set({ esicEmployerCode: text(e.currentTarget.value) })} disabled={!canEdit} />
          <NumberInput
            label="Wage period starts on day"
            description="1 = the calendar month; 26 = the 26th to the 25th"
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
              <TextInput label="Establishment name" value={l.establishmentName ?? ''} onChange={(e) => setL({ establishmentName: text(e.currentTarget.value) })} disabled={!canEdit} />
              <TextInput label="Establishment address" placeholder="The location’s address" value={l.establishmentAddress ?? ''} onChange={(e) => setL({ establishmentAddress: text(e.currentTarget.value) })} disabled={!canEdit} />
              <Select
                label="State profile"
                data={STATE_PROFILES.map((p) => ({ value: p, label: PROFILE_LABELS[p] }))}
                value={l.stateProfile}
                onChange={(v) => v && setL({ stateProfile: v as StateProfile })}
                allowDeselect={false}
                disabled={!canEdit}
              />
              <TextInput label="S&E registration no." value={l.seRegistrationNumber ?? ''} onChange={(e) => setL({ seRegistrationNumber: text(e.currentTarget.value) })} disabled={!canEdit} />
              <TextInput label="S&E registration state" value={l.seState ?? ''} onChange={(e) => setL({ seState: text(e.currentTarget.value) })} disabled={!canEdit} />
              <TextInput label="Manager" value={l.managerName ?? ''} onChange={(e) => setL({ managerName: text(e.currentTarget.value) })} disabled={!canEdit} />
              <TextInput label="Festival holidays approval (TN)" value={l.fhApprovalReference ?? ''} onChange={(e) => setL({ fhApprovalReference: text(e.currentTarget.value) })} disabled={!canEdit} />
            </SimpleGrid>
          </Card>
        );
      })}
      {canEdit && (
        <Group>
          <Button onClick={submit} loading={save.isPending}>
            Save establishment data
          </Button>
        </Group>
      )}
    </Stack>
  );
}
