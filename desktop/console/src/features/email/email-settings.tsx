import { Alert, Button, Card, Group, NumberInput, PasswordInput, SegmentedControl, SimpleGrid, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailSettingsUpdate, type EmailSettings, type EmailTestResult, type SmtpTlsMode } from '../../../../../shared/email.ts';
import { QueryError } from '../../components/query-error.tsx';
import { applyServerErrors, zodFormErrors } from '../../lib/form-errors.ts';
import { useTx } from '../../i18n/language.tsx';
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
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
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
        notifySuccess(t('email.saved'));
      },
      onError: (error) => {
        applyServerErrors(error, form.setFieldError, ['host', 'port', 'tlsMode', 'username', 'password', 'fromAddress']);
        notifyError(error, t('email.saveFailed'));
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
              <Title order={5}>{tx('email.smtpTitle')}</Title>
            </Group>
            <Text size="sm" c="dimmed">
              {tx('email.intro')}
            </Text>
            {!settings.configured && <Alert color="blue">{tx('email.notSetUp')}</Alert>}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label={tx('email.host')} placeholder={t('email.hostPlaceholder')} withAsterisk {...form.getInputProps('host')} />
              <NumberInput label={tx('email.port')} min={1} max={65535} withAsterisk {...form.getInputProps('port')} />
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {tx('email.encryption')}
                </Text>
                <SegmentedControl
                  aria-label={t('email.encryption')}
                  data={[
                    { value: 'starttls', label: 'STARTTLS' },
                    { value: 'tls', label: 'TLS' },
                    { value: 'none', label: t('email.tlsNone') },
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
              <TextInput label={tx('email.username')} placeholder={t('email.usernamePlaceholder')} {...form.getInputProps('username')} />
              <PasswordInput
                label={tx('email.password')}
                description={settings.hasPassword ? tx('email.passwordKept') : tx('email.passwordNew')}
                placeholder={settings.hasPassword ? '••••••••' : ''}
                autoComplete="new-password"
                {...form.getInputProps('password')}
              />
            </SimpleGrid>
            <TextInput label={tx('email.from')} placeholder={t('email.fromPlaceholder', { address: '<muster@example.com>' })} withAsterisk {...form.getInputProps('fromAddress')} />
            <Switch label={tx('email.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
            <Switch label={tx('email.digest')} {...form.getInputProps('digestEnabled', { type: 'checkbox' })} />
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                {settings.updatedAt ? tx('email.savedAt', { when: formatInstant(settings.updatedAt) }) : ''}
              </Text>
              <Button type="submit" loading={save.isPending}>
                {tx('email.save')}
              </Button>
            </Group>
          </Stack>
        </Card>
      </form>
      <Card withBorder padding="lg">
        <Stack>
          <Title order={5}>{tx('email.testTitle')}</Title>
          <Group align="flex-end">
            <TextInput label={tx('email.testTo')} value={testTo} onChange={(e) => setTestTo(e.currentTarget.value)} style={{ flex: 1 }} />
            <Button
              variant="light"
              disabled={!settings.configured}
              loading={test.isPending}
              onClick={() => test.mutate(testTo, { onSuccess: (r) => setResult(r) })}
            >
              {tx('email.testSend')}
            </Button>
          </Group>
          {result && (
            <Alert color={result.ok ? 'teal' : 'red'} title={result.ok ? tx('email.testAccepted') : tx('email.testNotSent')} data-testid="email-test-result">
              {result.response}
            </Alert>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
