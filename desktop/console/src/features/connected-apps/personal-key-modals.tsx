import { Alert, Button, Code, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { type ApiKeyIssued, type ApiKeyScope, PersonalKeyCreate } from '../../../../../shared/api-keys.ts';
import { applyServerErrors, zodFormErrors } from '../../lib/form-errors.ts';
import { notifyError } from '../../lib/notify.ts';
import { CopyValue, KeyInstructions } from './connect-instructions.tsx';
import { useIssuePersonalKey } from './connected-apps-queries.ts';

function expiries(t: TFunction<'employee'>) {
  return [
    { value: '30', label: t('connectedApps.newKeyModal.days', { count: 30 }) },
    { value: '90', label: t('connectedApps.newKeyModal.days', { count: 90 }) },
    { value: '365', label: t('connectedApps.newKeyModal.years', { count: 1 }) },
    { value: 'never', label: t('connectedApps.newKeyModal.never') },
  ];
}

interface Values {
  name: string;
  scope: ApiKeyScope;
  expiry: string;
}

function toInput(v: Values) {
  const expiresAt = v.expiry === 'never' ? null : new Date(Date.now() + Number(v.expiry) * 86_400_000).toISOString();
  return { name: v.name, scope: v.scope, expiresAt };
}

/** Names a key for one assistant, what it may do, and how long it lasts. */
export function NewKeyModal({ opened, onClose, onIssued }: { opened: boolean; onClose: () => void; onIssued: (key: ApiKeyIssued) => void }) {
  const { t } = useTranslation('employee');
  const issue = useIssuePersonalKey();
  const form = useForm<Values>({
    initialValues: { name: '', scope: 'ReadWrite', expiry: '90' },
    validate: (v) => zodFormErrors(PersonalKeyCreate, toInput(v)),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit((v) => {
    issue.mutate(PersonalKeyCreate.parse(toInput(v)), {
      onSuccess: (key) => {
        form.reset();
        onIssued(key);
      },
      onError: (error) => {
        applyServerErrors(error, form.setFieldError, ['name', 'scope', 'expiresAt']);
        notifyError(error, t('connectedApps.newKeyModal.failed'));
      },
    });
  });
  return (
    <Modal opened={opened} onClose={close} title={t('connectedApps.newKeyModal.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('connectedApps.newKeyModal.name')} description={t('connectedApps.newKeyModal.nameDescription')} withAsterisk data-autofocus {...form.getInputProps('name')} />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('connectedApps.newKeyModal.itMay')}
            </Text>
            <SegmentedControl
              aria-label={t('connectedApps.newKeyModal.access')}
              data={[
                { value: 'ReadWrite', label: t('connectedApps.access.readWrite') },
                { value: 'ReadOnly', label: t('connectedApps.access.readOnly') },
              ]}
              {...form.getInputProps('scope')}
            />
            <Text size="xs" c="dimmed">
              {t('connectedApps.newKeyModal.accessHint')}
            </Text>
          </Stack>
          <Select label={t('connectedApps.newKeyModal.expiresAfter')} data={expiries(t)} allowDeselect={false} {...form.getInputProps('expiry')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('connectedApps.newKeyModal.cancel')}
            </Button>
            <Button type="submit" loading={issue.isPending}>
              {t('connectedApps.newKeyModal.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The new key, this once, with how to connect an assistant with it. */
export function KeyMadeModal({ issued, onClose }: { issued: ApiKeyIssued | null; onClose: () => void }) {
  const { t } = useTranslation('employee');
  return (
    <Modal opened={issued !== null} onClose={onClose} title={t('connectedApps.keyMade.title')} centered size="xl" closeOnClickOutside={false}>
      {issued && (
        <Stack>
          <Alert color="orange" icon={<IconAlertTriangle />} title={t('connectedApps.keyMade.warningTitle')}>
            {t('connectedApps.keyMade.warning')}
          </Alert>
          <Group gap="xs" wrap="nowrap">
            <Code block style={{ flex: 1, wordBreak: 'break-all', fontSize: 14 }} data-testid="issued-personal-key">
              {issued.key}
            </Code>
            <CopyValue value={issued.key} label={t('connectedApps.keyMade.copyKey')} />
          </Group>
          <KeyInstructions keyValue={issued.key} />
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('connectedApps.keyMade.done')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
