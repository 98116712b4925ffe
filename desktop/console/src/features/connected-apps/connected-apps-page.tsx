import { useState } from 'react';
import { Alert, Badge, Button, Card, Code, EmptyState, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconKey, IconPlugConnected, IconPlus, IconRobot } from '@tabler/icons-react';
import type { ApiKey, ApiKeyIssued } from '../../../../../shared/api-keys.ts';
import type { OAuthGrant } from '../../../../../shared/oauth.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { formatDate, formatInstant, formatRelative } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { CopyValue, mcpEndpoint, oauthPossibleHere } from './connect-instructions.tsx';
import { useGrants, usePersonalKeys, useRevokeGrant, useRevokePersonalKey } from './connected-apps-queries.ts';
import { KeyMadeModal, NewKeyModal } from './personal-key-modals.tsx';

export function keyStatus(k: ApiKey, now = Date.now()): { label: string; color: string; live: boolean } {
  if (k.revokedAt) return { label: `Revoked ${formatRelative(k.revokedAt)}`, color: 'gray', live: false };
  if (k.expiresAt && Date.parse(k.expiresAt) <= now) return { label: `Expired ${formatDate(k.expiresAt.slice(0, 10))}`, color: 'gray', live: false };
  return { label: 'Active', color: 'teal', live: true };
}

/**
 * The person's AI assistants: apps signed in through OAuth (disconnect), and
 * personal keys (make, shown once; revoke). Both act only as the person.
 */
export function ConnectedAppsPage() {
  const keys = usePersonalKeys();
  const grants = useGrants();
  const revokeKey = useRevokePersonalKey();
  const revokeGrant = useRevokeGrant();
  const [newOpened, newModal] = useDisclosure();
  const [made, setMade] = useState<ApiKeyIssued | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [disconnecting, setDisconnecting] = useState<OAuthGrant | null>(null);
  const endpoint = mcpEndpoint();

  return (
    <>
      <PageHeader
        title="Connected apps"
        description="AI assistants (Claude, ChatGPT, an IDE agent…) that act for you in Muster — never with more than you may do yourself."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={newModal.open}>
            New key
          </Button>
        }
      />
      <Stack gap="lg">
        <Card withBorder padding="lg">
          <Group gap="xs" mb="xs">
            <IconRobot size={18} />
            <Title order={5}>Connect an assistant</Title>
          </Group>
          <Stack gap="xs">
            <Group gap="xs" wrap="nowrap">
              <Text size="sm">Muster&apos;s address for assistants (MCP):</Text>
              <Code data-testid="mcp-endpoint">{endpoint}</Code>
              <CopyValue value={endpoint} label="Copy the MCP address" />
            </Group>
            <List size="sm" spacing={4}>
              <List.Item>Assistants that sign in by themselves (Claude, ChatGPT connectors, VS Code, Cursor) need only this address: they open a Muster page where you allow them.</List.Item>
              <List.Item>Others take a personal key: make one here and paste it into the assistant.</List.Item>
            </List>
            {!oauthPossibleHere() && (
              <Alert color="yellow" icon={<IconAlertTriangle />} p="xs">
                <Text size="xs">Signing assistants in needs HTTPS. Open Muster at its https:// address (or ask your administrator), or use a personal key.</Text>
              </Alert>
            )}
          </Stack>
        </Card>

        <Stack gap="xs">
          <Title order={4}>Signed-in apps</Title>
          {grants.error ? (
            <QueryError error={grants.error} onRetry={() => void grants.refetch()} />
          ) : (
            <Paper withBorder style={{ overflow: 'hidden' }}>
              {!grants.data ? (
                <TableSkeleton rows={2} />
              ) : grants.data.length === 0 ? (
                <EmptyState py="lg" icon={<IconPlugConnected />} title="No app signed in" description="When you allow an assistant to connect, it shows here." />
              ) : (
                <GrantTable grants={grants.data} onDisconnect={setDisconnecting} />
              )}
            </Paper>
          )}
        </Stack>

        <Stack gap="xs">
          <Title order={4}>Personal keys</Title>
          {keys.error ? (
            <QueryError error={keys.error} onRetry={() => void keys.refetch()} />
          ) : (
            <Paper withBorder style={{ overflow: 'hidden' }}>
              {!keys.data ? (
                <TableSkeleton rows={2} />
              ) : keys.data.length === 0 ? (
                <EmptyState py="lg" icon={<IconKey />} title="No personal keys" description="Make a key for an assistant that cannot sign in by itself.">
                  <Button variant="light" onClick={newModal.open}>
                    Make a key
                  </Button>
                </EmptyState>
              ) : (
                <KeyTable keys={keys.data} onRevoke={setRevoking} />
              )}
            </Paper>
          )}
        </Stack>
      </Stack>

      <NewKeyModal
        opened={newOpened}
        onClose={newModal.close}
        onIssued={(key) => {
          newModal.close();
          setMade(key);
        }}
      />
      <KeyMadeModal issued={made} onClose={() => setMade(null)} />
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke key"
        message={`Revoke ${revoking?.name ?? ''} (${revoking?.prefix ?? ''}…)? The assistant using it is refused from its next request.`}
        confirmLabel="Revoke key"
        danger
        loading={revokeKey.isPending}
        onConfirm={() =>
          revoking &&
          revokeKey.mutate(revoking.id, {
            onSuccess: () => {
              notifySuccess(`${revoking.name} was revoked.`);
              setRevoking(null);
            },
            onError: () => setRevoking(null),
          })
        }
        onClose={() => setRevoking(null)}
      />
      <ConfirmDialog
        opened={disconnecting !== null}
        title="Disconnect app"
        message={`Disconnect ${disconnecting?.client.name ?? ''}? It can no longer act as you; to use it again, connect it again.`}
        confirmLabel="Disconnect"
        danger
        loading={revokeGrant.isPending}
        onConfirm={() =>
          disconnecting &&
          revokeGrant.mutate(disconnecting.id, {
            onSuccess: () => {
              notifySuccess(`${disconnecting.client.name} was disconnected.`);
              setDisconnecting(null);
            },
            onError: () => setDisconnecting(null),
          })
        }
        onClose={() => setDisconnecting(null)}
      />
    </>
  );
}

