import type { SortOrder } from '../../../../shared/common.ts';
import { dayInZone, monthBounds } from '../../../../shared/dates.ts';
import { type Employee, type EmployeeFacets, type EmployeeListItem, type EmployeeListQuery, type EmployeeListResponse, type EmployeeSortKey, EmployeeStatus } from '../../../../shared/employees.ts';
import type { Ctx } from '../../context.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/problem.ts';
import { aggregatesCache, listCache, type OrderBlock, orderAskedCache, orderBlockCache, orderCache, rowJsonCache, visibleCache } from './caches.ts';
import { openedIds } from './government-ids.ts';
import { canSeeSensitive, toEmployee, toListItem } from './present.ts';
import * as repo from './repo.ts';
import { assertCanSeeEmployee, visibleEmployeeIds } from './scope.ts';

/** Reading the directory: the list with facets and KPIs, exports, one record. */

export interface FilterInput {
  q?: string | undefined;
  departmentId?: string | undefined;
  locationId?: string | undefined;
  designationId?: string | undefined;
  managerId?: string | undefined;
  status?: string | undefined;
  ctcMin?: number | undefined;
  ctcMax?: number | undefined;
  joinedYearFrom?: number | undefined;
  joinedYearTo?: number | undefined;
  joinedFrom?: string | undefined;
  joinedTo?: string | undefined;
  exitedFrom?: string | undefined;
  exitedTo?: string | undefined;
  onRoll?: boolean | undefined;
  sort: EmployeeSortKey;
}

/** Salary filters and sort need `employee:sensitive` (403 names the parameter). */
function buildFilterChecks(ctx: Ctx, input: FilterInput): void {
  if (canSeeSensitive(ctx)) return;
  const param = input.ctcMin !== undefined ? 'ctcMin' : input.ctcMax !== undefined ? 'ctcMax' : input.sort === 'ctcAnnual' ? 'sort' : undefined;
  if (param) {
    const message = 'filtering or sorting by salary needs the permission employee:sensitive';
    throw new AppError(403, 'forbidden', 'Not allowed', 'Filtering or sorting by salary needs the permission employee:sensitive.', [
      { path: `query.${param}`, message },
    ]);
  }
}

/** The caller's filter: their scope plus the query's conditions. */
export async function buildFilter(ctx: Ctx, input: FilterInput): Promise<repo.EmployeeFilter> {
  buildFilterChecks(ctx, input);
  return filterFrom(input, await visibleEmployeeIds(ctx));
}

function filterFrom(input: FilterInput, visible: repo.EmployeeFilter['visible']): repo.EmployeeFilter {
  return {
    visible,
    q: input.q || undefined,
    departmentId: input.departmentId,
    locationId: input.locationId,
    designationId: input.designationId,
    managerId: input.managerId,
    status: input.status,
    ctcMin: input.ctcMin,
    ctcMax: input.ctcMax,
    joinedFrom: later(input.joinedFrom, input.joinedYearFrom !== undefined ? `${input.joinedYearFrom}-01-01` : undefined),
    joinedTo: earlier(input.joinedTo, input.joinedYearTo !== undefined ? `${input.joinedYearTo}-12-31` : undefined),
    exitedFrom: input.exitedFrom,
    exitedTo: input.exitedTo,
    onRoll: input.onRoll,
  };
}

/** The later of two optional days (both bounds apply). */
function later(a: string | undefined, b: string | undefined): string | undefined {
  return a === undefined ? b : b === undefined ? a : a > b ? a : b;
}

function earlier(a: string | undefined, b: string | undefined): string | undefined {
  return a === undefined ? b : b === undefined ? a : a < b ? a : b;
}

/** What a cached answer for this caller depends on besides the query: whom they see and whether they see salaries. */
function callerKey(ctx: Ctx): string {
  const { caller } = ctx;
  const scope = caller.scope === 'org' ? 'org' : `${caller.scope}:${caller.employeeId ?? ''}`;
  return `${scope}|${canSeeSensitive(ctx)}`;
}

