import { useState } from 'react';
import { Anchor, Badge, Button, Card, Code, EmptyState, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBook, IconKey, IconPlus, IconRobot, IconWebhook } from '@tabler/icons-react';
import type { ApiKey, ApiKeyIssued } from '../../../../../shared/api-keys.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
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
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [issueOpened, issueModal] = useDisclosure();
  const [issued, setIssued] = useState<ApiKeyIssued | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        notifySuccess(`${revoking.name} was revoked; requests with it now fail.`);
        setRevoking(null);
      },
      onError: () => setRevoking(null),
    });
  };

  return (
    <>
      <PageHeader
        title="API & webhooks"
        description="Connect payroll, ERP and AI agents to Muster's public API, and let Muster call them with signed webhooks."
        actions={
          <>
            <Button component="a" href="/api/docs" target="_blank" rel="noreferrer" variant="default" leftSection={<IconBook size={16} />}>
              API docs
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={issueModal.open}>
              Issue key
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
              <EmptyState py="xl" icon={<IconKey />} title="No API keys yet" description="Issue a key to let another system read your directory and attendance.">
                <Button variant="light" onClick={issueModal.open}>
                  Issue the first key
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
              <Title order={5}>Using the public API</Title>
            </Group>
            <List size="sm" spacing={4}>
              <List.Item>
                <Code>GET /api/public/v1/employees</Code>: the whole directory
              </List.Item>
              <List.Item>
                <Code>GET /api/public/v1/attendance?date=YYYY-MM-DD</Code>: everyone's day
              </List.Item>
              <List.Item>Send the key as <Code>Authorization: Bearer &lt;key&gt;</Code>; 600 requests a minute per key.</List.Item>
            </List>
            <Anchor href="/api/docs" target="_blank" rel="noreferrer" size="sm" mt="sm" display="inline-block">
              Open the interactive API documentation
            </Anchor>
          </Card>
          <Card withBorder padding="lg">
            <Group gap="xs" mb="xs">
              <IconRobot size={18} />
              <Title order={5}>AI agents (MCP)</Title>
            </Group>
            <List size="sm" spacing={4}>
              <List.Item>
                <Code>POST {mcpEndpoint()}</Code>: the Model Context Protocol
              </List.Item>
              <List.Item>Acts as one employee, with their permissions: a key bound to an employee, a personal key, or an assistant signed in through OAuth (below).</List.Item>
              <List.Item>People make their own keys under their name → Connected apps.</List.Item>
            </List>
          </Card>
          <Card withBorder padding="lg">
            <Group gap="xs" mb="xs">
              <IconWebhook size={18} />
              <Title order={5}>Verifying webhooks</Title>
            </Group>
            <List size="sm" spacing={4}>
              <List.Item>
                Each delivery carries <Code>webhook-id</Code>, <Code>webhook-timestamp</Code> and <Code>webhook-signature</Code> (Standard Webhooks).
              </List.Item>
              <List.Item>Verify with the endpoint's secret, e.g. the standardwebhooks library; dedupe on the id: a delivery may come twice.</List.Item>
              <List.Item>Event types and payloads are in the API documentation's webhooks section.</List.Item>
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
        title="Revoke API key"
        message={`Revoke ${revoking?.name ?? ''} (${revoking?.prefix ?? ''}…)? Every system using it will stop working at once. This cannot be undone.`}
        confirmLabel="Revoke key"
        danger
        loading={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}

function ApiKeyTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table aria-label="API keys">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Key</Table.Th>
            <Table.Th w={130}>Scope</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th w={150}>Status</Table.Th>
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
                    {k.personal ? `personal key of ${k.employeeName} (AI assistants only)` : `acts as ${k.employeeName}`}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Code>{k.prefix}…</Code>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={k.scope === 'ReadOnly' ? 'blue' : 'grape'}>
                  {k.scope === 'ReadOnly' ? 'Read only' : 'Read & write'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatInstant(k.createdAt)}</Text>
                {k.createdByName && (
                  <Text size="xs" c="dimmed">
                    by {k.createdByName}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {formatRelative(k.lastUsedAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{k.expiresAt ? formatInstant(k.expiresAt) : 'Never'}</Text>
              </Table.Td>
              <Table.Td>
                <Badge color={keyStatus(k).color} variant={keyStatus(k).live ? 'dot' : 'outline'}>
                  {keyStatus(k).label}
                </Badge>
              </Table.Td>
              <Table.Td>
                {keyStatus(k).live && (
                  <Button size="xs" variant="light" color="red" onClick={() => onRevoke(k)}>
                    Revoke
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
