import { useState } from 'react';
import { Badge, Button, EmptyState, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconDeviceDesktopOff } from '@tabler/icons-react';
import type { SessionInfo } from '../../../../../shared/auth.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { formatInstant, formatRelative } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useCan } from '../../session/session-context.tsx';
import { useRevokeSession, useSessions } from './user-queries.ts';

/** A short, readable browser name from a user agent. */
function browserOf(userAgent: string | null): string {
  if (!userAgent) return 'Unknown client';
  const os = /Windows/.test(userAgent) ? 'Windows' : /Mac OS/.test(userAgent) ? 'macOS' : /Android/.test(userAgent) ? 'Android' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Linux/.test(userAgent) ? 'Linux' : '';
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Electron\//.test(userAgent) ? 'Muster desktop' : /Chrome\//.test(userAgent) ? 'Chrome' : /Firefox\//.test(userAgent) ? 'Firefox' : /Safari\//.test(userAgent) ? 'Safari' : userAgent.split(' ')[0] ?? 'Browser';
  return os ? `${browser} on ${os}` : browser;
}

/** Live sessions (everyone's for admins, otherwise the user's own), with revoke. */
export function SessionsPage({ embedded = false }: { embedded?: boolean }) {
  const can = useCan();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const [revoking, setRevoking] = useState<SessionInfo | null>(null);
  const allUsers = can('session:manage');

  const confirm = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        notifySuccess(`Session of ${revoking.fullName} ended.`);
        setRevoking(null);
      },
      onError: () => setRevoking(null),
    });
  };

  return (
    <Stack gap="md">
      {embedded ? (
        <Text size="sm" c="dimmed">
          Everyone signed in right now. Ending a session signs that browser out at once.
        </Text>
      ) : (
        <PageHeader title="My sessions" description="Where you are signed in. End any session you do not recognise." />
      )}
      {sessions.error ? (
        <QueryError error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <Paper withBorder style={{ overflow: 'hidden' }}>
          {!sessions.data ? (
            <TableSkeleton rows={4} />
          ) : sessions.data.length === 0 ? (
            <EmptyState py="xl" icon={<IconDeviceDesktopOff />} title="No live sessions" />
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table aria-label="Sessions">
                <Table.Thead>
                  <Table.Tr>
                    {allUsers && <Table.Th>User</Table.Th>}
                    <Table.Th>Device</Table.Th>
                    <Table.Th>IP address</Table.Th>
                    <Table.Th>Signed in</Table.Th>
                    <Table.Th>Last active</Table.Th>
                    <Table.Th w={110} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sessions.data.map((s) => (
                    <Table.Tr key={s.id}>
                      {allUsers && (
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {s.fullName}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {s.email}
                          </Text>
                        </Table.Td>
                      )}
                      <Table.Td>
                        <Group gap={6}>
                          <Tooltip label={s.userAgent ?? 'No user agent'} multiline maw={360}>
                            <Text size="sm">{browserOf(s.userAgent)}</Text>
                          </Tooltip>
                          {s.current && (
                            <Badge size="sm" color="teal" variant="light">
                              Current
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {s.ipAddress ?? '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatInstant(s.createdAt)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed">
                          {formatRelative(s.lastSeenAt)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Button size="xs" variant="light" color="red" disabled={s.current} onClick={() => setRevoking(s)}>
                          Revoke
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      )}
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke session"
        message={`Sign ${revoking?.fullName ?? ''} out of ${browserOf(revoking?.userAgent ?? null)}? They will have to sign in again there.`}
        confirmLabel="Revoke"
        danger
        loading={revoke.isPending}
        onConfirm={confirm}
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
}
