import type { Regularization, RegularizationExportQuery } from '../../../../shared/attendance/index.ts';
import {
  DIRECTION_LABELS,
  REGULARIZATION_KIND_LABELS,
  REGULARIZATION_STATUS_LABELS,
  formatLocalDateTime,
  labelOf,
  zoneName,
} from '../../../../shared/labels.ts';
import type { Ctx } from '../../context.ts';
import type { TableModel } from '../../exports/table.ts';
import { todayOf } from '../attendance/index.ts';
import { regularizationsForExport } from './read.ts';

/** Requests in the caller's scope matching the filter, as one table (the route renders it to CSV, XLSX or PDF). */
export async function exportRegularizations(ctx: Ctx, query: RegularizationExportQuery): Promise<TableModel<Regularization>> {
  const rows = await regularizationsForExport(ctx, query);
  const employee = query.employeeId ? (rows[0]?.employee ?? null) : null;
  const filter = [
    `Status: ${query.status ? REGULARIZATION_STATUS_LABELS[query.status] : 'all'}`,
    `kind: ${query.kind ? REGULARIZATION_KIND_LABELS[query.kind] : 'all'}`,
    ...(query.employeeId ? [`employee: ${employee ? `${employee.fullName} (${employee.code})` : 'one employee'}`] : []),
  ].join(' · ');
  return regularizationTable(rows, filter, todayOf(ctx), ctx.timeZone);
}

export function regularizationTable(rows: Regularization[], filter: string, today: string, timeZone = 'UTC'): TableModel<Regularization> {
  const zone = zoneName(timeZone, `${today}T12:00:00Z`);
  return {
    title: 'Regularizations',
    subtitle: filter,
    filename: `regularizations-${today}`,
    landscape: true,
    timeZone,
    rows,
    columns: [
      { header: `Requested (${zone})`, width: 17, value: (r) => formatLocalDateTime(r.createdAt, timeZone) },
      { header: 'Code', width: 9, overflow: 'keep', value: (r) => r.employee.code },
      { header: 'Name', width: 20, value: (r) => r.employee.fullName },
      { header: 'Day', width: 11, kind: 'date', value: (r) => r.date },
      { header: 'Kind', width: 18, value: (r) => labelOf(REGULARIZATION_KIND_LABELS, r.kind) },
      { header: `Punches (${zone})`, width: 16, value: (r) => r.punches.map((p) => `${DIRECTION_LABELS[p.direction]} ${p.time}`).join(', ') },
      { header: 'Reason', width: 30, value: (r) => r.reason },
      { header: 'Status', width: 20, value: (r) => labelOf(REGULARIZATION_STATUS_LABELS, r.status) },
      { header: 'Manager', width: 16, value: (r) => r.managerDecisionBy },
      { header: 'HR', width: 16, value: (r) => r.hrDecisionBy },
      { header: 'Note', width: 24, value: (r) => r.decisionNote },
      // For integrators: the instant itself, beside the local time.
      { header: 'Requested at (ISO 8601)', width: 24, formats: ['csv', 'xlsx'], value: (r) => r.createdAt },
    ],
  };
}
