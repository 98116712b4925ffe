import type { EmployeeListResponse } from '../../../../shared/employees.ts';
import { defineCache, defineKeptById, type TableSource } from '../../db/cache.ts';

/** What a directory answer is read from: people, their catalogues, their shift and whether they have a login. */
export const DIRECTORY_TABLES = ['employee', 'department', 'location', 'designation', 'shift', 'user_account'] as const satisfies readonly TableSource[];

/** Who a caller may see (`all`, or their reporting line's ids): computed from the manager links. */
export const visibleCache = defineCache<'all' | string[]>({ name: 'employees.visible', reads: ['employee'] });

/** Facets and KPIs of a filter: the same for every page and order of it. */
export const aggregatesCache = defineCache<Pick<EmployeeListResponse, 'total' | 'facets' | 'kpis'>>({
  name: 'employees.aggregates',
  reads: DIRECTORY_TABLES,
});

/**
 * A filter's whole order (its people's ids, for one sort and direction): the second page asked of a
 * filter reads it once, then every other page, of any size, is a slice of it with no statement. 16
 * orders of up to 15,000 ids are about 15 MB at most.
 */
export const orderCache = defineCache<string[]>({ name: 'employees.order', reads: DIRECTORY_TABLES, maxEntries: 16 });

/** A run of positions of a kept order (`orderCache`) written out as one span of JSON: `read.ts`, `OrderBlock`. */
export interface OrderBlock {
  /** The people's row texts, in the order's order, joined by commas. */
  bytes: Buffer;
  /** Per position: where its row starts and ends in `bytes`. */
  starts: Int32Array;
  ends: Int32Array;
}

/**
 * Blocks of kept orders, keyed by the order's serial and the block's index: a new page of a kept order is
 * one or two spans of these, copied whole, not 50–100 rows looked up one by one and copied from all over the
 * heap. They hold the same texts as `rowJsonCache` a second time: 48 MB is three orders of 15,000 people.
 */
export const orderBlockCache = defineCache<OrderBlock>({
  name: 'employees.order-blocks',
  reads: DIRECTORY_TABLES,
  maxEntries: 4096,
  maxBytes: 48 * 1024 * 1024,
  sizeOf: (block) => block.bytes.length + block.starts.byteLength + block.ends.byteLength,
});

/** The filters (with sort and direction) a page was asked of: a filter asked once costs only its page. */
export const orderAskedCache = defineCache<true>({ name: 'employees.order-asked', reads: DIRECTORY_TABLES, maxEntries: 256 });

/**
 * Whole directory pages as JSON bytes, kept from a page's second asking: a page asked once (a list
 * scrolled through in new orders and sizes) is written from the kept row texts and sent, not kept.
 * Keeping each such 60 KiB page had cost 10–30% of a new page's CPU (paired; `docs/performance.md`).
 */
export const listCache = defineCache<Buffer>({ name: 'employees.list', reads: DIRECTORY_TABLES, maxBytes: 16 * 1024 * 1024, keepFromSecondAsking: true });

/**
 * One person's row of the directory as JSON text, per view (with or without salaries), kept as UTF-8
 * bytes that a page copies: a page not seen before is mostly people seen on other pages, orders and
 * filters, so their text is reused. 20,000 people per view (15,000 people fit in both).
 */
export const rowJsonCache = defineKeptById<Buffer>({ name: 'employees.list-rows', reads: DIRECTORY_TABLES, maxScopes: 2, maxPerScope: 20_000 });