async function aggregatesOf(ctx: Ctx, filter: repo.EmployeeFilter): Promise<Pick<EmployeeListResponse, 'total' | 'facets' | 'kpis'>> {
  const { first, last } = monthBounds(dayInZone(ctx.clock.now(), ctx.timeZone));
  // A facet leaves out its own dimension's condition, so only a dimension the filter sets needs its own query.
  const [groups, ownDepartments, ownLocations, ownStatuses, names] = await Promise.all([
    repo.directoryGroups(ctx.db, filter, first, last),
    filter.departmentId ? repo.departmentFacet(ctx.db, filter) : undefined,
    filter.locationId ? repo.locationFacet(ctx.db, filter) : undefined,
    filter.status ? repo.statusFacet(ctx.db, filter) : undefined,
    repo.catalogueNames(ctx.db),
  ]);
  const fold = <K extends string | null>(key: (g: (typeof groups)[number]) => K) => {
    const counts = new Map<K, number>();
    for (const g of groups) counts.set(key(g), (counts.get(key(g)) ?? 0) + Number(g.n));
    return [...counts].map(([id, count]) => ({ id, count }));
  };
  const departments = ownDepartments ?? fold((g) => g.department_id);
  const locations = ownLocations ?? fold((g) => g.location_id);
  const statuses = ownStatuses ?? fold((g) => g.status).map((s) => ({ value: s.id, count: s.count }));
  const total = groups.reduce((n, g) => n + Number(g.n), 0);
  const kpis = {
    headcount: groups.reduce((n, g) => n + (g.status === 'Active' || g.status === 'OnNotice' ? Number(g.n) : 0), 0),
    joiners: groups.reduce((n, g) => n + Number(g.joiners ?? 0), 0),
    leavers: groups.reduce((n, g) => n + Number(g.leavers ?? 0), 0),
  };
  const bucket = (catalogue: { id: string; name: string }[], none: string) => (b: { id: string | null; count: number }) => ({
    id: b.id,
    name: catalogue.find((c) => c.id === b.id)?.name ?? none,
    count: Number(b.count),
  });
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return {
    total,
    facets: {
      department: departments.map(bucket(names.departments, 'No department')).sort(byName),
      location: locations.map(bucket(names.locations, 'No location')).sort(byName),
      status: EmployeeStatus.options.map((value) => ({
        value,
        count: Number(statuses.find((s) => s.value === value)?.count ?? 0),
      })),
    },
    kpis: { headcount: kpis.headcount, joinersThisMonth: kpis.joiners, leaversThisMonth: kpis.leavers },
  };
}

/**
 * A page of the directory with facets and KPIs. The aggregates depend on the
 * filter, not the page or order, so paging through a list computes them once.
 */
export async function listEmployees(ctx: Ctx, query: EmployeeListQuery): Promise<EmployeeListResponse> {
  const { rows, rest } = await listPage(ctx, query);
  const sensitive = canSeeSensitive(ctx);
  return { items: rows.map((r) => toListItem(r, sensitive)), ...rest };
}

/** A page's rows, and what the answer carries beside them (in the answer's order: page, pageSize, then the aggregates). */
async function listPage(ctx: Ctx, query: EmployeeListQuery): Promise<{ rows: repo.EmployeeRow[]; rest: Omit<EmployeeListResponse, 'items'> }> {
  const { ids, rest } = await listPageIds(ctx, query);
  return { rows: await repo.employeeRowsInOrder(ctx.db, ids), rest };
}

/** A page's ids; from a filter's second page, also the kept order they are a slice of and where (`pageIdsOf`). */
interface PageIds {
  ids: string[];
  kept?: { order: readonly string[]; offset: number };
}

/** A page's employee ids in order, and what the answer carries beside them. */
async function listPageIds(ctx: Ctx, query: EmployeeListQuery): Promise<PageIds & { rest: Omit<EmployeeListResponse, 'items'> }> {
  buildFilterChecks(ctx, query);
  const who = callerKey(ctx);
  const visible = await visibleCache.get(ctx.db, who, () => visibleEmployeeIds(ctx));
  const filter = filterFrom(query, visible);
  const { page, pageSize, sort, order, ...conditions } = query;
  const month = dayInZone(ctx.clock.now(), ctx.timeZone).slice(0, 7);
  const [aggregates, ids] = await Promise.all([
    aggregatesCache.get(ctx.db, `${who}|${month}|${JSON.stringify(conditions)}`, () => aggregatesOf(ctx, filter)),
    pageIdsOf(ctx, `${who}|${month}|${JSON.stringify([conditions, sort, order])}`, filter, sort, order, { limit: pageSize, offset: (page - 1) * pageSize }),
  ]);
  return { ...ids, rest: { page, pageSize, ...aggregates } };
}

