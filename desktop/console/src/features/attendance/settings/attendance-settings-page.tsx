import { Tabs } from '@mantine/core';
import { IconAdjustments, IconCalendarEvent, IconClockHour9, IconMapPin, IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { useTx } from '../../../i18n/language.tsx';
import { useParam } from '../filters.tsx';
import { HolidaysTab } from './holidays-tab.tsx';
import { LocationsTab } from './locations-tab.tsx';
import { RulesTab } from './rules-tab.tsx';
import { ShiftsTab } from './shifts-tab.tsx';
import { ToolsTab } from './tools-tab.tsx';

/** Attendance settings: shifts, holidays, weekly offs and geo-fences, rules, recompute and import. */
export function AttendanceSettingsPage() {
  const [tab, setTab] = useParam('tab');
  const current = tab ?? 'shifts';
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  return (
    <>
      <PageHeader title={tx('attendanceSettings.title')} documentTitle={t('attendanceSettings.title')} description={tx('attendanceSettings.description')} />
      <Tabs value={current} onChange={(v) => setTab(v ?? undefined)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="shifts" leftSection={<IconClockHour9 size={16} />}>
            {tx('attendanceSettings.tab.shifts')}
          </Tabs.Tab>
          <Tabs.Tab value="holidays" leftSection={<IconCalendarEvent size={16} />}>
            {tx('attendanceSettings.tab.holidays')}
          </Tabs.Tab>
          <Tabs.Tab value="locations" leftSection={<IconMapPin size={16} />}>
            {tx('attendanceSettings.tab.locations')}
          </Tabs.Tab>
          <Tabs.Tab value="rules" leftSection={<IconAdjustments size={16} />}>
            {tx('attendanceSettings.tab.rules')}
          </Tabs.Tab>
          <Tabs.Tab value="tools" leftSection={<IconTools size={16} />}>
            {tx('attendanceSettings.tab.tools')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="shifts">
          <ShiftsTab />
        </Tabs.Panel>
        <Tabs.Panel value="holidays">
          <HolidaysTab />
        </Tabs.Panel>
        <Tabs.Panel value="locations">
          <LocationsTab />
        </Tabs.Panel>
        <Tabs.Panel value="rules">
          <RulesTab />
        </Tabs.Panel>
        <Tabs.Panel value="tools">
          <ToolsTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
