import type { ReportCell, ReportColumnType } from '../../../../../shared/reports.ts';

const INTEGER = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const DECIMAL = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const HOURS = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A cell as the table shows it: numbers grouped the Indian way, shares as %, instants as local times of the zone. */
export function formatCell(value: ReportCell | undefined, type: ReportColumnType, timeZone: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') {
    switch (type) {
      case 'integer':
        return INTEGER.format(value);
      case 'hours':
        return HOURS.format(value);
      case 'percent':
        return `${(value * 100).toFixed(1)} %`;
      default:
        return DECIMAL.format(value);
    }
  }
  if (type === 'instant') {
    return new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(value));
  }
  if (type === 'date') return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
  return value;
}

export const NUMERIC_TYPES: ReadonlySet<ReportColumnType> = new Set(['integer', 'number', 'hours', 'percent']);

export const CATEGORY_ORDER = ['Attendance', 'Leave', 'People', 'Devices'] as const;
