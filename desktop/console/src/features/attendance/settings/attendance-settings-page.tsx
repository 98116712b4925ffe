import { Tabs } from '@mantine/core';
import { IconAdjustments, IconCalendarEvent, IconClockHour9, IconMapPin, IconTools } from '@tabler/icons-react';
import { PageHeader } from '../../../components/page-header.tsx';
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
  return (
    <>
      <PageHeader title="Attendance settings" description="Shifts, holidays, weekly offs, geo-fences and the rules reconciliation follows. Every change is logged." />
      <Tabs value={current} onChange={(v) => setTab(v ?? undefined)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="shifts" leftSection={<IconClockHour9 size={16} />}>
            Shifts
          </Tabs.Tab>
          <Tabs.Tab value="holidays" leftSection={<IconCalendarEvent size={16} />}>
            Holidays
          </Tabs.Tab>
          <Tabs.Tab value="locations" leftSection={<IconMapPin size={16} />}>
            Weekly offs &amp; geo-fences
          </Tabs.Tab>
          <Tabs.Tab value="rules" leftSection={<IconAdjustments size={16} />}>
            Rules
          </Tabs.Tab>
          <Tabs.Tab value="tools" leftSection={<IconTools size={16} />}>
            Recompute &amp; import
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
