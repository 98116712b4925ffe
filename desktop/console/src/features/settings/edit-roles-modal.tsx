import { useState } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../../../shared/permissions.ts';
import type { UserAccount } from '../../../../../shared/users.ts';
import { useTx } from '../../i18n/language.tsx';
import { ApiError } from '../../lib/api.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { RolePicker } from './role-picker.tsx';
import { useUpdateUser } from './user-queries.ts';

/** Changes a user's roles. */
export function EditRolesModal({ user, onClose }: { user: UserAccount; onClose: () => void }) {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const [roles, setRoles] = useState<Role[]>(user.roles);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateUser();

  const save = () => {
    if (roles.length === 0) {
      setError(t('userAccess.roles.atLeastOne'));
      return;
    }
    update.mutate(
      { id: user.id, input: { roles } },
      {
        onSuccess: () => {
          notifySuccess(t('userAccess.roles.updated', { name: user.fullName }));
          onClose();
        },
        onError: (e) => {
          if (e instanceof ApiError && e.fieldErrors().roles) setError(e.fieldErrors().roles ?? null);
          notifyError(e, t('userAccess.roles.failed'));
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={tx('userAccess.roles.title', { name: user.fullName })} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Stack>
          <RolePicker
            value={roles}
            onChange={(r) => {
              setRoles(r);
              setError(null);
            }}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {tx('userAccess.roles.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {tx('userAccess.roles.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
