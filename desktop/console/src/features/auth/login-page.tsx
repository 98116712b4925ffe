import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { LoginRequest } from '../../../../../shared/auth.ts';
import { ApiError } from '../../lib/api.ts';
import { zodFormErrors } from '../../lib/form-errors.ts';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { useLogin, useMe, useSetupStatus } from '../../session/session-queries.ts';
import { AuthFrame } from './auth-frame.tsx';

interface LoginState {
  from?: string;
  expired?: boolean;
  signedOut?: boolean;
}

/** Email and password sign-in; returns to the page the user came from. */
export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as LoginState;
  const setup = useSetupStatus();
  const me = useMe();
  const login = useLogin();
  const { t } = useTranslation('common');
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: (v) => zodFormErrors(LoginRequest, v),
  });

  if (setup.data?.needsSetup) return <Navigate to="/setup" replace />;
  if (me.data) return <Navigate to={state.from ?? '/dashboard'} replace />;
  if (me.isPending || setup.isPending) return <FullPageLoader />;

  const submit = form.onSubmit((values) => {
    login.mutate(values, { onSuccess: () => void navigate(state.from ?? '/dashboard', { replace: true }) });
  });

  const error = login.error;
  return (
    <AuthFrame
      title={t('signIn.title')}
      subtitle={setup.data?.organisationName ? t('signIn.subtitleOrg', { organisation: setup.data.organisationName }) : t('signIn.subtitle')}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {state.from?.startsWith('/oauth/authorize') && !error && (
            <Alert color="blue" icon={<IconInfoCircle />}>
              {t('signIn.oauthHint')}
            </Alert>
          )}
          {state.expired && !error && !state.from?.startsWith('/oauth/authorize') && (
            <Alert color="yellow" icon={<IconInfoCircle />}>
              {t('signIn.expired')}
            </Alert>
          )}
          {state.signedOut && !error && (
            <Alert color="teal" icon={<IconInfoCircle />}>
              {t('signIn.signedOut')}
            </Alert>
          )}
          {error && (
            <Alert color="red" title={error instanceof ApiError ? error.problem.title : t('signIn.failed')}>
              {error.message}
            </Alert>
          )}
          <TextInput
            label={t('signIn.email')}
            type="email"
            autoComplete="username"
            placeholder={t('signIn.emailPlaceholder')}
            data-autofocus
            autoFocus
            {...form.getInputProps('email')}
          />
          <PasswordInput label={t('signIn.password')} autoComplete="current-password" {...form.getInputProps('password')} />
          <Button type="submit" fullWidth loading={login.isPending} mt="xs">
            {t('signIn.submit')}
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            {t('signIn.firstTime')}{' '}
            <Anchor component={Link} to="/trust" size="xs">
              {t('signIn.trust')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthFrame>
  );
}
