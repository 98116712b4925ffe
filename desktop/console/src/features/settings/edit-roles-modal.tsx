import { useState } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import type { Role } from '../../../../../shared/permissions.ts';
import type { UserAccount } from '../../../../../shared/users.ts';
import { ApiError } from '../../lib/api.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { RolePicker } from './role-picker.tsx';
import { useUpdateUser } from './user-queries.ts';

/** Changes a user's roles. */
export function EditRolesModal({ user, onClose }: { user: UserAccount; onClose: () => void }) {
  const [roles, setRoles] = useState<Role[]>(user.roles);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateUser();

  const save = () => {
    if (roles.length === 0) {
      setError('Give at least one role');
      return;
    }
    update.mutate(
      { id: user.id, input: { roles } },
      {
        onSuccess: () => {
          notifySuccess(`${user.fullName}'s roles were updated.`);
          onClose();
        },
        onError: (e) => {
          if (e instanceof ApiError && e.fieldErrors().roles) setError(e.fieldErrors().roles ?? null);
          notifyError(e, 'Could not change the roles');
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`Roles of ${user.fullName}`} centered>
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
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save roles
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
