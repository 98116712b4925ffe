import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, ApiKeyCreate, ApiKeyIssued, ApiKeyList } from '../../../../../shared/api-keys.ts';
import { api } from '../../lib/api.ts';

const apiKeysKey = ['api-keys'] as const;

export function useApiKeys() {
  return useQuery({ queryKey: apiKeysKey, queryFn: async () => (await api.get<ApiKeyList>('/api/api-keys')).items });
}

export function useIssueApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyCreate) => api.post<ApiKeyIssued>('/api/api-keys', input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: apiKeysKey }),
    meta: { silent: true },
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<ApiKey>(`/api/api-keys/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
