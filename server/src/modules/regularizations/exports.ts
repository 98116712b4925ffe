import type { Regularization, RegularizationExportQuery } from '../../../../shared/attendance/index.ts';
import type { Ctx } from '../../context.ts';
import type { TableModel } from '../../exports/table.ts';
import { todayOf } from '../attendance/index.ts';
import { regularizationsForExport } from './read.ts';

/** Requests in the caller's scope matching the filter, as one table (the route renders it to CSV, XLSX or PDF). */
export async function exportRegularizations(ctx: Ctx, query: RegularizationExportQuery): Promise<TableModel<Regularization>> {
  const rows = await regularizationsForExport(ctx, query);
  const filter = `Status: ${query.status ?? 'all'} · kind: ${query.kind ?? 'all'}${query.employeeId ? ` · employee ${query.employeeId}` : ''}`;
  return regularizationTable(rows, filter, todayOf(ctx));
}

export function regularizationTable(rows: Regularization[], filter: string, today: string): TableModel<Regularization> {
  return {
    title: 'Regularizations',
    subtitle: filter,
    filename: `regularizations-${today}`,
    landscape: true,
    rows,
    columns: [
      { header: 'Requested', width: 16, value: (r) => r.createdAt.replace('T', ' ').slice(0, 16) },
      { header: 'Code', width: 9, value: (r) => r.employee.code },
      { header: 'Name', width: 20, value: (r) => r.employee.fullName },
      { header: 'Day', width: 11, kind: 'date', value: (r) => r.date },
      { header: 'Kind', width: 15, value: (r) => r.kind },
      { header: 'Punches', width: 16, value: (r) => r.punches.map((p) => `${p.direction} ${p.time}`).join(', ') },
      { header: 'Reason', width: 30, value: (r) => r.reason },
      { header: 'Status', width: 22, value: (r) => r.status },
      { header: 'Manager', width: 16, value: (r) => r.managerDecisionBy },
      { header: 'HR', width: 16, value: (r) => r.hrDecisionBy },
      { header: 'Note', width: 24, value: (r) => r.decisionNote },
    ],
  };
}
