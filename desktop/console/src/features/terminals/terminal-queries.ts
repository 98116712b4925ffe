import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminLogList,
  EnrolmentInput,
  EnrolmentList,
  RawUser,
  RawUserList,
  RawUserMapInput,
  Terminal,
  TerminalInput,
  TerminalList,
  TerminalTestResult,
  UnmatchedList,
} from '../../../../../shared/terminals.ts';
import { api } from '../../lib/api.ts';
import { putJson } from '../attendance/attendance-queries.ts';

export const terminalsKey = ['terminals'] as const;

function useRefresh() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: terminalsKey });
    void qc.invalidateQueries({ queryKey: ['attendance'] });
  };
}

/** Terminals with their state, refreshed every 15 s. */
export function useTerminals() {
  return useQuery({ queryKey: [...terminalsKey, 'list'], queryFn: () => api.get<TerminalList>('/api/terminals'), refetchInterval: 15_000 });
}

export function useSaveTerminal() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TerminalInput }) => (id ? putJson<Terminal>(`/api/terminals/${id}`, input) : api.post<Terminal>('/api/terminals', input)),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

export function useDeleteTerminal() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => api.delete<{ ok: boolean }>(`/api/terminals/${id}`), onSuccess: refresh });
}

export function useTestTerminal() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => api.post<TerminalTestResult>(`/api/terminals/${id}/test`), onSuccess: refresh });
}

export function useUnmatched() {
  return useQuery({ queryKey: [...terminalsKey, 'unmatched'], queryFn: () => api.get<UnmatchedList>('/api/terminals/unmatched') });
}

export function useEnrolments() {
  return useQuery({ queryKey: [...terminalsKey, 'enrolments'], queryFn: () => api.get<EnrolmentList>('/api/terminals/enrolments') });
}

export function useCreateEnrolment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: EnrolmentInput) => api.post<{ attached: number; daysReconciled: number }>('/api/terminals/enrolments', input),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

export function useDeleteEnrolment() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => api.delete<{ ok: boolean }>(`/api/terminals/enrolments/${id}`), onSuccess: refresh });
}

export function useAdminLogs() {
  return useQuery({ queryKey: [...terminalsKey, 'admin-logs'], queryFn: () => api.get<AdminLogList>('/api/terminals/admin-logs') });
}

export function useRawUsers() {
  return useQuery({ queryKey: [...terminalsKey, 'raw-users'], queryFn: () => api.get<RawUserList>('/api/terminals/raw-users') });
}

export function useMapRawUser() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (input: RawUserMapInput) => api.post<RawUser>('/api/terminals/raw-users', input), onSuccess: refresh, meta: { silent: true } });
}

export function useUnmapRawUser() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => api.delete<{ ok: boolean }>(`/api/terminals/raw-users/${id}`), onSuccess: refresh });
}
