import type { EmployeeListResponse } from '../../../../shared/employees.ts';
import { defineCache, type TableSource } from '../../db/cache.ts';

/** What a directory answer is read from: people, their catalogues, their shift and whether they have a login. */
export const DIRECTORY_TABLES = ['employee', 'department', 'location', 'designation', 'shift', 'user_account'] as const satisfies readonly TableSource[];

/** Who a caller may see (`all`, or their reporting line's ids): computed from the manager links. */
export const visibleCache = defineCache<'all' | string[]>({ name: 'employees.visible', reads: ['employee'] });

/** Facets and KPIs of a filter: the same for every page and order of it. */
export const aggregatesCache = defineCache<Pick<EmployeeListResponse, 'total' | 'facets' | 'kpis'>>({
  name: 'employees.aggregates',
  reads: DIRECTORY_TABLES,
});

/** Whole directory pages as JSON bytes. */
export const listCache = defineCache<Buffer>({ name: 'employees.list', reads: DIRECTORY_TABLES, maxBytes: 16 * 1024 * 1024 });

/**
 * One person's row of the directory as JSON text, per view (with or without salaries): a page not seen
 * before is mostly people seen on other pages, orders and filters, so their text is reused. Bounded
 * like the pages (15,000 people × two views fit).
 */
export const rowJsonCache = defineCache<string>({ name: 'employees.list-rows', reads: DIRECTORY_TABLES, maxEntries: 40_000 });
