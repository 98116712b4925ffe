import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse, PasswordChangeRequest, SessionUser } from '../../../../shared/auth.ts';
import type { SetupRequest, SetupStatus } from '../../../../shared/org.ts';
import { ApiError, api } from '../lib/api.ts';

export const meKey = ['me'] as const;
export const setupKey = ['setup'] as const;

const HINT = /(?:^|;\s*)muster_signed_in=1(?:;|$)/;

/** Whether the server said at sign-in that this browser has a session (a readable cookie beside the httpOnly one). */
export function hasSessionHint(): boolean {
  return typeof document !== 'undefined' && HINT.test(document.cookie);
}

function forgetSessionHint(): void {
  document.cookie = 'muster_signed_in=; Max-Age=0; Path=/; SameSite=Strict';
}

/**
 * The signed-in user, or an ApiError 401 when nobody is. Never redirects by itself.
 * Without the sign-in hint cookie nobody is signed in: the 401 is answered here,
 * without a request (no failed request in the browser console on the sign-in page).
 */
export function useMe() {
  return useQuery({
    queryKey: meKey,
    queryFn: async () => {
      if (!hasSessionHint()) throw new ApiError({ type: 'about:blank', title: 'Not signed in', status: 401, detail: 'Sign in to continue.' });
      try {
        return (await api.get<LoginResponse>('/api/auth/me', undefined, { redirectOn401: false })).user;
      } catch (error) {
        // The session ended on the server (expired, revoked): the hint goes too.
        if (error instanceof ApiError && error.status === 401) forgetSessionHint();
        throw error;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
    meta: { silent: true },
  });
}

/** Whether the organisation still needs its first-run setup. */
export function useSetupStatus() {
  return useQuery({
    queryKey: setupKey,
    queryFn: () => api.get<SetupStatus>('/api/setup', undefined, { redirectOn401: false }),
    staleTime: 60_000,
  });
}

/** Signs in; on success the user becomes the cached `me`. */
export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginRequest) =>
      api.post<LoginResponse>('/api/auth/login', input, { redirectOn401: false }),
    onSuccess: ({ user }) => {
      qc.clear();
      qc.setQueryData<SessionUser>(meKey, user);
    },
    meta: { silent: true },
  });
}

/** Creates the organisation and its first admin, who is then signed in. */
export function useSetup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SetupRequest) => api.post<LoginResponse>('/api/setup', input, { redirectOn401: false }),
    onSuccess: ({ user }) => {
      qc.clear();
      qc.setQueryData<SessionUser>(meKey, user);
      qc.setQueryData<SetupStatus>(setupKey, { needsSetup: false, organisationName: null });
    },
    meta: { silent: true },
  });
}

/** Ends the session on the server; the caller then goes to the login page and clears the cache. */
export function useLogout() {
  return useMutation({
    mutationFn: () => api.post<{ ok: boolean }>('/api/auth/logout', undefined, { redirectOn401: false }),
    meta: { silent: true },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordChangeRequest) =>
      api.post<{ ok: boolean }>('/api/auth/password', input, { redirectOn401: false }),
    meta: { silent: true },
  });
}
