import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeResponse } from '../../../../../shared/auth.ts';
import type {
  ColleagueList,
  LeaveAdjustmentCreate,
  LeaveAdjustmentList,
  LeaveAdjustmentResult,
  LeaveApplyInput,
  LeaveBalances,
  LeaveCalendar,
  LeaveLedger,
  LeaveListResponse,
  LeaveQuote,
  LeaveRequest,
  LeaveType,
  LeaveTypeCreateInput,
  LeaveTypeList,
  LeaveTypeUpdate,
  LedgerRunResult,
  YearEndPreview,
} from '../../../../../shared/leave/index.ts';
import { api, type QueryParams } from '../../lib/api.ts';

export const leaveKey = ['leave'] as const;

/** Today in the organisation's time zone, as the server sees it. */
export function useOrgToday(): string | undefined {
  const me = useQuery({
    queryKey: [...leaveKey, 'today'],
    queryFn: () => api.get<MeResponse>('/api/auth/me'),
    staleTime: 10 * 60_000,
    meta: { silent: true },
  });
  return me.data?.organisation.today;
}

export function useLeaveTypes(includeInactive = false) {
  return useQuery({
    queryKey: [...leaveKey, 'types', includeInactive],
    queryFn: () => api.get<LeaveTypeList>('/api/leave/types', { includeInactive }),
    staleTime: 60_000,
  });
}

export function useBalances(employeeId?: string, enabled = true) {
  return useQuery({
    queryKey: [...leaveKey, 'balances', employeeId ?? 'me'],
    queryFn: () => api.get<LeaveBalances>('/api/leave/balances', { employeeId }),
    enabled,
  });
}

export function useLedger(leaveTypeId: string | null, employeeId?: string, yearStart?: string) {
  return useQuery({
    queryKey: [...leaveKey, 'ledger', leaveTypeId, employeeId ?? 'me', yearStart ?? 'current'],
    queryFn: () => api.get<LeaveLedger>('/api/leave/ledger', { leaveTypeId, employeeId, yearStart }),
    enabled: Boolean(leaveTypeId),
  });
}

export function useLeaveRequests(params: QueryParams, enabled = true) {
  return useQuery({
    queryKey: [...leaveKey, 'requests', params],
    queryFn: () => api.get<LeaveListResponse>('/api/leave/requests', params),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useLeaveRequest(id: string | null) {
  return useQuery({
    queryKey: [...leaveKey, 'request', id],
    queryFn: () => api.get<LeaveRequest>(`/api/leave/requests/${id}`),
    enabled: Boolean(id),
    meta: { silent: true },
  });
}

export interface QuoteParams {
  leaveTypeId: string;
  fromDate: string;
  toDate: string;
  duration: string;
  /** HR's quote for an employee (see `employeeId` on the apply contract). */
  employeeId?: string | undefined;
}

/** The cost and team load of a request before it is made; the last answer stays while the next loads. */
export function useQuote(params: QuoteParams | null) {
  return useQuery({
    queryKey: [...leaveKey, 'quote', params],
    queryFn: () => api.get<LeaveQuote>('/api/leave/quote', { ...params }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** Backup choices: the caller's colleagues, or (HR recording leave) those of `employeeId`. */
export function useColleagues(employeeId?: string) {
  return useQuery({
    queryKey: [...leaveKey, 'colleagues', employeeId ?? 'me'],
    queryFn: () => api.get<ColleagueList>('/api/leave/colleagues', { employeeId }),
    staleTime: 5 * 60_000,
  });
}

export function useLeaveCalendar(params: { from: string; to: string; scope: 'team' | 'org' } | null) {
  return useQuery({
    queryKey: [...leaveKey, 'calendar', params],
    queryFn: () => api.get<LeaveCalendar>('/api/leave/calendar', { ...params }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

export function useAdjustments(page: number) {
  return useQuery({
    queryKey: [...leaveKey, 'adjustments', page],
    queryFn: () => api.get<LeaveAdjustmentList>('/api/leave/adjustments', { page, pageSize: 20 }),
    placeholderData: keepPreviousData,
  });
}

export function useYearEndPreview(boundary: string | undefined) {
  return useQuery({
    queryKey: [...leaveKey, 'year-end', boundary ?? 'next'],
    queryFn: () => api.get<YearEndPreview>('/api/leave/year-end', { boundary }),
  });
}

/** After any change, everything leave shows may differ: balances, lists, the calendar. */
function useInvalidateLeave() {
  const qc = useQueryClient();
  return (request?: LeaveRequest) => {
    if (request) qc.setQueryData([...leaveKey, 'request', request.id], request);
    void qc.invalidateQueries({ queryKey: leaveKey });
    void qc.invalidateQueries({ queryKey: ['notifications'] });
  };
}

/** The apply fields as the text parts of a multipart form (absent and null ones left out). */
function applyForm(input: LeaveApplyInput, file: File): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) if (value !== undefined && value !== null && value !== '') form.set(key, String(value));
  form.set('file', file, file.name);
  return form;
}

/** Applies (JSON), or with a supporting file (multipart: the request and the file are kept together or not at all). */
export function useApplyLeave() {
  const invalidate = useInvalidateLeave();
  return useMutation({
    mutationFn: ({ input, file }: { input: LeaveApplyInput; file?: File | null }) =>
      file ? api.form<LeaveRequest>('/api/leave/requests', applyForm(input, file)) : api.post<LeaveRequest>('/api/leave/requests', input),
    onSuccess: (r) => invalidate(r),
    meta: { silent: true },
  });
}

/** Attaches a supporting file (a medical certificate) to a request; the answer is the request with it listed. */
export function useAttachLeaveDocument() {
  const invalidate = useInvalidateLeave();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.set('file', file, file.name);
      return api.form<LeaveRequest>(`/api/leave/requests/${id}/documents`, form);
    },
    onSuccess: (r) => {
      invalidate(r);
      // The file shows in the employee's documents as well.
      void qc.invalidateQueries({ queryKey: ['documents'] });
    },
    meta: { silent: true },
  });
}

export type Decision = 'approve' | 'reject' | 'withdraw' | 'cancel';

export function useDecide() {
  const invalidate = useInvalidateLeave();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: string; decision: Decision; note: string | null }) =>
      api.post<LeaveRequest>(`/api/leave/requests/${id}/${decision}`, decision === 'approve' || decision === 'withdraw' ? (note ? { note } : {}) : { note }),
    onSuccess: (r) => invalidate(r),
  });
}

export function useAdjust() {
  const invalidate = useInvalidateLeave();
  return useMutation({
    mutationFn: (input: LeaveAdjustmentCreate) => api.post<LeaveAdjustmentResult>('/api/leave/adjustments', input),
    onSuccess: () => invalidate(),
    meta: { silent: true },
  });
}

export function useSaveLeaveType() {
  const invalidate = useInvalidateLeave();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: LeaveTypeCreateInput | LeaveTypeUpdate }) =>
      id ? api.patch<LeaveType>(`/api/leave/types/${id}`, input) : api.post<LeaveType>('/api/leave/types', input),
    onSuccess: () => invalidate(),
    meta: { silent: true },
  });
}

export function useRunYearEnd() {
  const invalidate = useInvalidateLeave();
  return useMutation({
    mutationFn: (boundary: string) => api.post<LedgerRunResult>('/api/leave/year-end/run', { boundary }),
    onSuccess: () => invalidate(),
  });
}

export function useRunAccruals() {
  const invalidate = useInvalidateLeave();
  return useMutation({
    mutationFn: () => api.post<LedgerRunResult>('/api/leave/accruals/run'),
    onSuccess: () => invalidate(),
  });
}
