import { Badge, Button, CloseButton, Group, Popover, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDate } from '../../lib/format.ts';
import { IconAdjustmentsHorizontal, IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EmployeeFacets } from '../../../../../shared/employees.ts';
import { EMPLOYEE_STATUSES } from '../../../../../shared/employees.ts';
import { CommittedNumberInput } from '../../components/committed-number-input.tsx';
import { EmployeePicker } from '../../components/employee-picker.tsx';
import { useTx } from '../../i18n/language.tsx';
import { useCan } from '../../session/session-context.tsx';
import { useDepartments, useDesignations, useLocations } from '../settings/org-queries.ts';
import { DirectorySearch } from './directory-search.tsx';
import { statusLabel } from './status-badge.tsx';
import type { DirectoryParams } from './use-directory-params.ts';

interface DirectoryFiltersProps {
  params: DirectoryParams;
  facets: EmployeeFacets | undefined;
  activeFilterCount: number;
  update: (patch: Partial<DirectoryParams>) => void;
  clearFilters: () => void;
}

interface Named {
  id: string;
  name: string;
}

/** Select options from a facet (with counts), keeping the chosen value even when its count is zero. */
function facetOptions(buckets: EmployeeFacets['department'] | undefined, catalog: Named[] | undefined, selected: string | null, selectedName: string) {
  const options = (buckets ?? []).map((b) => ({
    value: b.id ?? '__none__',
    label: `${b.name} (${b.count})`,
    disabled: b.id === null,
  }));
  if (selected && !options.some((o) => o.value === selected)) {
    const name = catalog?.find((c) => c.id === selected)?.name ?? selectedName;
    options.unshift({ value: selected, label: `${name} (0)`, disabled: false });
  }
  return options;
}

