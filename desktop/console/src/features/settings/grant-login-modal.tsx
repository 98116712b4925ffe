import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../../../shared/permissions.ts';
import { UserCreate } from '../../../../../shared/users.ts';
import { EmployeePicker } from '../../components/employee-picker.tsx';
import { useTx } from '../../i18n/language.tsx';
import { applyServerErrors, blankToNull, zodFormErrors } from '../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { RolePicker } from './role-picker.tsx';
import { useCreateUser } from './user-queries.ts';

interface GrantValues {
  employeeId: string | null;
  email: string;
  roles: Role[];
  password: string;
}

function toInput(v: GrantValues) {
  const email = blankToNull(v.email);
  return { employeeId: v.employeeId ?? '', roles: v.roles, password: v.password, ...(email ? { email } : {}) };
}

/** Gives an employee a console login with roles and a first password. */
export function GrantLoginModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateUser();
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const form = useForm<GrantValues>({
    initialValues: { employeeId: null, email: '', roles: ['Employee'], password: '' },
    validate: (v) => {
      const errors = zodFormErrors(UserCreate, toInput(v));
      if (!v.employeeId) errors.employeeId = t('userAccess.grant.chooseEmployee');
      return errors;
    },
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((v) => {
    create.mutate(UserCreate.parse(toInput(v)), {
      onSuccess: (user) => {
        notifySuccess(t('userAccess.grant.done', { name: user.fullName, email: user.email }));
        close();
      },
      onError: (error) => {
        applyServerErrors(error, form.setFieldError, ['employeeId', 'email', 'roles', 'password']);
        notifyError(error, t('userAccess.grant.failed'));
      },
    });
  });

  return (
    <Modal opened={opened} onClose={close} title={tx('userAccess.grant.title')} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {tx('userAccess.grant.intro')}
          </Text>
          <EmployeePicker
            label={tx('userAccess.grant.employee')}
            withAsterisk
            withoutLogin
            value={form.values.employeeId}
            onChange={(id) => form.setFieldValue('employeeId', id)}
            error={form.errors.employeeId}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput label={tx('userAccess.grant.loginEmail')} description={tx('userAccess.grant.loginEmailHint')} type="email" {...form.getInputProps('email')} />
          <RolePicker value={form.values.roles} onChange={(roles) => form.setFieldValue('roles', roles)} error={form.errors.roles} />
          <PasswordInput label={tx('userAccess.grant.password')} withAsterisk description={tx('userAccess.grant.passwordHint')} autoComplete="new-password" {...form.getInputProps('password')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {tx('userAccess.grant.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {tx('userAccess.grant.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
