import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BundleQuery, FileInput, FilingList, MissingReport, Readiness, RegisterCatalogue, RegisterPreview } from '../../../../../shared/compliance.ts';
import type { Establishment, EstablishmentUpdate } from '../../../../../shared/establishment.ts';
import type { EmployeeRegister, EmployeeRegisterUpdate } from '../../../../../shared/employee-register.ts';
import type { ExportFormat } from '../../../../../shared/common.ts';
import type { Job } from '../../../../../shared/jobs.ts';
import { api } from '../../lib/api.ts';

/** Queries and mutations of the Compliance area (registers, bundle, filings, missing data) and the register fields. */

export function useRegisters() {
  return useQuery({ queryKey: ['compliance', 'registers'], queryFn: () => api.get<RegisterCatalogue>('/api/compliance/registers'), staleTime: 300_000 });
}

export function useRegisterPreview(key: string | null, query: { period: string; profile?: string | null; location?: string | null }) {
  return useQuery({
    queryKey: ['compliance', 'preview', key, query],
    queryFn: () => api.get<RegisterPreview>(`/api/compliance/registers/${key}`, { ...query, limit: 200 }),
    enabled: !!key,
  });
}

export function useReadiness(period: string, location: string | null) {
  return useQuery({ queryKey: ['compliance', 'readiness', period, location], queryFn: () => api.get<Readiness>('/api/compliance/readiness', { period, location }) });
}

export function useFilings() {
  return useQuery({ queryKey: ['compliance', 'filings'], queryFn: () => api.get<FilingList>('/api/compliance/filings') });
}

export function useMissing(period: string, location: string | null) {
  return useQuery({ queryKey: ['compliance', 'missing', period, location], queryFn: () => api.get<MissingReport>('/api/compliance/missing', { period, location }) });
}

export function useEstablishment() {
  return useQuery({ queryKey: ['compliance', 'establishment'], queryFn: () => api.get<Establishment>('/api/organisation/establishment') });
}

export function useUpdateEstablishment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EstablishmentUpdate) => api.patch<Establishment>('/api/organisation/establishment', body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['compliance'] }),
  });
}

/** A job, polled every half second while it runs. */
export function useJob(id: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: ['job', id],
    queryFn: async () => {
      const job = await api.get<Job>(`/api/jobs/${id}`);
      if (job.status !== 'running') void qc.invalidateQueries({ queryKey: ['compliance'] });
      return job;
    },
    enabled: !!id,
    refetchInterval: (q) => (q.state.data?.status === 'running' || !q.state.data ? 500 : false),
  });
}

export function useStartBundle() {
  return useMutation({ mutationFn: (body: BundleQuery) => api.post<Job>('/api/compliance/bundle/jobs', body) });
}

/** One register built as a job (large registers: progress, then the download). */
export function useStartRegisterExport(key: string) {
  return useMutation({ mutationFn: (body: { period: string; format: ExportFormat; profile?: string; location?: string }) => api.post<Job>(`/api/compliance/registers/${key}/export/jobs`, body) });
}

export function useFileMonth() {
  return useMutation({ mutationFn: (body: FileInput) => api.post<Job>('/api/compliance/filings', body) });
}

export function useCancelJob() {
  return useMutation({ mutationFn: (id: string) => api.post<Job>(`/api/jobs/${id}/cancel`) });
}

export function useEmployeeRegister(employeeId: string) {
  return useQuery({ queryKey: ['employee-register', employeeId], queryFn: () => api.get<EmployeeRegister>(`/api/employees/${employeeId}/register`) });
}

export function useUpdateEmployeeRegister(employeeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EmployeeRegisterUpdate) => api.patch<EmployeeRegister>(`/api/employees/${employeeId}/register`, body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['employee-register', employeeId] });
      void qc.invalidateQueries({ queryKey: ['compliance'] });
    },
  });
}
