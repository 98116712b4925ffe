import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed, CalendarFeedIssued } from '../../../../../shared/calendar-feeds.ts';
import type { EmailSettings, EmailSettingsUpdate, EmailTestResult, NotificationPreferences, NotificationPreferencesUpdate } from '../../../../../shared/email.ts';
import { api } from '../../lib/api.ts';

const settingsKey = ['email-settings'] as const;
const prefsKey = ['notification-preferences'] as const;
const feedKey = ['calendar-feed'] as const;

export const useEmailSettings = () => useQuery({ queryKey: settingsKey, queryFn: () => api.get<EmailSettings>('/api/settings/email') });

export function useSaveEmailSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailSettingsUpdate) => api.put<EmailSettings>('/api/settings/email', input),
    onSuccess: (saved) => qc.setQueryData(settingsKey, saved),
    meta: { silent: true },
  });
}

export const useSendTestEmail = () => useMutation({ mutationFn: (to: string) => api.post<EmailTestResult>('/api/settings/email/test', { to }) });

export const useMyPreferences = () => useQuery({ queryKey: prefsKey, queryFn: () => api.get<NotificationPreferences>('/api/me/notification-preferences') });

export function useSaveMyPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferencesUpdate) => api.put<NotificationPreferences>('/api/me/notification-preferences', input),
    onSuccess: (saved) => qc.setQueryData(prefsKey, saved),
  });
}

export const useMyCalendarFeed = () => useQuery({ queryKey: feedKey, queryFn: () => api.get<CalendarFeed>('/api/me/calendar-feed') });

export function useIssueCalendarFeed() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: () => api.post<CalendarFeedIssued>('/api/me/calendar-feed'), onSuccess: () => void qc.invalidateQueries({ queryKey: feedKey }) });
}

export function useRevokeCalendarFeed() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: () => api.delete<CalendarFeed>('/api/me/calendar-feed'), onSuccess: (r) => qc.setQueryData(feedKey, r) });
}
