import { Alert, Button, Code, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ApiKeyIssued, type ApiKeyScope, PersonalKeyCreate } from '../../../../../shared/api-keys.ts';
import { applyServerErrors, zodFormErrors } from '../../lib/form-errors.ts';
import { notifyError } from '../../lib/notify.ts';
import { CopyValue, KeyInstructions } from './connect-instructions.tsx';
import { useIssuePersonalKey } from './connected-apps-queries.ts';

const EXPIRIES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'Never' },
];

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
        notifyError(error, 'Could not make the key');
      },
    });
  });
  return (
    <Modal opened={opened} onClose={close} title="New key for an AI assistant" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Name" description="Which assistant will use it, e.g. Claude Desktop on my laptop" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              It may
            </Text>
            <SegmentedControl
              aria-label="Access"
              data={[
                { value: 'ReadWrite', label: 'Read and act' },
                { value: 'ReadOnly', label: 'Only read' },
              ]}
              {...form.getInputProps('scope')}
            />
            <Text size="xs" c="dimmed">
              Never more than you may do yourself. “Only read” hides check-in, leave applications, approvals and the like.
            </Text>
          </Stack>
          <Select label="Expires after" data={EXPIRIES} allowDeselect={false} {...form.getInputProps('expiry')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={issue.isPending}>
              Make key
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The new key, this once, with how to connect an assistant with it. */
export function KeyMadeModal({ issued, onClose }: { issued: ApiKeyIssued | null; onClose: () => void }) {
  return (
    <Modal opened={issued !== null} onClose={onClose} title="Your new key" centered size="xl" closeOnClickOutside={false}>
      {issued && (
        <Stack>
          <Alert color="orange" icon={<IconAlertTriangle />} title="Copy it now: it will not be shown again">
            Muster keeps only a fingerprint. Anyone with the key can do what it allows, as you: keep it out of chats and shared files. Lost it? Revoke it and make another.
          </Alert>
          <Group gap="xs" wrap="nowrap">
            <Code block style={{ flex: 1, wordBreak: 'break-all', fontSize: 14 }} data-testid="issued-personal-key">
              {issued.key}
            </Code>
            <CopyValue value={issued.key} label="Copy key" />
          </Group>
          <KeyInstructions keyValue={issued.key} />
          <Group justify="flex-end">
            <Button onClick={onClose}>I have copied the key</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
