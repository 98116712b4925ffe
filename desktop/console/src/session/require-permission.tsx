import type { ReactNode } from 'react';
import { EmptyState } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { Permission } from '../../../../shared/permissions.ts';
import { canAny, useSessionUser } from './session-context.tsx';

type RequirePermissionProps = { children: ReactNode } & (
  | { permission: Permission; anyOf?: undefined }
  | { anyOf: readonly Permission[]; permission?: undefined }
);

/** Shows its children only to users holding the permission (or one of them). */
export function RequirePermission({ children, permission, anyOf }: RequirePermissionProps) {
  const user = useSessionUser();
  const needed = permission ? [permission] : (anyOf ?? []);
  if (canAny(user, needed)) return <>{children}</>;
  return (
    <EmptyState
      mt="xl"
      icon={<IconLock />}
      title="You do not have access to this page"
      description={`It needs the permission ${needed.join(' or ')}. Ask an administrator if you need it.`}
    />
  );
}
