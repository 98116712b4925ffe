import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationList, UnreadCount } from '../../../../../shared/notifications.ts';
import { api } from '../../lib/api.ts';

const notificationsKey = ['notifications'] as const;
export const UNREAD_POLL_MS = 30_000;

/** The unread count, polled every 30 s and refreshed whenever the window regains focus. */
export function useUnreadCount() {
  return useQuery({
    queryKey: [...notificationsKey, 'unread-count'],
    queryFn: async () => (await api.get<UnreadCount>('/api/notifications/unread-count')).count,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
    meta: { silent: true },
  });
}

export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: [...notificationsKey, 'list'],
    queryFn: () => api.get<NotificationList>('/api/notifications', { page: 1, pageSize: 20 }),
    enabled,
    staleTime: 0,
  });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ ok: boolean }>(`/api/notifications/${id}/read`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: notificationsKey }),
  });
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ ok: boolean }>('/api/notifications/mark-all-read'),
    onSuccess: () => void qc.invalidateQueries({ queryKey: notificationsKey }),
  });
}
