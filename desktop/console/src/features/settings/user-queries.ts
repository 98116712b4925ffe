import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionList } from '../../../../../shared/auth.ts';
import type { UserAccount, UserCreate, UserList, UserUpdate } from '../../../../../shared/users.ts';
import { api } from '../../lib/api.ts';

const usersKey = ['users'] as const;
const sessionsKey = ['sessions'] as const;

export function useUsers() {
  return useQuery({ queryKey: usersKey, queryFn: async () => (await api.get<UserList>('/api/users')).items });
}

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UserCreate) => api.post<UserAccount>('/api/users', input),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: usersKey });
      void qc.invalidateQueries({ queryKey: ['employees'] });
    },
    meta: { silent: true },
  });
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UserUpdate }) => api.patch<UserAccount>(`/api/users/${id}`, input),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: usersKey });
      void qc.invalidateQueries({ queryKey: sessionsKey });
    },
    meta: { silent: true },
  });
}

export function useSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: async () => (await api.get<SessionList>('/api/sessions')).items });
}

export function useRevokeSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: boolean }>(`/api/sessions/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: sessionsKey }),
  });
}
