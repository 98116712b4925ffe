import { createContext, useContext } from 'react';
import type { SessionUser } from '../../../../shared/auth.ts';
import type { Permission } from '../../../../shared/permissions.ts';

export const SessionContext = createContext<SessionUser | null>(null);

/** The signed-in user; only inside the authenticated layout. */
export function useSessionUser(): SessionUser {
  const user = useContext(SessionContext);
  if (!user) throw new Error('useSessionUser outside a signed-in page');
  return user;
}

/** Whether the user holds a permission. */
export function can(user: SessionUser, permission: Permission): boolean {
  return user.permissions.includes(permission);
}

/** Whether the user holds at least one of the permissions. */
export function canAny(user: SessionUser, permissions: readonly Permission[]): boolean {
  return permissions.some((p) => user.permissions.includes(p));
}

/** `can` for the signed-in user. */
export function useCan(): (permission: Permission) => boolean {
  const user = useSessionUser();
  return (permission) => can(user, permission);
}
