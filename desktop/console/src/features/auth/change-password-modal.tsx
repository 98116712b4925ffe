import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PasswordChangeRequest } from '../../../../../shared/auth.ts';
import { applyServerErrors, zodFormErrors } from '../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useChangePassword } from '../../session/session-queries.ts';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Changes the signed-in user's password. */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const change = useChangePassword();
  const form = useForm<Values>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: (v) => {
      const errors: Record<string, string> = zodFormErrors(PasswordChangeRequest, {
        currentPassword: v.currentPassword,
        newPassword: v.newPassword,
      });
      if (!errors.confirmPassword && v.confirmPassword !== v.newPassword) errors.confirmPassword = 'Does not match the new password';
      return errors;
    },
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((v) => {
    change.mutate(
      { currentPassword: v.currentPassword, newPassword: v.newPassword },
      {
        onSuccess: () => {
          notifySuccess('Your password has been changed.');
          close();
        },
        onError: (error) => {
          if (!applyServerErrors(error, form.setFieldError, ['currentPassword', 'newPassword'])) notifyError(error);
        },
      },
    );
  });

  return (
    <Modal opened={opened} onClose={close} title="Change password" centered>
      <form onSubmit={submit}>
        <Stack>
          <PasswordInput label="Current password" autoComplete="current-password" data-autofocus {...form.getInputProps('currentPassword')} />
          <PasswordInput label="New password" description="At least 8 characters" autoComplete="new-password" {...form.getInputProps('newPassword')} />
          <PasswordInput label="Repeat the new password" autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
