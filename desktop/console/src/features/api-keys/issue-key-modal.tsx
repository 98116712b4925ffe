import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiKeyCreate, type ApiKeyIssued, type ApiKeyScope } from '../../../../../shared/api-keys.ts';
import { EmployeePicker } from '../../components/employee-picker.tsx';
import { useTx } from '../../i18n/language.tsx';
import { applyServerErrors, zodFormErrors } from '../../lib/form-errors.ts';
import { notifyError } from '../../lib/notify.ts';
import { useIssueApiKey } from './api-key-queries.ts';

interface IssueValues {
  name: string;
  scope: ApiKeyScope;
  employeeId: string | null;
  expiry: string;
}

function expiries(t: TFunction<'hr'>) {
  return [
    { value: 'never', label: t('apiKeys.never') },
    { value: '30', label: t('apiKeys.issueModal.days', { count: 30 }) },
    { value: '90', label: t('apiKeys.issueModal.days', { count: 90 }) },
    { value: '365', label: t('apiKeys.issueModal.years', { count: 1 }) },
  ];
}

const toInput = (v: IssueValues) => ({
  name: v.name,
  scope: v.scope,
  employeeId: v.employeeId,
  expiresAt: v.expiry === 'never' ? null : new Date(Date.now() + Number(v.expiry) * 86_400_000).toISOString(),
});

/** Names a new key, picks its scope and optionally binds it to an employee. */
export function IssueKeyModal({ opened, onClose, onIssued }: { opened: boolean; onClose: () => void; onIssued: (key: ApiKeyIssued) => void }) {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
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
        notifyError(error, t('apiKeys.issueModal.failed'));
      },
    });
  });

  return (
    <Modal opened={opened} onClose={close} title={tx('apiKeys.issueModal.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={tx('apiKeys.issueModal.name')} description={tx('apiKeys.issueModal.nameDescription')} withAsterisk data-autofocus {...form.getInputProps('name')} />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {tx('apiKeys.issueModal.scope')}
            </Text>
            <SegmentedControl
              aria-label={t('apiKeys.issueModal.scope')}
              data={[
                { value: 'ReadOnly', label: t('apiKeys.readOnly') },
                { value: 'ReadWrite', label: t('apiKeys.readWrite') },
              ]}
              {...form.getInputProps('scope')}
            />
            <Text size="xs" c="dimmed">
              {tx('apiKeys.issueModal.scopeHint')}
            </Text>
          </Stack>
          <EmployeePicker
            label={t('apiKeys.issueModal.actAs')}
            description={tx('apiKeys.issueModal.actAsDescription')}
            value={form.values.employeeId}
            onChange={(id) => form.setFieldValue('employeeId', id)}
            error={form.errors.employeeId}
          />
          <Select label={tx('apiKeys.issueModal.expiresAfter')} data={expiries(t)} allowDeselect={false} {...form.getInputProps('expiry')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {tx('apiKeys.issueModal.cancel')}
            </Button>
            <Button type="submit" loading={issue.isPending}>
              {tx('apiKeys.issue')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
