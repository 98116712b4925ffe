import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDepartments, useLocations } from '../settings/org-queries.ts';

/** A search parameter as a string, or undefined. */
export function useParam(name: string): [string | undefined, (value: string | undefined, extra?: Record<string, string | undefined>) => void] {
  const [search, setSearch] = useSearchParams();
  const value = search.get(name) ?? undefined;
  const set = (v: string | undefined, extra: Record<string, string | undefined> = {}) => {
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, x] of Object.entries({ [name]: v, ...extra })) {
          if (x === undefined || x === '') next.delete(k);
          else next.set(k, x);
        }
        return next;
      },
      { replace: true },
    );
  };
  return [value, set];
}

/** Department, location and text filters kept in the address bar. */
export function AttendanceFilters() {
  const departments = useDepartments();
  const locations = useLocations();
  const [departmentId, setDepartment] = useParam('departmentId');
  const [locationId, setLocation] = useParam('locationId');
  const [q, setQ] = useParam('q');
  const [text, setText] = useState(q ?? '');
  const { t } = useTranslation('employee');
  const commit = useDebouncedCallback((v: string) => setQ(v.trim() || undefined, { page: undefined }), 300);
  return (
    <Group gap="sm" wrap="wrap">
      <TextInput
        aria-label={t('attendanceFilters.search')}
        placeholder={t('attendanceFilters.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        w={240}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          commit(e.currentTarget.value);
        }}
      />
      <Select
        aria-label={t('attendanceFilters.department')}
        placeholder={t('attendanceFilters.allDepartments')}
        clearable
        w={200}
        data={(departments.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
        value={departmentId ?? null}
        onChange={(v) => setDepartment(v ?? undefined, { page: undefined })}
      />
      <Select
        aria-label={t('attendanceFilters.location')}
        placeholder={t('attendanceFilters.allLocations')}
        clearable
        w={200}
        data={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
        value={locationId ?? null}
        onChange={(v) => setLocation(v ?? undefined, { page: undefined })}
      />
    </Group>
  );
}

/** The filters as query parameters. */
export function useFilterQuery() {
  const [search] = useSearchParams();
  return {
    departmentId: search.get('departmentId') ?? undefined,
    locationId: search.get('locationId') ?? undefined,
    q: search.get('q') ?? undefined,
  };
}
