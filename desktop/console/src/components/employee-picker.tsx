import { useMemo, useState } from 'react';
import { Loader, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Employee, EmployeeListResponse } from '../../../../shared/employees.ts';
import { api } from '../lib/api.ts';

export interface PickedEmployee {
  id: string;
  fullName: string;
}

interface EmployeePickerProps extends Omit<SelectProps, 'data' | 'onChange' | 'value'> {
  value: string | null;
  onChange: (id: string | null) => void;
  /** The currently chosen employee, so its name shows before any search. */
  selected?: PickedEmployee | null;
  /** Leave this one out of the choices (an employee cannot manage themselves). */
  excludeId?: string;
  /** Only employees that have no login yet. */
  withoutLogin?: boolean;
}

/** A searchable select over the directory; searches on the server as you type. */
export function EmployeePicker({ value, onChange, selected, excludeId, withoutLogin, ...rest }: EmployeePickerProps) {
  const { t } = useTranslation('common');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [picked, setPicked] = useState<{ id: string; label: string } | null>(
    selected ? { id: selected.id, label: selected.fullName } : null,
  );
  // After a choice the input shows the chosen label: that is not a search.
  const q = picked && debounced === picked.label ? '' : debounced;
  const results = useQuery({
    queryKey: ['employees', 'picker', q],
    queryFn: () =>
      api.get<EmployeeListResponse>('/api/employees', { q, pageSize: 25, sort: 'fullName', order: 'asc' }),
    staleTime: 30_000,
  });

  // A value that came from elsewhere (the address bar) and is not among the results: look up its name.
  const known = (picked && picked.id === value) || selected?.id === value || results.data?.items.some((e) => e.id === value);
  const chosen = useQuery({
    queryKey: ['employees', 'one', value],
    queryFn: () => api.get<Employee>(`/api/employees/${value}`),
    enabled: Boolean(value) && !known && results.isSuccess,
    meta: { silent: true },
  });

  const data = useMemo(() => {
    const options = new Map<string, { value: string; label: string }>();
    const fromLookup = chosen.data ? { id: chosen.data.id, label: `${chosen.data.fullName} · ${chosen.data.code}` } : null;
    const fromSelected = selected ? { id: selected.id, label: selected.fullName } : null;
    const current = [picked, fromSelected, fromLookup].find((c) => c && c.id === value);
    if (current) options.set(current.id, { value: current.id, label: current.label });
    for (const e of results.data?.items ?? []) {
      if (e.id === excludeId || e.status === 'Exited') continue;
      if (withoutLogin && e.hasLogin) continue;
      options.set(e.id, { value: e.id, label: `${e.fullName} · ${e.code}` });
    }
    return [...options.values()];
  }, [results.data, chosen.data, picked, selected, value, excludeId, withoutLogin]);

  return (
    <Select
      searchable
      clearable
      nothingFoundMessage={results.isFetching ? t('picker.searching') : t('picker.noMatch')}
      rightSection={results.isFetching ? <Loader size="xs" /> : undefined}
      placeholder={t('picker.placeholder')}
      {...rest}
      data={data}
      value={value}
      filter={({ options }) => options}
      onSearchChange={setSearch}
      onChange={(id, option) => {
        setPicked(id && option ? { id, label: option.label } : null);
        onChange(id);
      }}
    />
  );
}
