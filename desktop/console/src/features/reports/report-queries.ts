import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportCatalogue, ReportDefinition, ReportResult, SavedReportCreateInput } from '../../../../../shared/reports.ts';
import { api, type QueryParams } from '../../lib/api.ts';

export const reportsKey = ['reports'] as const;

export function useReportCatalogue() {
  return useQuery({ queryKey: [...reportsKey, 'catalogue'], queryFn: ({ signal }) => api.get<ReportCatalogue>('/api/reports', undefined, { signal }) });
}

/** One run of a report; the previous page stays on screen while the next loads. */
export function useReport(id: string | undefined, params: QueryParams) {
  return useQuery({
    queryKey: [...reportsKey, 'run', id, params],
    queryFn: ({ signal }) => api.get<ReportResult>(`/api/reports/${id}`, params, { signal }),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
  });
}

export function useSaveReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SavedReportCreateInput) => api.post<ReportDefinition>('/api/reports', input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: [...reportsKey, 'catalogue'] }),
  });
}

export function useDeleteReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: boolean }>(`/api/reports/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: [...reportsKey, 'catalogue'] }),
  });
}
