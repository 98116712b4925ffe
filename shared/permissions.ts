import { z } from 'zod';

/**
 * Permission strings. Scope follows from them: `employee:read` sees the
 * organisation, `team:read` the caller's reporting line, everyone else self.
 */
export const PERMISSIONS = [
  'self:read',
  'notification:read',
  'team:read',
  'employee:read',
  'employee:write',
  'employee:sensitive',
  'audit:read',
  'org:manage',
  'user:manage',
  'session:manage',
  'api:manage',
  'attendance:self',
  'attendance:team',
  'attendance:read',
  'attendance:override',
  'attendance:manage',
  'regularization:apply',
  'regularization:approve',
  'regularization:hr-approve',
  'leave:apply',
  'leave:approve',
  'leave:hr-approve',
  'leave:manage',
  'device:manage',
  'documents:self',
  'documents:team',
  'documents:manage',
] as const;
export const Permission = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof Permission>;

export const ROLES = ['Admin', 'HR', 'Manager', 'Employee'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

const EMPLOYEE: Permission[] = [
  'self:read',
  'notification:read',
  'attendance:self',
  'regularization:apply',
  'leave:apply',
  // Read their own documents, upload those whose type allows it.
  'documents:self',
];
// Managers read their reporting line's documents, except sensitive types (those need employee:sensitive).
const MANAGER: Permission[] = [...EMPLOYEE, 'team:read', 'attendance:team', 'regularization:approve', 'leave:approve', 'documents:team'];
const HR: Permission[] = [
  ...MANAGER,
  'employee:read',
  'employee:write',
  'employee:sensitive',
  'audit:read',
  'attendance:read',
  'attendance:override',
  'attendance:manage',
  'regularization:hr-approve',
  'leave:hr-approve',
  'leave:manage',
  // Upload for anyone, verify or reject, delete, request missing documents, edit the catalogue and checklists.
  'documents:manage',
];
const ADMIN: Permission[] = [...HR, 'org:manage', 'user:manage', 'session:manage', 'api:manage', 'device:manage'];

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  Employee: EMPLOYEE,
  Manager: MANAGER,
  HR,
  Admin: ADMIN,
};

/** The union of the presets' permissions, in the canonical order. */
export function permissionsOf(roles: readonly Role[]): Permission[] {
  const granted = new Set<Permission>();
  for (const role of roles) for (const p of ROLE_PERMISSIONS[role]) granted.add(p);
  return PERMISSIONS.filter((p) => granted.has(p));
}

export type Scope = 'org' | 'team' | 'self';

/** How far a holder of these permissions sees: the organisation, a reporting line, or self. */
export function scopeOf(permissions: readonly Permission[]): Scope {
  if (permissions.includes('employee:read')) return 'org';
  if (permissions.includes('team:read')) return 'team';
  return 'self';
}
