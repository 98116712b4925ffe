import { useState } from 'react';
import { Anchor, Badge, Button, Card, Code, EmptyState, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBook, IconKey, IconPlus, IconRobot, IconWebhook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ApiKey, ApiKeyIssued } from '../../../../../shared/api-keys.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { useTx } from '../../i18n/language.tsx';
import { TransTx } from '../../i18n/trans-tx.tsx';
import { formatInstant, formatRelative } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useApiKeys, useRevokeApiKey } from './api-key-queries.ts';
import { IssueKeyModal } from './issue-key-modal.tsx';
import { KeyIssuedModal } from './key-issued-modal.tsx';
import { OAuthAppsSection } from './oauth-apps-section.tsx';
import { keyStatus } from '../connected-apps/connected-apps-page.tsx';
import { mcpEndpoint } from '../connected-apps/connect-instructions.tsx';
import { WebhooksSection } from '../webhooks/webhooks-section.tsx';

/** API keys for integrations: issue (shown once), list, revoke; and where the docs are. */
export function ApiKeysPage() {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [issueOpened, issueModal] = useDisclosure();
  const [issued, setIssued] = useState<ApiKeyIssued | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        notifySuccess(t('apiKeys.revoked', { name: revoking.name }));
        setRevoking(null);
      },
      onError: () => setRevoking(null),
    });
  };

  return (
    <>
      <PageHeader
        title={tx('apiKeys.title')}
        documentTitle={t('apiKeys.title')}
        description={tx('apiKeys.description')}
        actions={
          <>
            <Button component="a" href="/api/docs" target="_blank" rel="noreferrer" variant="default" leftSection={<IconBook size={16} />}>
              {tx('apiKeys.docs')}
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={issueModal.open}>
              {tx('apiKeys.issue')}
            </Button>
          </>
        }
      />
      <Stack gap="lg">
        {keys.error ? (
          <QueryError error={keys.error} onRetry={() => void keys.refetch()} />
        ) : (
          <Paper withBorder style={{ overflow: 'hidden' }}>
            {!keys.data ? (
              <TableSkeleton rows={4} />
            ) : keys.data.length === 0 ? (
              <EmptyState py="xl" icon={<IconKey />} title={tx('apiKeys.emptyTitle')} description={tx('apiKeys.emptyDescription')}>
                <Button variant="light" onClick={issueModal.open}>
                  {tx('apiKeys.issueFirst')}
                </Button>
              </EmptyState>
            ) : (
              <ApiKeyTable keys={keys.data} onRevoke={setRevoking} />
            )}
          </Paper>
        )}
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <Card withBorder padding="lg">
            <Group gap="xs" mb="xs">
              <IconBook size={18} />
              <Title order={5}>{tx('apiKeys.publicTitle')}</Title>
            </Group>
            <List size="sm" spacing={4}>
              <List.Item>
                <TransTx ns="hr" k="apiKeys.publicEmployees" components={{ code: <Code /> }} />
              </List.Item>
              <List.Item>
                <TransTx ns="hr" k="apiKeys.publicAttendance" components={{ code: <Code /> }} />
              </List.Item>
              <List.Item>
                <TransTx ns="hr" k="apiKeys.publicAuth" components={{ code: <Code /> }} />
              </List.Item>
            </List>
            <Anchor href="/api/docs" target="_blank" rel="noreferrer" size="sm" mt="sm" display="inline-block">
              {tx('apiKeys.openDocs')}
            </Anchor>
          </Card>
          <Card withBorder padding="lg">
            <Group gap="xs" mb="xs">
              <IconRobot size={18} />
              <Title order={5}>{tx('apiKeys.mcpTitle')}</Title>
            </Group>
            <List size="sm" spacing={4}>
              <List.Item>
                <TransTx ns="hr" k="apiKeys.mcpEndpoint" values={{ url: mcpEndpoint() }} components={{ code: <Code /> }} />
              </List.Item>
              <List.Item>{tx('apiKeys.mcpActsAs')}</List.Item>
              <List.Item>{tx('apiKeys.mcpOwnKeys')}</List.Item>
            </List>
          </Card>
          <Card withBorder padding="lg">
            <Group gap="xs" mb="xs">
              <IconWebhook size={18} />
              <Title order={5}>{tx('apiKeys.verifyTitle')}</Title>
            </Group>
            <List size="sm" spacing={4}>
              <List.Item>
                <TransTx ns="hr" k="apiKeys.verifyHeaders" components={{ code: <Code /> }} />
              </List.Item>
              <List.Item>{tx('apiKeys.verifySecret')}</List.Item>
              <List.Item>{tx('apiKeys.verifyTypes')}</List.Item>
            </List>
          </Card>
        </SimpleGrid>
        <OAuthAppsSection />
        <WebhooksSection />
      </Stack>
      <IssueKeyModal
        opened={issueOpened}
        onClose={issueModal.close}
        onIssued={(key) => {
          issueModal.close();
          setIssued(key);
        }}
      />
      <KeyIssuedModal issued={issued} onClose={() => setIssued(null)} />
      <ConfirmDialog
        opened={revoking !== null}
        title={t('apiKeys.revokeTitle')}
        message={tx('apiKeys.revokeMessage', { name: revoking?.name ?? '', prefix: revoking?.prefix ?? '' })}
        confirmLabel={t('apiKeys.revokeConfirm')}
        danger
        loading={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}

function ApiKeyTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table aria-label={t('apiKeys.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{tx('apiKeys.name')}</Table.Th>
            <Table.Th>{tx('apiKeys.key')}</Table.Th>
            <Table.Th w={130}>{tx('apiKeys.scope')}</Table.Th>
            <Table.Th>{tx('apiKeys.created')}</Table.Th>
            <Table.Th>{tx('apiKeys.lastUsed')}</Table.Th>
            <Table.Th>{tx('apiKeys.expires')}</Table.Th>
            <Table.Th w={150}>{tx('apiKeys.status')}</Table.Th>
            <Table.Th w={100} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((k) => (
            <Table.Tr key={k.id} c={keyStatus(k).live ? undefined : 'dimmed'}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {k.name}
                </Text>
                {k.employeeName && (
                  <Text size="xs" c="dimmed">
                    {k.personal ? tx('apiKeys.personalOf', { name: k.employeeName }) : tx('apiKeys.actsAs', { name: k.employeeName })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Code>{k.prefix}…</Code>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={k.scope === 'ReadOnly' ? 'blue' : 'grape'}>
                  {k.scope === 'ReadOnly' ? tx('apiKeys.readOnly') : tx('apiKeys.readWrite')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatInstant(k.createdAt)}</Text>
                {k.createdByName && (
                  <Text size="xs" c="dimmed">
                    {tx('apiKeys.by', { name: k.createdByName })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {formatRelative(k.lastUsedAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{k.expiresAt ? formatInstant(k.expiresAt) : tx('apiKeys.never')}</Text>
              </Table.Td>
              <Table.Td>
                <Badge color={keyStatus(k).color} variant={keyStatus(k).live ? 'dot' : 'outline'}>
                  {keyStatus(k).label}
                </Badge>
              </Table.Td>
              <Table.Td>
                {keyStatus(k).live && (
                  <Button size="xs" variant="light" color="red" onClick={() => onRevoke(k)}>
                    {tx('apiKeys.revoke')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