export function GrantTable({ grants, onDisconnect, showPerson = false }: { grants: OAuthGrant[]; onDisconnect: (g: OAuthGrant) => void; showPerson?: boolean }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table aria-label="Signed-in apps" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>App</Table.Th>
            {showPerson && <Table.Th>For</Table.Th>}
            <Table.Th>Can</Table.Th>
            <Table.Th>Connected</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th w={120} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {grants.map((g) => (
            <Table.Tr key={g.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {g.client.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {g.client.registration === 'admin' ? 'Registered by an administrator' : 'Registered itself'}
                </Text>
              </Table.Td>
              {showPerson && <Table.Td>{g.employeeName}</Table.Td>}
              <Table.Td>
                <Badge variant="light" color={g.scopes.includes('muster:write') ? 'grape' : 'blue'} mb={4}>
                  {g.scopes.includes('muster:write') ? 'Read and act' : 'Only read'}
                </Badge>
                <Text size="xs" c="dimmed" lineClamp={2} title={g.abilities.join('; ')}>
                  {g.abilities.join('; ')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatInstant(g.createdAt)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {formatRelative(g.lastUsedAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" color="red" onClick={() => onDisconnect(g)}>
                  Disconnect
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function KeyTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (k: ApiKey) => void }) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table aria-label="Personal keys">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Key</Table.Th>
            <Table.Th>May</Table.Th>
            <Table.Th>Made</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th w={100} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((k) => {
            const status = keyStatus(k);
            return (
              <Table.Tr key={k.id} c={status.live ? undefined : 'dimmed'}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {k.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Code>{k.prefix}…</Code>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={k.scope === 'ReadWrite' ? 'grape' : 'blue'}>
                    {k.scope === 'ReadWrite' ? 'Read and act' : 'Only read'}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatInstant(k.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {formatRelative(k.lastUsedAt)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{k.expiresAt ? formatDate(k.expiresAt.slice(0, 10)) : 'Never'}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={status.color} variant={status.live ? 'dot' : 'outline'}>
                    {status.label}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {status.live && (
                    <Button size="xs" variant="light" color="red" onClick={() => onRevoke(k)}>
                      Revoke
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

