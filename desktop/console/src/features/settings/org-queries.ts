import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Department,
  DepartmentInput,
  Designation,
  DesignationInput,
  Location,
  LocationInput,
  Organisation,
  OrganisationUpdate,
  Shift,
} from '../../../../../shared/org.ts';
import { api } from '../../lib/api.ts';


interface Items<T> {
  items: T[];
}

export const orgKey = ['org'] as const;

export function useOrganisation() {
  return useQuery({ queryKey: [...orgKey, 'organisation'], queryFn: () => api.get<Organisation>('/api/org') });
}

export function useUpdateOrganisation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: OrganisationUpdate) => api.patch<Organisation>('/api/org', input),
    onSuccess: (org) => {
      qc.setQueryData([...orgKey, 'organisation'], org);
      void qc.invalidateQueries({ queryKey: ['setup'] });
    },
    meta: { silent: true },
  });
}

export function useShifts() {
  return useQuery({
    queryKey: [...orgKey, 'shifts'],
    queryFn: async () => (await api.get<Items<Shift>>('/api/shifts')).items,
    staleTime: 5 * 60_000,
  });
}

/** Lookup tables with the same CRUD shape: departments, locations, designations. */
export type CatalogName = 'departments' | 'locations' | 'designations';

interface CatalogTypes {
  departments: { row: Department; input: DepartmentInput };
  locations: { row: Location; input: LocationInput };
  designations: { row: Designation; input: DesignationInput };
}

export function useCatalog<N extends CatalogName>(name: N) {
  return useQuery({
    queryKey: [...orgKey, name],
    queryFn: async () => (await api.get<Items<CatalogTypes[N]['row']>>(`/api/${name}`)).items,
    staleTime: 60_000,
  });
}

export function useDepartments() {
  return useCatalog('departments');
}
export function useLocations() {
  return useCatalog('locations');
}
export function useDesignations() {
  return useCatalog('designations');
}

/** Create, update and delete for one catalog; every change reloads it and the directory. */
export function useCatalogMutations<N extends CatalogName>(name: N) {
  const qc = useQueryClient();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: [...orgKey, name] });
    void qc.invalidateQueries({ queryKey: ['employees'] });
  };
  const meta = { silent: true };
  return {
    create: useMutation({
      mutationFn: (input: CatalogTypes[N]['input']) => api.post<CatalogTypes[N]['row']>(`/api/${name}`, input),
      onSuccess: refresh,
      meta,
    }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: string; input: CatalogTypes[N]['input'] }) =>
        api.patch<CatalogTypes[N]['row']>(`/api/${name}/${id}`, input),
      onSuccess: refresh,
      meta,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete<{ ok: boolean }>(`/api/${name}/${id}`),
      onSuccess: refresh,
    }),
  };
}
