import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ApiKeyCreate, type ApiKeyIssued, type ApiKeyScope } from '../../../../../shared/api-keys.ts';
import { EmployeePicker } from '../../components/employee-picker.tsx';
import { applyServerErrors, zodFormErrors } from '../../lib/form-errors.ts';
import { notifyError } from '../../lib/notify.ts';
import { useIssueApiKey } from './api-key-queries.ts';

interface IssueValues {
  name: string;
  scope: ApiKeyScope;
  employeeId: string | null;
  expiry: string;
}

const EXPIRIES = [
  { value: 'never', label: 'Never' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
];

const toInput = (v: IssueValues) => ({
  name: v.name,
  scope: v.scope,
  employeeId: v.employeeId,
  expiresAt: v.expiry === 'never' ? null : new Date(Date.now() + Number(v.expiry) * 86_400_000).toISOString(),
});

/** Names a new key, picks its scope and optionally binds it to an employee. */
export function IssueKeyModal({ opened, onClose, onIssued }: { opened: boolean; onClose: () => void; onIssued: (key: ApiKeyIssued) => void }) {
  const issue = useIssueApiKey();
  const form = useForm<IssueValues>({
    initialValues: { name: '', scope: 'ReadOnly', employeeId: null, expiry: 'never' },
    validate: (v) => zodFormErrors(ApiKeyCreate, toInput(v)),
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((v) => {
    issue.mutate(ApiKeyCreate.parse(toInput(v)), {
      onSuccess: (issued) => {
        form.reset();
        onIssued(issued);
      },
      onError: (error) => {
        applyServerErrors(error, form.setFieldError, ['name', 'scope', 'employeeId', 'expiresAt']);
        notifyError(error, 'Could not issue the key');
      },
    });
  });

  return (
    <Modal opened={opened} onClose={close} title="Issue API key" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Name" description="What will use this key, e.g. Payroll sync" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Scope
            </Text>
            <SegmentedControl
              aria-label="Scope"
              data={[
                { value: 'ReadOnly', label: 'Read only' },
                { value: 'ReadWrite', label: 'Read & write' },
              ]}
              {...form.getInputProps('scope')}
            />
            <Text size="xs" c="dimmed">
              On the public API both scopes read employees and attendance (it has no writes). For an AI agent acting as the bound employee, read only hides the tools that change data.
            </Text>
          </Stack>
          <EmployeePicker
            label="Act as employee (optional)"
            description="Bind the key to one person so an AI agent acts with their permissions."
            value={form.values.employeeId}
            onChange={(id) => form.setFieldValue('employeeId', id)}
            error={form.errors.employeeId}
          />
          <Select label="Expires after" data={EXPIRIES} allowDeselect={false} {...form.getInputProps('expiry')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={issue.isPending}>
              Issue key
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
