import { Alert, Button, Card, Group, NumberInput, PasswordInput, SegmentedControl, SimpleGrid, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { EmailSettingsUpdate, type EmailSettings, type EmailTestResult, type SmtpTlsMode } from '../../../../../shared/email.ts';
import { QueryError } from '../../components/query-error.tsx';
import { applyServerErrors, zodFormErrors } from '../../lib/form-errors.ts';
import { formatInstant } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useSessionUser } from '../../session/session-context.tsx';
import { useEmailSettings, useSaveEmailSettings, useSendTestEmail } from './email-queries.ts';

/** SMTP settings (the password is write-only), the morning digest switch, and "send test e-mail". */
export function EmailSettingsPage() {
  const settings = useEmailSettings();
  if (settings.error) return <QueryError error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <Skeleton height={420} />;
  return <EmailSettingsForm settings={settings.data} />;
}

interface Values {
  host: string;
  port: number | string;
  tlsMode: SmtpTlsMode;
  username: string;
  password: string;
  fromAddress: string;
  enabled: boolean;
  digestEnabled: boolean;
}

const DEFAULT_PORT: Record<SmtpTlsMode, number> = { starttls: 587, tls: 465, none: 25 };

function toUpdate(v: Values, hasPassword: boolean) {
  return {
    host: v.host,
    port: Number(v.port),
    tlsMode: v.tlsMode,
    username: v.username.trim() || null,
    // Blank keeps the stored password; typing one replaces it.
    ...(v.password ? { password: v.password } : hasPassword ? {} : { password: null }),
    fromAddress: v.fromAddress,
    enabled: v.enabled,
    digestEnabled: v.digestEnabled,
  };
}

function EmailSettingsForm({ settings }: { settings: EmailSettings }) {
  const save = useSaveEmailSettings();
  const test = useSendTestEmail();
  const me = useSessionUser();
  const [testTo, setTestTo] = useState(me.email ?? '');
  const [result, setResult] = useState<EmailTestResult | null>(null);
  const form = useForm<Values>({
    initialValues: {
      host: settings.host,
      port: settings.port,
      tlsMode: settings.tlsMode,
      username: settings.username ?? '',
      password: '',
      fromAddress: settings.fromAddress,
      enabled: settings.configured ? settings.enabled : true,
      digestEnabled: settings.digestEnabled,
    },
    validate: (v) => zodFormErrors(EmailSettingsUpdate, toUpdate(v, settings.hasPassword)),
  });
  const submit = form.onSubmit((v) => {
    save.mutate(EmailSettingsUpdate.parse(toUpdate(v, settings.hasPassword)), {
      onSuccess: () => {
        form.setFieldValue('password', '');
        notifySuccess('E-mail settings saved.');
      },
      onError: (error) => {
        applyServerErrors(error, form.setFieldError, ['host', 'port', 'tlsMode', 'username', 'password', 'fromAddress']);
        notifyError(error, 'Could not save the e-mail settings');
      },
    });
  });

  return (
    <Stack maw={900}>
      <form onSubmit={submit} noValidate>
        <Card withBorder padding="lg">
          <Stack>
            <Group gap="xs">
              <IconMail size={18} />
              <Title order={5}>Outgoing e-mail (SMTP)</Title>
            </Group>
            <Text size="sm" c="dimmed">
              Approvers hear of requests waiting for them, people of decisions on theirs, administrators of offline terminals and failed backups — each person chooses in their profile what also comes by e-mail.
            </Text>
            {!settings.configured && <Alert color="blue">Not set up yet: until it is, notifications stay in the console.</Alert>}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label="SMTP server" placeholder="smtp.office365.com" withAsterisk {...form.getInputProps('host')} />
              <NumberInput label="Port" min={1} max={65535} withAsterisk {...form.getInputProps('port')} />
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  Encryption
                </Text>
                <SegmentedControl
                  aria-label="Encryption"
                  data={[
                    { value: 'starttls', label: 'STARTTLS' },
                    { value: 'tls', label: 'TLS' },
                    { value: 'none', label: 'None (LAN)' },
                  ]}
                  value={form.values.tlsMode}
                  onChange={(v) => {
                    form.setFieldValue('tlsMode', v as SmtpTlsMode);
                    form.setFieldValue('port', DEFAULT_PORT[v as SmtpTlsMode]);
                  }}
                />
              </Stack>
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="User name" placeholder="muster@example.com" {...form.getInputProps('username')} />
              <PasswordInput
                label="Password"
                description={settings.hasPassword ? 'Stored encrypted. Leave blank to keep it.' : 'Stored encrypted with this PC’s key; never shown again.'}
                placeholder={settings.hasPassword ? '••••••••' : ''}
                autoComplete="new-password"
                {...form.getInputProps('password')}
              />
            </SimpleGrid>
            <TextInput label="From" placeholder="Muster <muster@example.com>" withAsterisk {...form.getInputProps('fromAddress')} />
            <Switch label="Send e-mail" {...form.getInputProps('enabled', { type: 'checkbox' })} />
            <Switch label="Morning digest for managers who opt in (08:00)" {...form.getInputProps('digestEnabled', { type: 'checkbox' })} />
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                {settings.updatedAt ? `Saved ${formatInstant(settings.updatedAt)}` : ''}
              </Text>
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </Card>
      </form>
      <Card withBorder padding="lg">
        <Stack>
          <Title order={5}>Send a test e-mail</Title>
          <Group align="flex-end">
            <TextInput label="To" value={testTo} onChange={(e) => setTestTo(e.currentTarget.value)} style={{ flex: 1 }} />
            <Button
              variant="light"
              disabled={!settings.configured}
              loading={test.isPending}
              onClick={() => test.mutate(testTo, { onSuccess: (r) => setResult(r) })}
            >
              Send test e-mail
            </Button>
          </Group>
          {result && (
            <Alert color={result.ok ? 'teal' : 'red'} title={result.ok ? 'The server accepted it' : 'Not sent'} data-testid="email-test-result">
              {result.response}
            </Alert>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
