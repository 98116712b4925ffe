import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditList, AuditCategory, AuditRange } from '../../../../../shared/audit.ts';
import type {
  Employee,
  EmployeeCreate,
  EmployeeExit,
  EmployeeListResponse,
  EmployeeRehire,
  EmployeeUpdate,
} from '../../../../../shared/employees.ts';
import { api, type QueryParams } from '../../lib/api.ts';

export const employeesKey = ['employees'] as const;

/** One page of the directory with its facets and KPIs; the previous page stays on screen while the next loads. */
export function useEmployeeList(params: QueryParams) {
  return useQuery({
    queryKey: [...employeesKey, 'list', params],
    queryFn: ({ signal }) => api.get<EmployeeListResponse>('/api/employees', params, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useEmployee(id: string | undefined) {
  return useQuery({
    queryKey: [...employeesKey, 'one', id],
    queryFn: () => api.get<Employee>(`/api/employees/${id}`),
    enabled: Boolean(id),
    meta: { silent: true },
  });
}

export interface AuditParams {
  page: number;
  pageSize: number;
  category: AuditCategory | undefined;
  range: AuditRange;
}

export function useEmployeeAudit(id: string, params: AuditParams) {
  return useQuery({
    queryKey: [...employeesKey, 'audit', id, params],
    queryFn: () => api.get<AuditList>(`/api/employees/${id}/audit`, { ...params }),
    placeholderData: keepPreviousData,
  });
}

/** Forgets every cached employee query so lists, profiles and audit trails reload. */
function useInvalidateEmployees() {
  const qc = useQueryClient();
  return (employee?: Employee) => {
    if (employee) qc.setQueryData([...employeesKey, 'one', employee.id], employee);
    void qc.invalidateQueries({ queryKey: employeesKey });
  };
}

export function useCreateEmployee() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: (input: EmployeeCreate) => api.post<Employee>('/api/employees', input),
    onSuccess: (employee) => invalidate(employee),
    meta: { silent: true },
  });
}

export function useUpdateEmployee(id: string) {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: (input: EmployeeUpdate) => api.patch<Employee>(`/api/employees/${id}`, input),
    onSuccess: (employee) => invalidate(employee),
    meta: { silent: true },
  });
}

export function useExitEmployee(id: string) {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: (input: EmployeeExit) => api.post<Employee>(`/api/employees/${id}/exit`, input),
    onSuccess: () => invalidate(),
    meta: { silent: true },
  });
}

export function useRehireEmployee(id: string) {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: (input: EmployeeRehire) => api.post<Employee>(`/api/employees/${id}/rehire`, input),
    onSuccess: () => invalidate(),
    meta: { silent: true },
  });
}
