import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
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
      title="Sign in"
      subtitle={setup.data?.organisationName ? `to ${setup.data.organisationName}` : 'to your workforce back office'}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {state.from?.startsWith('/oauth/authorize') && !error && (
            <Alert color="blue" icon={<IconInfoCircle />}>
              An app asks to connect to Muster as you. Sign in to see what it wants, then allow or deny it.
            </Alert>
          )}
          {state.expired && !error && !state.from?.startsWith('/oauth/authorize') && (
            <Alert color="yellow" icon={<IconInfoCircle />}>
              Your session has ended. Sign in again to continue.
            </Alert>
          )}
          {state.signedOut && !error && (
            <Alert color="teal" icon={<IconInfoCircle />}>
              You have signed out.
            </Alert>
          )}
          {error && (
            <Alert color="red" title={error instanceof ApiError ? error.problem.title : 'Sign-in failed'}>
              {error.message}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            placeholder="you@company.example"
            data-autofocus
            autoFocus
            {...form.getInputProps('email')}
          />
          <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
          <Button type="submit" fullWidth loading={login.isPending} mt="xs">
            Sign in
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            First time on this phone or computer?{' '}
            <Anchor component={Link} to="/trust" size="xs">
              Trust this PC
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthFrame>
  );
}