/** Search, facet filters with counts, and the less common filters in a popover. */
export function DirectoryFilters({ params, facets, activeFilterCount, update, clearFilters }: DirectoryFiltersProps) {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const departments = useDepartments();
  const locations = useLocations();
  const designations = useDesignations();
  const statusCount = (s: string) => facets?.status.find((b) => b.value === s)?.count ?? 0;
  const allCount = facets?.status.reduce((sum, b) => sum + b.count, 0);

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <DirectorySearch value={params.q} onSearch={(q) => update({ q })} />
        <SegmentedControl
          aria-label={t('people.directory.status')}
          value={params.status ?? 'all'}
          onChange={(v) => update({ status: v === 'all' ? null : (v as DirectoryParams['status']) })}
          data={[
            { value: 'all', label: allCount === undefined ? t('people.directory.all') : t('people.directory.allCount', { count: String(allCount) }) },
            ...EMPLOYEE_STATUSES.map((s) => ({ value: s, label: t('people.directory.statusCount', { status: statusLabel(s), count: String(statusCount(s)) }) })),
          ]}
        />
      </Group>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          aria-label={t('people.directory.department')}
          placeholder={t('people.directory.allDepartments')}
          clearable
          searchable
          w={220}
          data={facetOptions(facets?.department, departments.data, params.departmentId, t('people.directory.selected'))}
          value={params.departmentId}
          onChange={(v) => update({ departmentId: v })}
        />
        <Select
          aria-label={t('people.directory.location')}
          placeholder={t('people.directory.allLocations')}
          clearable
          searchable
          w={200}
          data={facetOptions(facets?.location, locations.data, params.locationId, t('people.directory.selected'))}
          value={params.locationId}
          onChange={(v) => update({ locationId: v })}
        />
        <Select
          aria-label={t('people.directory.designation')}
          placeholder={t('people.directory.allDesignations')}
          clearable
          searchable
          w={220}
          data={(designations.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
          value={params.designationId}
          onChange={(v) => update({ designationId: v })}
        />
        <MoreFilters params={params} update={update} />
        <LinkedFilters params={params} update={update} />
        {activeFilterCount > 0 && (
          <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} />} onClick={clearFilters}>
            {tx('people.directory.clearFiltersCount', { count: String(activeFilterCount) })}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** Filters a link brought (from the dashboard): shown as chips so they can be seen and removed. */
function LinkedFilters({ params, update }: Pick<DirectoryFiltersProps, 'params' | 'update'>) {
  const { t } = useTranslation('hr');
  // One whole sentence per shape of the range ("Joined from 1 Apr 2026 to 30 Apr 2026"), never pieces glued together.
  const range = (what: 'joined' | 'left', from: string | null, to: string | null) =>
    from && to
      ? t(`people.directory.${what}FromTo`, { from: formatDate(from), to: formatDate(to) })
      : from
        ? t(`people.directory.${what}From`, { from: formatDate(from) })
        : t(`people.directory.${what}To`, { to: formatDate(to) });
  const chips = [
    params.onRoll ? { key: 'onRoll', label: t('people.directory.onRoll'), clear: { onRoll: null } } : null,
    params.joinedFrom || params.joinedTo ? { key: 'joined', label: range('joined', params.joinedFrom, params.joinedTo), clear: { joinedFrom: null, joinedTo: null } } : null,
    params.exitedFrom || params.exitedTo ? { key: 'exited', label: range('left', params.exitedFrom, params.exitedTo), clear: { exitedFrom: null, exitedTo: null } } : null,
  ].filter((c) => c !== null);
  return chips.map((c) => (
    <Badge key={c.key} size="lg" variant="light" rightSection={<CloseButton size="xs" aria-label={t('people.directory.removeFilter', { filter: c.label })} onClick={() => update(c.clear)} />} data-testid="linked-filter">
      {c.label}
    </Badge>
  ));
}

function MoreFilters({ params, update }: Pick<DirectoryFiltersProps, 'params' | 'update'>) {
  const can = useCan();
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const count = [params.managerId, params.joinedYearFrom, params.joinedYearTo, params.ctcMin, params.ctcMax].filter(
    (v) => v !== null,
  ).length;

  return (
    <Popover width={360} position="bottom-start" shadow="md" trapFocus>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconAdjustmentsHorizontal size={16} />}
          rightSection={count > 0 ? <Badge size="sm" circle>{count}</Badge> : undefined}
        >
          {tx('people.directory.moreFilters')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <EmployeePicker
            label={tx('people.directory.reportsTo')}
            value={params.managerId}
            onChange={(id) => update({ managerId: id })}
            comboboxProps={{ withinPortal: false }}
          />
          <Text size="sm" fw={500}>
            {tx('people.directory.joinedBetween')}
          </Text>
          <SimpleGrid cols={2}>
            <CommittedNumberInput aria-label={t('people.directory.joinedFromYear')} placeholder={t('people.directory.fromYear')} min={1900} max={2200} value={params.joinedYearFrom} onCommit={(v) => update({ joinedYearFrom: v })} />
            <CommittedNumberInput aria-label={t('people.directory.joinedToYear')} placeholder={t('people.directory.toYear')} min={1900} max={2200} value={params.joinedYearTo} onCommit={(v) => update({ joinedYearTo: v })} />
          </SimpleGrid>
          {can('employee:sensitive') && (
            <>
              <Text size="sm" fw={500}>
                {tx('people.directory.annualCtc')}
              </Text>
              <SimpleGrid cols={2}>
                <CommittedNumberInput aria-label={t('people.directory.minimumCtc')} placeholder={t('people.directory.minimum')} min={0} step={50000} thousandSeparator="," value={params.ctcMin} onCommit={(v) => update({ ctcMin: v })} />
                <CommittedNumberInput aria-label={t('people.directory.maximumCtc')} placeholder={t('people.directory.maximum')} min={0} step={50000} thousandSeparator="," value={params.ctcMax} onCommit={(v) => update({ ctcMax: v })} />
              </SimpleGrid>
            </>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
