import { useState } from 'react';
import { Alert, Badge, Button, Card, Code, EmptyState, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconKey, IconPlugConnected, IconPlus, IconRobot } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ApiKey, ApiKeyIssued } from '../../../../../shared/api-keys.ts';
import type { OAuthGrant } from '../../../../../shared/oauth.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { formatDate, formatInstant, formatRelative } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { i18n } from '../../i18n/i18n.ts';
import { abilityWords } from './ability-words.ts';
import { CopyValue, mcpEndpoint, oauthPossibleHere } from './connect-instructions.tsx';
import { useGrants, usePersonalKeys, useRevokeGrant, useRevokePersonalKey } from './connected-apps-queries.ts';
import { KeyMadeModal, NewKeyModal } from './personal-key-modals.tsx';

export function keyStatus(k: ApiKey, now = Date.now()): { label: string; color: string; live: boolean } {
  // Not a hook: HR's API keys page asks it per row too; the words follow the console's language.
  if (k.revokedAt) return { label: i18n.t('employee:connectedApps.keyStatus.revoked', { when: formatRelative(k.revokedAt) }), color: 'gray', live: false };
  if (k.expiresAt && Date.parse(k.expiresAt) <= now)
    return { label: i18n.t('employee:connectedApps.keyStatus.expired', { day: formatDate(k.expiresAt.slice(0, 10)) }), color: 'gray', live: false };
  return { label: i18n.t('employee:connectedApps.keyStatus.active'), color: 'teal', live: true };
}

/**
 * The person's AI assistants: apps signed in through OAuth (disconnect), and
 * personal keys (make, shown once; revoke). Both act only as the person.
 */
