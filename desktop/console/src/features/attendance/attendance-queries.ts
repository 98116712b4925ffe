import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AttendanceDay,
  AttendanceHoliday,
  AttendanceSettings,
  AttendanceSettingsUpdate,
  CalendarResponse,
  DayDetail,
  DayOverride,
  DayView,
  HolidayInput,
  LiveView,
  LocationPolicy,
  LocationPolicyInput,
  MonthView,
  PolicyLogEntry,
  PunchImportInput,
  PunchImportResult,
  RecomputeInput,
  RecomputeJob,
  Regularization,
  RegularizationCreate,
  RegularizationList,
  RegularizationPreview,
  RegularizationPreviewRequest,
  SelfPunchInput,
  SelfToday,
  ShiftAssignmentList,
  ShiftPolicy,
  ShiftPolicyInput,
} from '../../../../../shared/attendance/index.ts';
import { useLocale } from '../../i18n/language.tsx';
import { api, send, type QueryParams } from '../../lib/api.ts';

/** PUT with a JSON body (the shared client has no PUT shorthand). */
export async function putJson<T>(path: string, body: unknown): Promise<T> {
  return (await (await send('PUT', path, { body })).json()) as T;
}

export const attendanceKey = ['attendance'] as const;

/** Everything attendance shows can change after any attendance write: reload it all. */
function useRefreshAttendance() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: attendanceKey });
    void qc.invalidateQueries({ queryKey: ['notifications'] });
  };
}

/** The live board, refreshed every 10 s without reloading the page. */
export function useLive(params: QueryParams) {
  return useQuery({
    queryKey: [...attendanceKey, 'live', params],
    queryFn: ({ signal }) => api.get<LiveView>('/api/attendance/live', params, { signal }),
    refetchInterval: 10_000,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });
}

