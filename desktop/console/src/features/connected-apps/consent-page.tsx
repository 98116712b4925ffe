import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconPlugConnected, IconShieldCheck } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AuthorizeParams } from '../../../../../shared/oauth.ts';
import { FullPageError } from '../../components/full-page-error.tsx';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { notifyError } from '../../lib/notify.ts';
import { AuthFrame } from '../auth/auth-frame.tsx';
import { abilityWords } from './ability-words.ts';
import { useAuthorizeDecision, useAuthorizePrompt } from './connected-apps-queries.ts';

const PARAMS = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method', 'resource'] as const;

/** The authorization request exactly as the app built it (the server checks it, not this page). */
function paramsOf(search: URLSearchParams): AuthorizeParams {
  const out: Record<string, string> = {};
  for (const key of PARAMS) {
    const value = search.get(key);
    if (value !== null) out[key] = value;
  }
  return out;
}

/**
 * `/oauth/authorize`: an AI assistant asks to act as the signed-in person.
 * Names the app, where the browser goes back to and what it will be able to
 * do; Allow sends the browser back to the app with a one-time code.
 */
export function ConsentPage() {
  const { t } = useTranslation('employee');
  const [search] = useSearchParams();
  const params = paramsOf(search);
  const prompt = useAuthorizePrompt(params);
  const decide = useAuthorizeDecision();
  const [allowWrite, setAllowWrite] = useState(true);
  const [leaving, setLeaving] = useState(false);

  if (prompt.isPending) return <FullPageLoader />;
  if (prompt.error) return <FullPageError error={prompt.error} onRetry={() => void prompt.refetch()} />;
  const p = prompt.data;

  const send = (decision: 'allow' | 'deny') => {
    decide.mutate(
      { ...params, decision, allowWrite },
      {
        onSuccess: ({ redirectTo }) => {
          setLeaving(true);
          window.location.assign(redirectTo);
        },
        onError: (error) => notifyError(error, t('oauthConsent.failed')),
      },
    );
  };

  if (!p.ok) {
    return (
      <AuthFrame title={t('oauthConsent.cannotTitle')} width={520}>
        <Stack>
          <Alert color="red" icon={<IconAlertTriangle />}>
            {p.message}
          </Alert>
          {p.returnTo ? (
            <Button component="a" href={p.returnTo} variant="default">
              {t('oauthConsent.back')}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              {t('oauthConsent.nothingShared')}
            </Text>
          )}
        </Stack>
      </AuthFrame>
    );
  }

  const wantsWrite = p.scopes.includes('muster:write');
  const abilities = wantsWrite && allowWrite ? p.abilities : p.readAbilities;
  return (
    <AuthFrame title={t('oauthConsent.title', { app: p.client.name })} subtitle={t('oauthConsent.signedInAs', { name: p.userName })} width={560}>
      <Stack gap="md">
        <Group gap="xs">
          <ThemeIcon variant="light" size="lg" radius="xl">
            <IconPlugConnected size={18} />
          </ThemeIcon>
          <div style={{ flex: 1 }}>
            <Text fw={600}>{p.client.name}</Text>
            <Text size="xs" c="dimmed">
              <Trans t={t} i18nKey="oauthConsent.sendsBack" values={{ host: p.redirectHost }} components={{ b: <b /> }} />
              {p.client.clientUri ? ` · ${p.client.clientUri}` : ''}
            </Text>
          </div>
          {p.client.registration === 'admin' ? (
            <Badge color="teal" variant="light" leftSection={<IconShieldCheck size={12} />}>
              {t('oauthConsent.registeredByYourAdmin')}
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              {t('oauthConsent.registeredItself')}
            </Badge>
          )}
        </Group>
        {p.client.registration === 'dynamic' && (
          <Alert color="yellow" icon={<IconAlertTriangle />} p="xs">
            <Text size="xs">{t('oauthConsent.onlyIfYouStarted', { app: p.client.name })}</Text>
          </Alert>
        )}
        <div>
          <Text size="sm" fw={500} mb={6}>
            {t('oauthConsent.willBeAble')}
          </Text>
          <List size="sm" spacing={4} icon={<IconCheck size={14} color="var(--mantine-color-teal-6)" />} data-testid="consent-abilities">
            {abilities.map((a) => (
              <List.Item key={a}>{abilityWords(a)}</List.Item>
            ))}
          </List>
          <Text size="xs" c="dimmed" mt={8}>
            {t('oauthConsent.onlyWhatYouMay')}
          </Text>
        </div>
        {wantsWrite && (
          <Checkbox
            checked={allowWrite}
            onChange={(e) => setAllowWrite(e.currentTarget.checked)}
            label={t('oauthConsent.alsoAct')}
            description={t('oauthConsent.untick')}
          />
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={() => send('deny')} disabled={decide.isPending || leaving}>
            {t('oauthConsent.deny')}
          </Button>
          <Button onClick={() => send('allow')} loading={decide.isPending || leaving}>
            {t('oauthConsent.allow')}
          </Button>
        </Group>
      </Stack>
    </AuthFrame>
  );
}
