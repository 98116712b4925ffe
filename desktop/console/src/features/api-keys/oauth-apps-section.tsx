import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Code, EmptyState, Group, Modal, Paper, Stack, Switch, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconApps, IconPlugConnected, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type OAuthClient, OAuthClientCreate, type OAuthClientIssued, type OAuthGrant } from '../../../../../shared/oauth.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { useTx } from '../../i18n/language.tsx';
import { applyServerErrors, zodFormErrors } from '../../lib/form-errors.ts';
import { formatInstant, formatRelative } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { CopyValue } from '../connected-apps/connect-instructions.tsx';
import { GrantTable } from '../connected-apps/connected-apps-page.tsx';
import {
  useDisableOAuthClient,
  useGrants,
  useOAuthClients,
  useOAuthSettings,
  useRegisterOAuthClient,
  useRevokeGrant,
  useUpdateOAuthSettings,
} from '../connected-apps/connected-apps-queries.ts';

/**
 * AI assistants that sign in through OAuth, for administrators: the
 * self-registration switch, apps registered here (pre-registration) and
 * everyone's connections, each revocable.
 */
export function OAuthAppsSection() {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const settings = useOAuthSettings();
  const update = useUpdateOAuthSettings();
  const clients = useOAuthClients();
  const grants = useGrants(true);
  const disable = useDisableOAuthClient();
  const revoke = useRevokeGrant();
  const [registerOpened, registerModal] = useDisclosure();
  const [issued, setIssued] = useState<OAuthClientIssued | null>(null);
  const [disabling, setDisabling] = useState<OAuthClient | null>(null);
  const [revoking, setRevoking] = useState<OAuthGrant | null>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={4}>{tx('oauthApps.title')}</Title>
          <Text size="sm" c="dimmed">
            {settings.data?.issuer ? tx('oauthApps.introAt', { issuer: settings.data.issuer }) : tx('oauthApps.intro')}
          </Text>
        </div>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={registerModal.open}>
          {tx('oauthApps.register')}
        </Button>
      </Group>
      {settings.data && !settings.data.secure && (
        <Alert color="yellow" icon={<IconAlertTriangle />}>
          {tx('oauthApps.insecure')}
        </Alert>
      )}
      <Switch
        label={tx('oauthApps.dynamic')}
        description={tx('oauthApps.dynamicHint')}
        checked={settings.data?.dynamicRegistration ?? true}
        disabled={!settings.data || update.isPending}
        onChange={(e) => update.mutate(e.currentTarget.checked)}
      />
      {clients.error ? (
        <QueryError error={clients.error} onRetry={() => void clients.refetch()} />
      ) : (
        <Paper withBorder style={{ overflow: 'hidden' }}>
          {!clients.data ? (
            <TableSkeleton rows={2} />
          ) : clients.data.length === 0 ? (
            <EmptyState py="lg" icon={<IconApps />} title={tx('oauthApps.emptyTitle')} description={tx('oauthApps.emptyDescription')} />
          ) : (
            <Table.ScrollContainer minWidth={820}>
              <Table aria-label={t('oauthApps.table')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{tx('oauthApps.app')}</Table.Th>
                    <Table.Th>{tx('oauthApps.returnsTo')}</Table.Th>
                    <Table.Th>{tx('oauthApps.connections')}</Table.Th>
                    <Table.Th>{tx('oauthApps.lastUsed')}</Table.Th>
                    <Table.Th>{tx('oauthApps.status')}</Table.Th>
                    <Table.Th w={100} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {clients.data.map((c) => (
                    <Table.Tr key={c.id} c={c.disabledAt ? 'dimmed' : undefined}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {c.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {c.registration !== 'admin'
                            ? tx('oauthApps.registeredItself', { when: formatInstant(c.createdAt) })
                            : c.createdByName
                              ? tx('oauthApps.registeredBy', { name: c.createdByName, when: formatInstant(c.createdAt) })
                              : tx('oauthApps.registeredByAdmin', { when: formatInstant(c.createdAt) })}
                          {c.authMethod !== 'none' ? <> · {tx('oauthApps.hasSecret')}</> : null}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs" style={{ wordBreak: 'break-all' }}>
                          {c.redirectUris.join(', ')}
                        </Text>
                      </Table.Td>
                      <Table.Td>{c.liveGrants}</Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed">
                          {formatRelative(c.lastUsedAt)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {c.disabledAt ? (
                          <Badge color="gray" variant="outline">
                            {tx('oauthApps.disabled')}
                          </Badge>
                        ) : (
                          <Badge color="teal" variant="dot">
                            {tx('oauthApps.active')}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {!c.disabledAt && (
                          <Button size="xs" variant="light" color="red" onClick={() => setDisabling(c)}>
                            {tx('oauthApps.disable')}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      )}
      <Title order={5}>{tx('oauthApps.everyone')}</Title>
      {grants.error ? (
        <QueryError error={grants.error} onRetry={() => void grants.refetch()} />
      ) : (
        <Paper withBorder style={{ overflow: 'hidden' }}>
          {!grants.data ? (
            <TableSkeleton rows={2} />
          ) : grants.data.length === 0 ? (
            <EmptyState py="lg" icon={<IconPlugConnected />} title={tx('oauthApps.nobody')} />
          ) : (
            <GrantTable grants={grants.data} onDisconnect={setRevoking} showPerson />
          )}
        </Paper>
      )}
      <RegisterAppModal
        opened={registerOpened}
        onClose={registerModal.close}
        onIssued={(c) => {
          registerModal.close();
          setIssued(c);
        }}
      />
      <Modal opened={issued !== null} onClose={() => setIssued(null)} title={tx('oauthApps.registered')} centered size="lg" closeOnClickOutside={false}>
        {issued && (
          <Stack>
            <Text size="sm">{tx('oauthApps.giveValues')}</Text>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" w={110}>
                {tx('oauthApps.clientId')}
              </Text>
              <Code style={{ flex: 1 }}>{issued.id}</Code>
              <CopyValue value={issued.id} label={t('oauthApps.copyClientId')} />
            </Group>
            {issued.clientSecret && (
              <>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" w={110}>
                    {tx('oauthApps.clientSecret')}
                  </Text>
                  <Code style={{ flex: 1, wordBreak: 'break-all' }} data-testid="client-secret">
                    {issued.clientSecret}
                  </Code>
                  <CopyValue value={issued.clientSecret} label={t('oauthApps.copyClientSecret')} />
                </Group>
                <Alert color="orange" icon={<IconAlertTriangle />} p="xs">
                  <Text size="xs">{tx('oauthApps.secretOnce')}</Text>
                </Alert>
              </>
            )}
            <Group justify="flex-end">
              <Button onClick={() => setIssued(null)}>{tx('oauthApps.done')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        opened={disabling !== null}
        title={t('oauthApps.disableTitle')}
        message={tx('oauthApps.disableMessage', { name: disabling?.name ?? '', count: disabling?.liveGrants ?? 0 })}
        confirmLabel={t('oauthApps.disableConfirm')}
        danger
        loading={disable.isPending}
        onConfirm={() =>
          disabling &&
          disable.mutate(disabling.id, {
            onSuccess: () => {
              notifySuccess(t('oauthApps.disabledDone', { name: disabling.name }));
              setDisabling(null);
            },
            onError: () => setDisabling(null),
          })
        }
        onClose={() => setDisabling(null)}
      />
      <ConfirmDialog
        opened={revoking !== null}
        title={t('oauthApps.disconnectTitle')}
        message={tx('oauthApps.disconnectMessage', { app: revoking?.client.name ?? '', name: revoking?.employeeName ?? '' })}
        confirmLabel={t('oauthApps.disconnectConfirm')}
        danger
        loading={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              notifySuccess(t('oauthApps.disconnected', { app: revoking.client.name, name: revoking.employeeName ?? '' }));
              setRevoking(null);
            },
            onError: () => setRevoking(null),
          })
        }
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
}

interface RegisterValues {
  name: string;
  redirectUris: string;
  confidential: boolean;
}

const toInput = (v: RegisterValues) => ({
  name: v.name,
  redirectUris: v.redirectUris
    .split(/\s+/)
    .map((s) => s.trim())
    .filter(Boolean),
  confidential: v.confidential,
});

function RegisterAppModal({ opened, onClose, onIssued }: { opened: boolean; onClose: () => void; onIssued: (c: OAuthClientIssued) => void }) {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const register = useRegisterOAuthClient();
  const form = useForm<RegisterValues>({
    initialValues: { name: '', redirectUris: '', confidential: false },
    validate: (v) => zodFormErrors(OAuthClientCreate, toInput(v)),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit((v) => {
    register.mutate(OAuthClientCreate.parse(toInput(v)), {
      onSuccess: (c) => {
        form.reset();
        onIssued(c);
      },
      onError: (error) => {
        applyServerErrors(error, form.setFieldError, ['name', 'redirectUris', 'confidential']);
        notifyError(error, t('oauthApps.form.failed'));
      },
    });
  });
  return (
    <Modal opened={opened} onClose={close} title={tx('oauthApps.form.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={tx('oauthApps.form.name')} description={tx('oauthApps.form.nameDescription')} withAsterisk data-autofocus {...form.getInputProps('name')} />
          <Textarea
            label={tx('oauthApps.form.redirects')}
            description={tx('oauthApps.form.redirectsDescription')}
            autosize
            minRows={2}
            withAsterisk
            {...form.getInputProps('redirectUris')}
          />
          <Checkbox label={tx('oauthApps.form.confidential')} {...form.getInputProps('confidential', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {tx('oauthApps.form.cancel')}
            </Button>
            <Button type="submit" loading={register.isPending}>
              {tx('oauthApps.form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