export function useCalendar(month: string, params: QueryParams) {
  return useQuery({
    queryKey: [...attendanceKey, 'calendar', month, params],
    queryFn: ({ signal }) => api.get<CalendarResponse>(`/api/attendance/calendar/${month}`, params, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDayView(date: string, params: QueryParams) {
  return useQuery({
    queryKey: [...attendanceKey, 'day', date, params],
    queryFn: ({ signal }) => api.get<DayView>(`/api/attendance/day/${date}`, params, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useEmployeeDay(employeeId: string | null, date: string | null) {
  return useQuery({
    queryKey: [...attendanceKey, 'employee-day', employeeId, date],
    queryFn: () => api.get<DayDetail>(`/api/attendance/employee/${employeeId}/day/${date}`),
    enabled: Boolean(employeeId && date),
  });
}

export function useEmployeeMonth(employeeId: string, month: string) {
  return useQuery({
    queryKey: [...attendanceKey, 'employee-month', employeeId, month],
    queryFn: () => api.get<MonthView>(`/api/attendance/employee/${employeeId}/month/${month}`),
    placeholderData: keepPreviousData,
  });
}

export function useOverrideDay(employeeId: string, date: string) {
  const refresh = useRefreshAttendance();
  return useMutation({
    mutationFn: (input: DayOverride) => api.patch<AttendanceDay>(`/api/attendance/employee/${employeeId}/day/${date}`, input),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

export function useSelfToday() {
  return useQuery({
    queryKey: [...attendanceKey, 'me'],
    queryFn: () => api.get<SelfToday>('/api/attendance/me'),
    refetchInterval: 30_000,
  });
}

export function useSelfPunch() {
  const refresh = useRefreshAttendance();
  return useMutation({
    mutationFn: (input: SelfPunchInput) => api.post<{ duplicate: boolean }>('/api/attendance/me/punch', input),
    onSuccess: refresh,
  });
}

export function useRegularizations(params: QueryParams) {
  return useQuery({
    queryKey: [...attendanceKey, 'regularizations', params],
    queryFn: ({ signal }) => api.get<RegularizationList>('/api/regularizations', params, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRequestRegularization() {
  const refresh = useRefreshAttendance();
  return useMutation({
    mutationFn: (input: RegularizationCreate) => api.post<Regularization>('/api/regularizations', input),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

/** The effect a request would have on its day (nothing stored); errors are shown beside the form, not as toasts. */
export function useRegularizationPreview(input: RegularizationPreviewRequest | null) {
  return useQuery({
    queryKey: [...attendanceKey, 'regularization-preview', input],
    queryFn: ({ signal }) => api.post<RegularizationPreview>('/api/regularizations/preview', input, { signal }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** The effect of a waiting request, for the person deciding it; `enabled` goes false once a decision is on its way (then there is none to show). */
export function useRequestEffect(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...attendanceKey, 'regularization-effect', id],
    queryFn: ({ signal }) => api.get<RegularizationPreview>(`/api/regularizations/${id}/preview`, undefined, { signal }),
    enabled,
    meta: { silent: true },
  });
}

export function useDecideRegularization() {
  const refresh = useRefreshAttendance();
  return useMutation({
    mutationFn: ({ id, approve, note }: { id: string; approve: boolean; note: string | null }) =>
      approve ? api.post<Regularization>(`/api/regularizations/${id}/approve`, { note }) : api.post<Regularization>(`/api/regularizations/${id}/reject`, { note }),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

// ------------------------------------------------------------------ policy

export function useShiftPolicies() {
  return useQuery({
    queryKey: [...attendanceKey, 'shifts'],
    queryFn: async () => (await api.get<{ items: ShiftPolicy[] }>('/api/attendance/shifts')).items,
  });
}

export function useSaveShift() {
  const refresh = useRefreshAttendance();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ShiftPolicyInput }) =>
      id ? putJson<ShiftPolicy>(`/api/attendance/shifts/${id}`, input) : api.post<ShiftPolicy>('/api/attendance/shifts', input),
    onSuccess: () => {
      refresh();
      void qc.invalidateQueries({ queryKey: ['org', 'shifts'] });
    },
    meta: { silent: true },
  });
}

export function useDeleteShift() {
  const refresh = useRefreshAttendance();
  return useMutation({ mutationFn: (id: string) => api.delete<{ ok: boolean }>(`/api/attendance/shifts/${id}`), onSuccess: refresh });
}

export function useAssignments(employeeId: string) {
  return useQuery({
    queryKey: [...attendanceKey, 'assignments', employeeId],
    queryFn: () => api.get<ShiftAssignmentList>(`/api/attendance/employee/${employeeId}/shifts`),
  });
}

export function useAssignShift(employeeId: string) {
  const refresh = useRefreshAttendance();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { shiftId: string; effectiveFrom: string }) => api.post<ShiftAssignmentList>(`/api/attendance/employee/${employeeId}/shifts`, input),
    onSuccess: () => {
      refresh();
      void qc.invalidateQueries({ queryKey: ['employees'] });
    },
    meta: { silent: true },
  });
}

export function useLocationPolicies() {
  return useQuery({
    queryKey: [...attendanceKey, 'locations'],
    queryFn: async () => (await api.get<{ items: LocationPolicy[] }>('/api/attendance/locations')).items,
  });
}

export function useSaveLocationPolicy() {
  const refresh = useRefreshAttendance();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: LocationPolicyInput }) => putJson<LocationPolicy>(`/api/attendance/locations/${id}`, input),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

export function useHolidays(year: number) {
  return useQuery({
    queryKey: [...attendanceKey, 'holidays', year],
    queryFn: async () => (await api.get<{ items: AttendanceHoliday[] }>('/api/attendance/holidays', { year })).items,
  });
}

export function useSaveHoliday() {
  const refresh = useRefreshAttendance();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: HolidayInput }) =>
      id ? putJson<AttendanceHoliday>(`/api/attendance/holidays/${id}`, input) : api.post<AttendanceHoliday>('/api/attendance/holidays', input),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

export function useDeleteHoliday() {
  const refresh = useRefreshAttendance();
  return useMutation({ mutationFn: (id: string) => api.delete<{ ok: boolean }>(`/api/attendance/holidays/${id}`), onSuccess: refresh });
}

export function useOptIn() {
  const refresh = useRefreshAttendance();
  return useMutation({
    mutationFn: ({ id, optIn }: { id: string; optIn: boolean }) =>
      optIn ? api.post<AttendanceHoliday>(`/api/attendance/holidays/${id}/opt-in`) : api.delete<AttendanceHoliday>(`/api/attendance/holidays/${id}/opt-in`),
    onSuccess: refresh,
  });
}

export function useAttendanceSettings() {
  return useQuery({ queryKey: [...attendanceKey, 'settings'], queryFn: () => api.get<AttendanceSettings>('/api/attendance/settings') });
}

export function useUpdateAttendanceSettings() {
  const refresh = useRefreshAttendance();
  return useMutation({
    mutationFn: (input: AttendanceSettingsUpdate) => api.patch<AttendanceSettings>('/api/attendance/settings', input),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

export function usePolicyLog() {
  // The server writes the summaries in the reader's language: another language is another answer.
  const locale = useLocale();
  return useQuery({
    queryKey: [...attendanceKey, 'policy-log', locale],
    queryFn: async () => (await api.get<{ items: PolicyLogEntry[] }>('/api/attendance/policy-log')).items,
  });
}

export function useStartRecompute() {
  return useMutation({ mutationFn: (input: RecomputeInput) => api.post<RecomputeJob>('/api/attendance/recompute', input), meta: { silent: true } });
}

/** A recompute's progress, polled while it runs. */
export function useRecomputeJob(id: string | null) {
  const refresh = useRefreshAttendance();
  return useQuery({
    queryKey: ['recompute', id],
    queryFn: async () => {
      const job = await api.get<RecomputeJob>(`/api/attendance/recompute/${id}`);
      if (job.status !== 'running') refresh();
      return job;
    },
    enabled: Boolean(id),
    refetchInterval: (q) => (q.state.data?.status === 'running' || !q.state.data ? 500 : false),
  });
}

export function useImportPunches() {
  const refresh = useRefreshAttendance();
  return useMutation({
    mutationFn: (input: PunchImportInput) => api.post<PunchImportResult>('/api/attendance/punches/import', input),
    onSuccess: (r) => {
      if (r.committed) refresh();
    },
    meta: { silent: true },
  });
}
