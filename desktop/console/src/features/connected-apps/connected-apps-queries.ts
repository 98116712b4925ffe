import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, ApiKeyIssued, ApiKeyList, PersonalKeyCreate } from '../../../../../shared/api-keys.ts';
import type {
  AuthorizeDecision,
  AuthorizeParams,
  AuthorizePrompt,
  AuthorizeRedirect,
  OAuthClient,
  OAuthClientCreate,
  OAuthClientIssued,
  OAuthClientList,
  OAuthGrant,
  OAuthGrantList,
  OAuthSettings,
} from '../../../../../shared/oauth.ts';
import { api } from '../../lib/api.ts';

const personalKeysKey = ['me', 'api-keys'] as const;
const grantsKey = (all: boolean) => ['oauth', 'grants', all] as const;
const clientsKey = ['oauth', 'clients'] as const;
const settingsKey = ['oauth', 'settings'] as const;

export function usePersonalKeys() {
  return useQuery({ queryKey: personalKeysKey, queryFn: async () => (await api.get<ApiKeyList>('/api/me/api-keys')).items });
}

export function useIssuePersonalKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PersonalKeyCreate) => api.post<ApiKeyIssued>('/api/me/api-keys', input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: personalKeysKey }),
    meta: { silent: true },
  });
}

export function useRevokePersonalKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<ApiKey>(`/api/me/api-keys/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: personalKeysKey }),
  });
}

/** Live connected apps: the caller's, or with `all` everyone's (administrators). */
export function useGrants(all = false) {
  return useQuery({ queryKey: grantsKey(all), queryFn: async () => (await api.get<OAuthGrantList>('/api/oauth/grants', all ? { all: true } : {})).items });
}

export function useRevokeGrant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<OAuthGrant>(`/api/oauth/grants/${id}`),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['oauth'] });
    },
  });
}

export function useOAuthClients() {
  return useQuery({ queryKey: clientsKey, queryFn: async () => (await api.get<OAuthClientList>('/api/oauth/clients')).items });
}

export function useRegisterOAuthClient() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: OAuthClientCreate) => api.post<OAuthClientIssued>('/api/oauth/clients', input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: clientsKey }),
    meta: { silent: true },
  });
}

export function useDisableOAuthClient() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<OAuthClient>(`/api/oauth/clients/${encodeURIComponent(id)}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['oauth'] }),
  });
}

export function useOAuthSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => api.get<OAuthSettings>('/api/oauth/settings') });
}

export function useUpdateOAuthSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (dynamicRegistration: boolean) => api.patch<OAuthSettings>('/api/oauth/settings', { dynamicRegistration }),
    onSuccess: (settings) => qc.setQueryData(settingsKey, settings),
  });
}

/** What an authorization request asks, for the consent page. */
export function useAuthorizePrompt(params: AuthorizeParams) {
  return useQuery({
    queryKey: ['oauth', 'authorize', params],
    queryFn: () => api.get<AuthorizePrompt>('/api/oauth/authorize', { ...params }),
    retry: false,
    staleTime: Infinity,
  });
}

export function useAuthorizeDecision() {
  return useMutation({
    mutationFn: (input: AuthorizeDecision) => api.post<AuthorizeRedirect>('/api/oauth/authorize', input),
  });
}