/**
 * One page's ids. The first page asked of a filter (with its sort and direction) runs the page's own
 * query, so a filter tried once costs no more than its page; from the second, the whole order is read
 * once and kept until the directory changes, and each page is a slice of it, whatever its size. The
 * order is the page query's without LIMIT and OFFSET, so a slice holds the ids the page query returns.
 */
async function pageIdsOf(ctx: Ctx, key: string, filter: repo.EmployeeFilter, sort: EmployeeSortKey, order: SortOrder, page: { limit: number; offset: number }): Promise<PageIds> {
  let first = false;
  await orderAskedCache.get(ctx.db, key, async () => {
    first = true;
    return true;
  });
  if (first) return { ids: await repo.listEmployeePageIds(ctx.db, filter, sort, order, page) };
  const all = await orderCache.get(ctx.db, key, () => repo.listEmployeePageIds(ctx.db, filter, sort, order));
  return { ids: all.slice(page.offset, page.offset + page.limit), kept: { order: all, offset: page.offset } };
}

/** Each person's row text in the caller's view, from the kept texts; only those not kept are read, in one statement. */
function rowTexts(ctx: Ctx, ids: readonly string[], sensitive: boolean): Promise<Map<string, Buffer>> {
  return rowJsonCache.get(ctx.db, String(sensitive), ids, async (missing) => {
    const rows = await repo.employeeRowsInOrder(ctx.db, missing);
    return new Map(rows.map((r) => [r.id, Buffer.from(JSON.stringify(toListItem(r, sensitive)))]));
  });
}

/** Positions of a kept order per block (`OrderBlock`): a page of 50–100 rows spans one block or two. */
const BLOCK = 128;

/** A number per kept order (per array: a new one after any change to the directory), naming its blocks. */
const orderSerials = new WeakMap<readonly string[], number>();
let nextOrderSerial = 0;

/**
 * The page `[offset, offset + count)` of a kept order as spans of its blocks' bytes, to be joined by
 * commas; nothing if a block it needs is not written yet and some of that block's people have no kept
 * text. Such a page is written row by row, which reads only its own people: a block is written (and kept)
 * once all its people's texts are kept, so it never costs a statement.
 */
async function keptOrderSpans(ctx: Ctx, order: readonly string[], offset: number, count: number, sensitive: boolean): Promise<Buffer[] | undefined> {
  let serial = orderSerials.get(order);
  if (serial === undefined) orderSerials.set(order, (serial = nextOrderSerial++));
  const end = Math.min(offset + count, order.length);
  // A page past the end (its block may still exist: 25 of an order of 12 is in block 0).
  if (offset >= end) return [];
  const spans: Buffer[] = [];
  for (let from = offset - (offset % BLOCK); from < end; from += BLOCK) {
    const key = `${serial}|${from}`;
    let block = orderBlockCache.peek(ctx.db, key);
    if (block === undefined) {
      const ids = order.slice(from, from + BLOCK);
      const texts = rowJsonCache.keptIfAll(ctx.db, String(sensitive), ids);
      if (texts === undefined) return undefined;
      block = await orderBlockCache.get(ctx.db, key, async () => orderBlock(ids, texts));
    }
    spans.push(block.bytes.subarray(block.starts[Math.max(offset, from) - from], block.ends[Math.min(end, from + BLOCK) - from - 1]));
  }
  return spans;
}

/** A block's rows joined by commas, and where each position's row lies; `texts` holds every one of them. */
function orderBlock(ids: readonly string[], texts: ReadonlyMap<string, Buffer>): OrderBlock {
  const rows = ids.map((id) => texts.get(id) as Buffer);
  let size = Math.max(0, rows.length - 1);
  for (const row of rows) size += row.length;
  // Kept for as long as the directory does not change: memory of its own, not a slice of Node's shared pool.
  const bytes = Buffer.allocUnsafeSlow(size);
  const starts = new Int32Array(rows.length);
  const ends = new Int32Array(rows.length);
  let at = 0;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as Buffer;
    if (i > 0) bytes[at++] = COMMA;
    starts[i] = at;
    bytes.set(row, at);
    at += row.length;
    ends[i] = at;
  }
  return { bytes, starts, ends };
}

