import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('common');
  const change = useChangePassword();
  const form = useForm<Values>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: (v) => {
      const errors: Record<string, string> = zodFormErrors(PasswordChangeRequest, {
        currentPassword: v.currentPassword,
        newPassword: v.newPassword,
      });
      if (!errors.confirmPassword && v.confirmPassword !== v.newPassword) errors.confirmPassword = t('password.mismatch');
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
          notifySuccess(t('password.changed'));
          close();
        },
        onError: (error) => {
          if (!applyServerErrors(error, form.setFieldError, ['currentPassword', 'newPassword'])) notifyError(error);
        },
      },
    );
  });

  return (
    <Modal opened={opened} onClose={close} title={t('password.title')} centered>
      <form onSubmit={submit}>
        <Stack>
          <PasswordInput label={t('password.current')} autoComplete="current-password" data-autofocus {...form.getInputProps('currentPassword')} />
          <PasswordInput label={t('password.new')} description={t('password.newHint')} autoComplete="new-password" {...form.getInputProps('newPassword')} />
          <PasswordInput label={t('password.repeat')} autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {t('password.title')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
