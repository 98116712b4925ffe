import type { ReactNode } from 'react';
import { EmptyState } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Permission } from '../../../../shared/permissions.ts';
import { canAny, useSessionUser } from './session-context.tsx';

type RequirePermissionProps = { children: ReactNode } & (
  | { permission: Permission; anyOf?: undefined }
  | { anyOf: readonly Permission[]; permission?: undefined }
);

/** Shows its children only to users holding the permission (or one of them). */
export function RequirePermission({ children, permission, anyOf }: RequirePermissionProps) {
  const { t, i18n } = useTranslation('common');
  const user = useSessionUser();
  const needed = permission ? [permission] : (anyOf ?? []);
  if (canAny(user, needed)) return <>{children}</>;
  return (
    <EmptyState
      mt="xl"
      icon={<IconLock />}
      title={t('noAccess.title')}
      description={t('noAccess.description', { permissions: new Intl.ListFormat(i18n.language, { type: 'disjunction' }).format(needed) })}
    />
  );
}