/**
 * The list as JSON bytes, from the directory cache when nothing changed since. A page not kept is
 * written from each person's kept row text (the same person on other pages, orders and filters):
 * only the people whose text is not kept are read from the database, so a page of people seen
 * before runs at most one statement (its ids, none once the filter's order is kept: `pageIdsOf`).
 * The bytes are exactly `JSON.stringify` of `listEmployees`.
 */
export async function listEmployeesJson(ctx: Ctx, query: EmployeeListQuery): Promise<Buffer> {
  // Permission errors must not be cached away: check them before the lookup.
  buildFilterChecks(ctx, query);
  const month = dayInZone(ctx.clock.now(), ctx.timeZone).slice(0, 7);
  return listCache.get(ctx.db, `${callerKey(ctx)}|${month}|${JSON.stringify(query)}`, async () => {
    const { ids, kept, rest } = await listPageIds(ctx, query);
    const sensitive = canSeeSensitive(ctx);
    const tail = Buffer.from(`],${JSON.stringify(rest).slice(1)}`);
    const spans = kept && (await keptOrderSpans(ctx, kept.order, kept.offset, ids.length, sensitive));
    if (spans) return jsonPage(spans, tail);
    const texts = await rowTexts(ctx, ids, sensitive);
    // A person gone between the two statements is left out, as the rows' read leaves them out. A loop, not
    // flatMap: V8's flatMap takes a generic path per element, 20 µs for a 75-row page against 2.5 µs.
    const rows: Buffer[] = [];
    for (const id of ids) {
      const text = texts.get(id);
      if (text !== undefined) rows.push(text);
    }
    return jsonPage(rows, tail);
  });
}

const ITEMS_OPEN = Buffer.from('{"items":[');
const COMMA = 0x2c;

/**
 * `{"items":[row,row,…],…rest}` from rows (or runs of rows) kept as UTF-8 bytes: one copy of each into a buffer of the
 * page's size. (Joining the texts and encoding the whole page again took about four times as long.)
 */
function jsonPage(rows: readonly Buffer[], tail: Buffer): Buffer {
  let size = ITEMS_OPEN.length + Math.max(0, rows.length - 1) + tail.length;
  for (const row of rows) size += row.length;
  const out = Buffer.allocUnsafe(size);
  // TypedArray#set: Buffer#copy takes a slow path for small rows.
  out.set(ITEMS_OPEN, 0);
  let at = ITEMS_OPEN.length;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as Buffer;
    if (i > 0) out[at++] = COMMA;
    out.set(row, at);
    at += row.length;
  }
  out.set(tail, at);
  return out;
}

/** Every matching row (or one page) for an export, in the list's order. */
export async function listEmployeesForExport(
  ctx: Ctx,
  input: FilterInput & { order: 'asc' | 'desc'; page?: number | undefined; pageSize?: number | undefined },
): Promise<EmployeeListItem[]> {
  const filter = await buildFilter(ctx, input);
  if ((input.page === undefined) !== (input.pageSize === undefined)) {
    const missing = input.page === undefined ? 'page' : 'pageSize';
    throw badRequest('Send page and pageSize together, or neither.', [
      { path: `query.${missing}`, message: 'send page and pageSize together, or neither' },
    ]);
  }
  const page =
    input.page !== undefined && input.pageSize !== undefined
      ? { limit: input.pageSize, offset: (input.page - 1) * input.pageSize }
      : undefined;
  const rows = await repo.listEmployeeRows(ctx.db, filter, input.sort, input.order, page);
  const sensitive = canSeeSensitive(ctx);
  return rows.map((r) => toListItem(r, sensitive));
}

export async function getEmployee(ctx: Ctx, id: string): Promise<Employee> {
  await assertCanSeeEmployee(ctx, id);
  const row = await repo.findEmployeeRow(ctx.db, id);
  if (!row) throw notFound('Employee');
  const sensitive = canSeeSensitive(ctx);
  const ids = sensitive ? await openedIds(ctx, id) : null;
  return toEmployee(row, sensitive, ctx.caller.employeeId === id, await repo.countDirectReports(ctx.db, id, true), ids);
}
