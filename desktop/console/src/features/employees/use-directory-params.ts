import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  EMPLOYEE_SORT_KEYS,
  EMPLOYEE_STATUSES,
  type EmployeeSortKey,
  type EmployeeStatus,
} from '../../../../../shared/employees.ts';
import type { QueryParams } from '../../lib/api.ts';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

/** The directory's filters as they live in the address bar, so back/forward and reloads keep them. */
export interface DirectoryFilters {
  q: string;
  departmentId: string | null;
  locationId: string | null;
  designationId: string | null;
  managerId: string | null;
  status: EmployeeStatus | null;
  ctcMin: number | null;
  ctcMax: number | null;
  joinedYearFrom: number | null;
  joinedYearTo: number | null;
  /** Day ranges and "on the rolls", as the dashboard links to them. */
  joinedFrom: string | null;
  joinedTo: string | null;
  exitedFrom: string | null;
  exitedTo: string | null;
  onRoll: boolean | null;
}

export interface DirectoryParams extends DirectoryFilters {
  sort: EmployeeSortKey;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export const FILTER_KEYS = [
  'departmentId',
  'locationId',
  'designationId',
  'managerId',
  'status',
  'ctcMin',
  'ctcMax',
  'joinedYearFrom',
  'joinedYearTo',
  'joinedFrom',
  'joinedTo',
  'exitedFrom',
  'exitedTo',
  'onRoll',
] as const satisfies readonly (keyof DirectoryFilters)[];

function int(value: string | null): number | null {
  if (value === null || !/^\d{1,12}$/.test(value)) return null;
  return Number(value);
}

function day(value: string | null): string | null {
  return value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

export function useDirectoryParams() {
  const [search, setSearch] = useSearchParams();

  const params = useMemo<DirectoryParams>(() => {
    const pageSize = int(search.get('pageSize'));
    return {
      q: search.get('q') ?? '',
      departmentId: search.get('departmentId'),
      locationId: search.get('locationId'),
      designationId: search.get('designationId'),
      managerId: search.get('managerId'),
      status: oneOf(search.get('status'), EMPLOYEE_STATUSES),
      ctcMin: int(search.get('ctcMin')),
      ctcMax: int(search.get('ctcMax')),
      joinedYearFrom: int(search.get('joinedYearFrom')),
      joinedYearTo: int(search.get('joinedYearTo')),
      joinedFrom: day(search.get('joinedFrom')),
      joinedTo: day(search.get('joinedTo')),
      exitedFrom: day(search.get('exitedFrom')),
      exitedTo: day(search.get('exitedTo')),
      onRoll: search.get('onRoll') === 'true' ? true : null,
      sort: oneOf(search.get('sort'), EMPLOYEE_SORT_KEYS) ?? 'fullName',
      order: search.get('order') === 'desc' ? 'desc' : 'asc',
      page: Math.max(1, int(search.get('page')) ?? 1),
      pageSize: PAGE_SIZES.find((s) => s === pageSize) ?? DEFAULT_PAGE_SIZE,
    };
  }, [search]);

  /** Changes some params; any change other than the page itself goes back to page 1. */
  const update = useCallback(
    (patch: Partial<DirectoryParams>) => {
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setSearch],
  );

  const clearFilters = useCallback(() => {
    const cleared: Partial<DirectoryParams> = { q: '' };
    for (const key of FILTER_KEYS) cleared[key] = null;
    update(cleared);
  }, [update]);

  const activeFilterCount = FILTER_KEYS.filter((k) => params[k] !== null).length + (params.q ? 1 : 0);

  return { params, update, clearFilters, activeFilterCount };
}

/** The filters and sort as query parameters of the list and export endpoints. */
export function filterQuery(p: DirectoryParams): QueryParams {
  const query: QueryParams = { q: p.q.trim(), sort: p.sort, order: p.order };
  for (const key of FILTER_KEYS) query[key] = p[key];
  return query;
}