export function ConnectedAppsPage() {
  const { t } = useTranslation('employee');
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
        title={t('connectedApps.title')}
        description={t('connectedApps.description')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={newModal.open}>
            {t('connectedApps.newKey')}
          </Button>
        }
      />
      <Stack gap="lg">
        <Card withBorder padding="lg">
          <Group gap="xs" mb="xs">
            <IconRobot size={18} />
            <Title order={5}>{t('connectedApps.connect.title')}</Title>
          </Group>
          <Stack gap="xs">
            <Group gap="xs" wrap="nowrap">
              <Text size="sm">{t('connectedApps.connect.address')}</Text>
              <Code data-testid="mcp-endpoint">{endpoint}</Code>
              <CopyValue value={endpoint} label={t('connectedApps.connect.copyAddress')} />
            </Group>
            <List size="sm" spacing={4}>
              <List.Item>{t('connectedApps.connect.selfSignIn')}</List.Item>
              <List.Item>{t('connectedApps.connect.withKey')}</List.Item>
            </List>
            {!oauthPossibleHere() && (
              <Alert color="yellow" icon={<IconAlertTriangle />} p="xs">
                <Text size="xs">{t('connectedApps.connect.needsHttps')}</Text>
              </Alert>
            )}
          </Stack>
        </Card>

        <Stack gap="xs">
          <Title order={4}>{t('connectedApps.grants.title')}</Title>
          {grants.error ? (
            <QueryError error={grants.error} onRetry={() => void grants.refetch()} />
          ) : (
            <Paper withBorder style={{ overflow: 'hidden' }}>
              {!grants.data ? (
                <TableSkeleton rows={2} />
              ) : grants.data.length === 0 ? (
                <EmptyState py="lg" icon={<IconPlugConnected />} title={t('connectedApps.grants.emptyTitle')} description={t('connectedApps.grants.emptyDescription')} />
              ) : (
                <GrantTable grants={grants.data} onDisconnect={setDisconnecting} />
              )}
            </Paper>
          )}
        </Stack>

        <Stack gap="xs">
          <Title order={4}>{t('connectedApps.keys.title')}</Title>
          {keys.error ? (
            <QueryError error={keys.error} onRetry={() => void keys.refetch()} />
          ) : (
            <Paper withBorder style={{ overflow: 'hidden' }}>
              {!keys.data ? (
                <TableSkeleton rows={2} />
              ) : keys.data.length === 0 ? (
                <EmptyState py="lg" icon={<IconKey />} title={t('connectedApps.keys.emptyTitle')} description={t('connectedApps.keys.emptyDescription')}>
                  <Button variant="light" onClick={newModal.open}>
                    {t('connectedApps.keys.make')}
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
        title={t('connectedApps.revoke.title')}
        message={t('connectedApps.revoke.message', { name: revoking?.name ?? '', prefix: revoking?.prefix ?? '' })}
        confirmLabel={t('connectedApps.revoke.confirm')}
        danger
        loading={revokeKey.isPending}
        onConfirm={() =>
          revoking &&
          revokeKey.mutate(revoking.id, {
            onSuccess: () => {
              notifySuccess(t('connectedApps.revoke.done', { name: revoking.name }));
              setRevoking(null);
            },
            onError: () => setRevoking(null),
          })
        }
        onClose={() => setRevoking(null)}
      />
      <ConfirmDialog
        opened={disconnecting !== null}
        title={t('connectedApps.disconnect.title')}
        message={t('connectedApps.disconnect.message', { name: disconnecting?.client.name ?? '' })}
        confirmLabel={t('connectedApps.disconnect.confirm')}
        danger
        loading={revokeGrant.isPending}
        onConfirm={() =>
          disconnecting &&
          revokeGrant.mutate(disconnecting.id, {
            onSuccess: () => {
              notifySuccess(t('connectedApps.disconnect.done', { name: disconnecting.client.name }));
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
  const { t } = useTranslation('employee');
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table aria-label={t('connectedApps.grants.title')} verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('connectedApps.grants.app')}</Table.Th>
            {showPerson && <Table.Th>{t('connectedApps.grants.for')}</Table.Th>}
            <Table.Th>{t('connectedApps.grants.can')}</Table.Th>
            <Table.Th>{t('connectedApps.grants.connected')}</Table.Th>
            <Table.Th>{t('connectedApps.grants.lastUsed')}</Table.Th>
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
                  {g.client.registration === 'admin' ? t('connectedApps.grants.registeredByAdmin') : t('connectedApps.grants.registeredItself')}
                </Text>
              </Table.Td>
              {showPerson && <Table.Td>{g.employeeName}</Table.Td>}
              <Table.Td>
                <Badge variant="light" color={g.scopes.includes('muster:write') ? 'grape' : 'blue'} mb={4}>
                  {g.scopes.includes('muster:write') ? t('connectedApps.access.readWrite') : t('connectedApps.access.readOnly')}
                </Badge>
                <Text size="xs" c="dimmed" lineClamp={2} title={g.abilities.map(abilityWords).join('; ')}>
                  {g.abilities.map(abilityWords).join('; ')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatInstant(g.createdAt)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {formatRelative(g.lastUsedAt, t('connectedApps.neverUsed'))}
                </Text>
              </Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" color="red" onClick={() => onDisconnect(g)}>
                  {t('connectedApps.grants.disconnect')}
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
  const { t } = useTranslation('employee');
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table aria-label={t('connectedApps.keys.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('connectedApps.keys.name')}</Table.Th>
            <Table.Th>{t('connectedApps.keys.key')}</Table.Th>
            <Table.Th>{t('connectedApps.keys.may')}</Table.Th>
            <Table.Th>{t('connectedApps.keys.made')}</Table.Th>
            <Table.Th>{t('connectedApps.keys.lastUsed')}</Table.Th>
            <Table.Th>{t('connectedApps.keys.expires')}</Table.Th>
            <Table.Th>{t('connectedApps.keys.status')}</Table.Th>
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
                    {k.scope === 'ReadWrite' ? t('connectedApps.access.readWrite') : t('connectedApps.access.readOnly')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatInstant(k.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {formatRelative(k.lastUsedAt, t('connectedApps.neverUsed'))}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{k.expiresAt ? formatDate(k.expiresAt.slice(0, 10)) : t('connectedApps.keys.never')}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={status.color} variant={status.live ? 'dot' : 'outline'}>
                    {status.label}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {status.live && (
                    <Button size="xs" variant="light" color="red" onClick={() => onRevoke(k)}>
                      {t('connectedApps.keys.revoke')}
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

