import { Group, SegmentedControl, Select } from '@mantine/core';
import { MonthPickerInput, YearPickerInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import type { ReportParameterSpec } from '../../../../../shared/reports.ts';

const DAY_CHOICES = [7, 14, 30, 60, 90, 180, 365];

/** `2026-11-01` ↔ 202611, `2026-01-01` ↔ 2026. */
const monthValue = (v: number) => `${Math.floor(v / 100)}-${String(v % 100).padStart(2, '0')}-01`;
const yearValue = (v: number) => `${v}-01-01`;
const fromMonth = (d: string) => Number(d.slice(0, 4)) * 100 + Number(d.slice(5, 7));
const fromYear = (d: string) => Number(d.slice(0, 4));


interface Props {
  spec: ReportParameterSpec;
  value: number;
  onChange: (value: number) => void;
  /** The organisation's leave year start month. */
  yearStartMonth: number;
}

/** The report's one integer parameter, picked the way its kind reads: a month or a year, a leave year, a number of days. */
export function ParameterPicker({ spec, value, onChange, yearStartMonth }: Props) {
  const { t } = useTranslation('hr');
  // A leave year by its start: "2026", or "FY 2026-27" when it starts after January.
  const leaveYearLabel = (start: number) => (yearStartMonth === 1 ? String(start) : t('reports.picker.fy', { start: String(start), end: String((start + 1) % 100).padStart(2, '0') }));
  switch (spec.kind) {
    case 'period': {
      const grain = value > 9999 ? 'month' : 'year';
      return (
        <Group gap="xs" wrap="nowrap">
          <SegmentedControl
            aria-label={t('reports.picker.period')}
            size="sm"
            value={grain}
            data={[
              { value: 'month', label: t('reports.picker.month') },
              { value: 'year', label: t('reports.picker.year') },
            ]}
            onChange={(g) => onChange(g === 'year' ? Math.floor(value > 9999 ? value / 100 : value) : (value > 9999 ? value : value * 100 + 1))}
          />
          {grain === 'month' ? (
            <MonthPickerInput aria-label={t('reports.picker.month')} w={150} valueFormat="MMM YYYY" value={monthValue(value)} onChange={(d) => d && onChange(fromMonth(d))} data-testid="param-month" />
          ) : (
            <YearPickerInput aria-label={t('reports.picker.year')} w={110} value={yearValue(value)} onChange={(d) => d && onChange(fromYear(d))} data-testid="param-year" />
          )}
        </Group>
      );
    }
    case 'month':
      return <MonthPickerInput aria-label={t('reports.picker.month')} w={150} valueFormat="MMM YYYY" value={monthValue(value)} onChange={(d) => d && onChange(fromMonth(d))} />;
    case 'year':
      return <YearPickerInput aria-label={t('reports.picker.year')} w={110} value={yearValue(value)} onChange={(d) => d && onChange(fromYear(d))} data-testid="param-year" />;
    case 'leaveYear': {
      const years = Array.from({ length: 6 }, (_, i) => spec.default - 4 + i);
      return (
        <Select
          aria-label={t('reports.picker.leaveYear')}
          w={150}
          allowDeselect={false}
          data={years.map((y) => ({ value: String(y), label: leaveYearLabel(y) }))}
          value={String(value)}
          onChange={(v) => v && onChange(Number(v))}
        />
      );
    }
    case 'days':
      return (
        <Select
          aria-label={t('reports.picker.days')}
          w={150}
          allowDeselect={false}
          data={[...new Set([...DAY_CHOICES, value])].sort((a, b) => a - b).map((d) => ({ value: String(d), label: t('reports.picker.lastDays', { count: d }) }))}
          value={String(value)}
          onChange={(v) => v && onChange(Number(v))}
        />
      );
  }
}
