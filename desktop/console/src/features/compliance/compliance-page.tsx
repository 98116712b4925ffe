import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Group, Select, Stack, Tabs } from '@mantine/core';
import { IconBuildingFactory2, IconFileZip, IconTable, IconUserExclamation } from '@tabler/icons-react';
import { PROFILE_LABELS, STATE_PROFILES } from '../../../../../shared/establishment.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useTx } from '../../i18n/language.tsx';
import { formatMonthName } from '../../lib/format.ts';
import { useCan } from '../../session/session-context.tsx';
import { BundleTab } from './bundle-tab.tsx';
import { useEstablishment } from './compliance-queries.ts';
import { EstablishmentTab } from './establishment-tab.tsx';
import { MissingTab } from './missing-tab.tsx';
import { RegistersTab } from './registers-tab.tsx';

/** The last 24 months, newest first, as `YYYY-MM` with a label. */
function recentMonths(): { value: string; label: string }[] {
  const now = new Date();
  return Array.from({ length: 24 }, (_, i) => {
    const d = new Date(now.getFullYear(), now.getMonth() - i, 1);
    const value = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
    return { value, label: formatMonthName(value) };
  });
}

export interface Selection {
  month: string;
  location: string | null;
  profile: string | null;
}

/** Compliance: the statutory registers of a period as tables and files, the bundle, filed periods, and the data registers lack. */
export function CompliancePage() {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const months = recentMonths();
  const [month, setMonth] = useState(months[1]?.value ?? months[0]?.value ?? '');
  const establishment = useEstablishment();
  const [location, setLocation] = useState<string | null>(null);
  const [profile, setProfile] = useState<string | null>(null);
  const [tab, setTab] = useState<string | null>('registers');
  const can = useCan();
  const locations = establishment.data?.locations ?? [];
  const selection: Selection = { month, location, profile };
  const current = locations.find((l) => l.locationId === location);

  return (
    <Stack gap="md">
      <PageHeader
        title={tx('compliance.title')}
        documentTitle={t('compliance.title')}
        description={tx('compliance.description')}
      />
      <Group align="flex-end" wrap="wrap">
        <Select label={tx('compliance.period')} w={180} data={months} value={month} onChange={(v) => v && setMonth(v)} allowDeselect={false} data-testid="compliance-month" />
        <Select
          label={tx('compliance.location')}
          w={220}
          data={[{ value: '', label: t('compliance.allLocations') }, ...locations.map((l) => ({ value: l.locationId, label: l.locationName }))]}
          value={location ?? ''}
          onChange={(v) => setLocation(v || null)}
          allowDeselect={false}
          data-testid="compliance-location"
        />
        <Select
          label={tx('compliance.profile')}
          w={240}
          data={[{ value: '', label: current ? t('compliance.profileOfLocation', { profile: PROFILE_LABELS[current.stateProfile] }) : t('compliance.profileDefault') }, ...STATE_PROFILES.map((p) => ({ value: p, label: PROFILE_LABELS[p] }))]}
          value={profile ?? ''}
          onChange={(v) => setProfile(v || null)}
          allowDeselect={false}
        />
        {current && (
          <Badge variant="light" size="lg">
            {current.establishmentName ?? current.locationName}
          </Badge>
        )}
      </Group>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="registers" leftSection={<IconTable size={16} />}>
            {tx('compliance.tabs.registers')}
          </Tabs.Tab>
          <Tabs.Tab value="bundle" leftSection={<IconFileZip size={16} />}>
            {tx('compliance.tabs.bundle')}
          </Tabs.Tab>
          <Tabs.Tab value="missing" leftSection={<IconUserExclamation size={16} />}>
            {tx('compliance.tabs.missing')}
          </Tabs.Tab>
          <Tabs.Tab value="establishment" leftSection={<IconBuildingFactory2 size={16} />}>
            {tx('compliance.tabs.establishment')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="registers">
          <RegistersTab selection={selection} />
        </Tabs.Panel>
        <Tabs.Panel value="bundle">
          <BundleTab selection={selection} canFile={can('compliance:manage')} />
        </Tabs.Panel>
        <Tabs.Panel value="missing">
          <MissingTab selection={selection} />
        </Tabs.Panel>
        <Tabs.Panel value="establishment">
          <EstablishmentTab canEdit={can('compliance:manage')} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
