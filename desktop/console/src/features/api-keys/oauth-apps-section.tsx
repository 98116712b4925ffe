import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Code, EmptyState, Group, Modal, Paper, Stack, Switch, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconApps, IconPlugConnected, IconPlus } from '@tabler/icons-react';
import { type OAuthClient, OAuthClientCreate, type OAuthClientIssued, type OAuthGrant } from '../../../../../shared/oauth.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
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
          <Title order={4}>AI assistants (OAuth)</Title>
          <Text size="sm" c="dimmed">
            Assistants that sign in as a person through Muster&apos;s own authorization server{settings.data?.issuer ? ` (${settings.data.issuer})` : ''}.
          </Text>
        </div>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={registerModal.open}>
          Register app
        </Button>
      </Group>
      {settings.data && !settings.data.secure && (
        <Alert color="yellow" icon={<IconAlertTriangle />}>
          Assistants cannot sign in at this address: OAuth needs HTTPS beyond this PC. Turn on LAN access, or set MUSTER_PUBLIC_URL to an HTTPS address (a tunnel or a reverse proxy).
        </Alert>
      )}
      <Switch
        label="Let assistants register themselves"
        description="Claude, ChatGPT and IDE agents register on their own before asking someone to connect them. Off: only apps registered here can connect."
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
            <EmptyState py="lg" icon={<IconApps />} title="No apps yet" description="Apps show here once registered here, or once someone connects an app that registered itself." />
          ) : (
            <Table.ScrollContainer minWidth={820}>
              <Table aria-label="OAuth apps">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>App</Table.Th>
                    <Table.Th>Returns to</Table.Th>
                    <Table.Th>Connections</Table.Th>
                    <Table.Th>Last used</Table.Th>
                    <Table.Th>Status</Table.Th>
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
                          {c.registration === 'admin' ? `Registered by ${c.createdByName ?? 'an administrator'}, ${formatInstant(c.createdAt)}` : `Registered itself, ${formatInstant(c.createdAt)}`}
                          {c.authMethod !== 'none' ? ' · has a secret' : ''}
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
                            Disabled
                          </Badge>
                        ) : (
                          <Badge color="teal" variant="dot">
                            Active
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {!c.disabledAt && (
                          <Button size="xs" variant="light" color="red" onClick={() => setDisabling(c)}>
                            Disable
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
      <Title order={5}>Everyone&apos;s connections</Title>
      {grants.error ? (
        <QueryError error={grants.error} onRetry={() => void grants.refetch()} />
      ) : (
        <Paper withBorder style={{ overflow: 'hidden' }}>
          {!grants.data ? (
            <TableSkeleton rows={2} />
          ) : grants.data.length === 0 ? (
            <EmptyState py="lg" icon={<IconPlugConnected />} title="Nobody has connected an app" />
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
      <Modal opened={issued !== null} onClose={() => setIssued(null)} title="App registered" centered size="lg" closeOnClickOutside={false}>
        {issued && (
          <Stack>
            <Text size="sm">Give the app these values:</Text>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" w={110}>
                Client id
              </Text>
              <Code style={{ flex: 1 }}>{issued.id}</Code>
              <CopyValue value={issued.id} label="Copy client id" />
            </Group>
            {issued.clientSecret && (
              <>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" w={110}>
                    Client secret
                  </Text>
                  <Code style={{ flex: 1, wordBreak: 'break-all' }} data-testid="client-secret">
                    {issued.clientSecret}
                  </Code>
                  <CopyValue value={issued.clientSecret} label="Copy client secret" />
                </Group>
                <Alert color="orange" icon={<IconAlertTriangle />} p="xs">
                  <Text size="xs">The secret is shown this once; only a fingerprint is kept.</Text>
                </Alert>
              </>
            )}
            <Group justify="flex-end">
              <Button onClick={() => setIssued(null)}>Done</Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        opened={disabling !== null}
        title="Disable app"
        message={`Disable ${disabling?.name ?? ''}? Nobody can connect it any more and its ${disabling?.liveGrants ?? 0} connection(s) end at once.`}
        confirmLabel="Disable app"
        danger
        loading={disable.isPending}
        onConfirm={() =>
          disabling &&
          disable.mutate(disabling.id, {
            onSuccess: () => {
              notifySuccess(`${disabling.name} was disabled.`);
              setDisabling(null);
            },
            onError: () => setDisabling(null),
          })
        }
        onClose={() => setDisabling(null)}
      />
      <ConfirmDialog
        opened={revoking !== null}
        title="Disconnect app"
        message={`Disconnect ${revoking?.client.name ?? ''} from ${revoking?.employeeName ?? ''}? It can no longer act as them.`}
        confirmLabel="Disconnect"
        danger
        loading={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              notifySuccess(`${revoking.client.name} was disconnected from ${revoking.employeeName}.`);
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
        notifyError(error, 'Could not register the app');
      },
    });
  });
  return (
    <Modal opened={opened} onClose={close} title="Register an app" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Name" description="As people will see it when they connect it" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <Textarea
            label="Redirect URIs"
            description="One a line: https://…, http://127.0.0.1/… (any port), or the app's own scheme"
            autosize
            minRows={2}
            withAsterisk
            {...form.getInputProps('redirectUris')}
          />
          <Checkbox label="The app keeps a secret (a server-side app)" {...form.getInputProps('confidential', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={register.isPending}>
              Register
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
