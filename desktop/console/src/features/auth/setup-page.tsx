import { useMemo } from 'react';
import { Alert, Button, Divider, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { SetupRequest } from '../../../../../shared/org.ts';
import { useTx } from '../../i18n/language.tsx';
import { applyServerErrors, zodFormErrors } from '../../lib/form-errors.ts';
import { browserTimeZone, timeZoneOptions } from '../../lib/time-zones.ts';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { useSetup, useSetupStatus } from '../../session/session-queries.ts';
import { AuthFrame } from './auth-frame.tsx';

interface SetupValues {
  organisationName: string;
  timeZone: string;
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

function toRequest(v: SetupValues) {
  return {
    organisationName: v.organisationName,
    timeZone: v.timeZone,
    admin: { fullName: v.fullName, email: v.email, password: v.password },
  };
}

/** Maps `admin.email` (contract path) to the flat `email` field of this form. */
function toFormPath(path: string): string {
  return path.startsWith('admin.') ? path.slice('admin.'.length) : path;
}

/** First run: names the organisation and creates its first administrator, who is signed in. */
export function SetupPage() {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const status = useSetupStatus();
  const setup = useSetup();
  const navigate = useNavigate();
  const zones = useMemo(() => timeZoneOptions(browserTimeZone()), []);
  const form = useForm<SetupValues>({
    initialValues: {
      organisationName: '',
      timeZone: browserTimeZone(),
      fullName: '',
      email: '',
      password: '',
      confirmPassword: '',
    },
    validate: (v) => {
      const errors: Record<string, string> = {};
      for (const [path, message] of Object.entries(zodFormErrors(SetupRequest, toRequest(v)))) errors[toFormPath(path)] = message;
      if (!errors.confirmPassword && v.confirmPassword !== v.password) errors.confirmPassword = t('firstRun.mismatch');
      return errors;
    },
  });

  if (status.isPending) return <FullPageLoader />;
  if (status.data && !status.data.needsSetup && !setup.isSuccess) return <Navigate to="/login" replace />;

  const submit = form.onSubmit((v) => {
    setup.mutate(SetupRequest.parse(toRequest(v)), {
      onSuccess: () => void navigate('/dashboard', { replace: true }),
      onError: (error) =>
        applyServerErrors(error, (path, message) => form.setFieldError(toFormPath(path), message), [
          'organisationName',
          'timeZone',
          'admin',
        ]),
    });
  });

  return (
    <AuthFrame
      width={560}
      title={t('firstRun.title')}
      subtitle={tx('firstRun.subtitle')}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {setup.error && <Alert color="red" title={tx('firstRun.failed')}>{setup.error.message}</Alert>}
          <TextInput label={tx('firstRun.organisationName')} placeholder={t('firstRun.organisationPlaceholder')} data-autofocus autoFocus withAsterisk {...form.getInputProps('organisationName')} />
          <Select
            label={tx('firstRun.timeZone')}
            description={tx('firstRun.timeZoneHint')}
            data={zones}
            searchable
            withAsterisk
            allowDeselect={false}
            {...form.getInputProps('timeZone')}
          />
          <Divider label={tx('firstRun.firstAdmin')} labelPosition="left" mt="xs" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={tx('firstRun.fullName')} withAsterisk autoComplete="name" {...form.getInputProps('fullName')} />
            <TextInput label={tx('firstRun.email')} type="email" withAsterisk autoComplete="email" {...form.getInputProps('email')} />
            <PasswordInput label={tx('firstRun.password')} withAsterisk autoComplete="new-password" description={tx('firstRun.passwordHint')} {...form.getInputProps('password')} />
            <PasswordInput label={tx('firstRun.repeatPassword')} withAsterisk autoComplete="new-password" description={tx('firstRun.repeatPasswordHint')} {...form.getInputProps("confirmPassword")} />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {tx('firstRun.later')}
          </Text>
          <Button type="submit" loading={setup.isPending} fullWidth>
            {tx('firstRun.submit')}
          </Button>
        </Stack>
      </form>
    </AuthFrame>
  );
}
