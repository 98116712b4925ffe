import { useState } from 'react';
import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GeoFence, LocationPolicy } from '../../../../../../shared/attendance/index.ts';
import type { WeeklyOffRule } from '../../../../../../shared/org.ts';
import { QueryError } from '../../../components/query-error.tsx';
import { useTx } from '../../../i18n/language.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { WeeklyOffsInput } from '../../settings/weekly-offs-input.tsx';
import { useLocationPolicies, useSaveLocationPolicy } from '../attendance-queries.ts';

function LocationCard({ policy }: { policy: LocationPolicy }) {
  const save = useSaveLocationPolicy();
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const [own, setOwn] = useState(policy.weeklyOffs !== null);
  const [weeklyOffs, setWeeklyOffs] = useState<WeeklyOffRule[]>(policy.weeklyOffs ?? policy.effectiveWeeklyOffs);
  const [fenceOn, setFenceOn] = useState(policy.geoFence !== null);
  const [fence, setFence] = useState<GeoFence>(policy.geoFence ?? { lat: 0, lng: 0, radiusMeters: 300 });
  const submit = () =>
    save.mutate(
      { id: policy.locationId, input: { weeklyOffs: own ? weeklyOffs : null, geoFence: fenceOn ? fence : null } },
      {
        onSuccess: () => notifySuccess(t('attendanceSettings.locations.saved', { name: policy.locationName })),
        onError: (e) => notifyError(e, t('attendanceSettings.common.couldNotSave')),
      },
    );
  return (
    <Card withBorder padding="md">
      <Title order={5} mb="sm">
        {policy.locationName}
      </Title>
      <Stack gap="sm">
        <Switch label={tx('attendanceSettings.locations.ownWeeklyOffs')} checked={own} onChange={(e) => setOwn(e.currentTarget.checked)} />
        {own ? <WeeklyOffsInput value={weeklyOffs} onChange={setWeeklyOffs} /> : <Text size="sm" c="dimmed">{tx('attendanceSettings.locations.followsOrganisation')}</Text>}
        <Switch label={tx('attendanceSettings.locations.geoFence')} checked={fenceOn} onChange={(e) => setFenceOn(e.currentTarget.checked)} />
        {fenceOn && (
          <SimpleGrid cols={3}>
            <NumberInput label={tx('attendanceSettings.locations.latitude')} decimalScale={6} min={-90} max={90} value={fence.lat} onChange={(v) => setFence({ ...fence, lat: Number(v) })} />
            <NumberInput label={tx('attendanceSettings.locations.longitude')} decimalScale={6} min={-180} max={180} value={fence.lng} onChange={(v) => setFence({ ...fence, lng: Number(v) })} />
            <NumberInput label={tx('attendanceSettings.locations.radius')} min={10} max={50000} allowDecimal={false} value={fence.radiusMeters} onChange={(v) => setFence({ ...fence, radiusMeters: Number(v) })} />
          </SimpleGrid>
        )}
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending}>
            {tx('attendanceSettings.locations.save', { name: policy.locationName })}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Weekly offs and the check-in geo-fence of each location. */
export function LocationsTab() {
  const policies = useLocationPolicies();
  const tx = useTx('hr');
  if (policies.error) return <QueryError error={policies.error} onRetry={() => void policies.refetch()} />;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {tx('attendanceSettings.locations.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>{(policies.data ?? []).map((p) => <LocationCard key={p.locationId} policy={p} />)}</SimpleGrid>
    </Stack>
  );
}
