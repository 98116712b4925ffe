import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Role } from '../../../../../shared/permissions.ts';
import { UserCreate } from '../../../../../shared/users.ts';
import { EmployeePicker } from '../../components/employee-picker.tsx';
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
  const form = useForm<GrantValues>({
    initialValues: { employeeId: null, email: '', roles: ['Employee'], password: '' },
    validate: (v) => {
      const errors = zodFormErrors(UserCreate, toInput(v));
      if (!v.employeeId) errors.employeeId = 'Choose an employee';
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
        notifySuccess(`${user.fullName} can now sign in as ${user.email}.`);
        close();
      },
      onError: (error) => {
        applyServerErrors(error, form.setFieldError, ['employeeId', 'email', 'roles', 'password']);
        notifyError(error, 'Could not grant the login');
      },
    });
  });

  return (
    <Modal opened={opened} onClose={close} title="Grant login" size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Users are employees with a login. Share the first password with them privately; they can change it from their user menu.
          </Text>
          <EmployeePicker
            label="Employee"
            withAsterisk
            withoutLogin
            value={form.values.employeeId}
            onChange={(id) => form.setFieldValue('employeeId', id)}
            error={form.errors.employeeId}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput label="Login email" description="Leave empty to use the employee's email" type="email" {...form.getInputProps('email')} />
          <RolePicker value={form.values.roles} onChange={(roles) => form.setFieldValue('roles', roles)} error={form.errors.roles} />
          <PasswordInput label="First password" withAsterisk description="At least 8 characters" autoComplete="new-password" {...form.getInputProps('password')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Grant login
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
