import { useState } from 'react';
import { Badge, Button, EmptyState, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconDeviceDesktopOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SessionInfo } from '../../../../../shared/auth.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { useTx } from '../../i18n/language.tsx';
import { formatInstant, formatRelative } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useCan } from '../../session/session-context.tsx';
import { useRevokeSession, useSessions } from './user-queries.ts';

/** A short, readable browser and system from a user agent (the words around them come from the catalogue). */
function browserOf(userAgent: string | null): { browser: string; os: string } | null {
  if (!userAgent) return null;
  const os = /Windows/.test(userAgent) ? 'Windows' : /Mac OS/.test(userAgent) ? 'macOS' : /Android/.test(userAgent) ? 'Android' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Linux/.test(userAgent) ? 'Linux' : '';
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Electron\//.test(userAgent) ? 'Muster desktop' : /Chrome\//.test(userAgent) ? 'Chrome' : /Firefox\//.test(userAgent) ? 'Firefox' : /Safari\//.test(userAgent) ? 'Safari' : userAgent.split(' ')[0] ?? 'Browser';
  return { browser, os };
}

/** Live sessions (everyone's for admins, otherwise the user's own), with revoke. */
export function SessionsPage({ embedded = false }: { embedded?: boolean }) {
  const can = useCan();
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const deviceOf = (userAgent: string | null): string => {
    const found = browserOf(userAgent);
    if (!found) return t('userAccess.sessions.unknownClient');
    return found.os ? t('userAccess.sessions.browserOn', found) : found.browser;
  };
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const [revoking, setRevoking] = useState<SessionInfo | null>(null);
  const allUsers = can('session:manage');

  const confirm = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        notifySuccess(t('userAccess.sessions.ended', { name: revoking.fullName }));
        setRevoking(null);
      },
      onError: () => setRevoking(null),
    });
  };

  return (
    <Stack gap="md">
      {embedded ? (
        <Text size="sm" c="dimmed">
          {tx('userAccess.sessions.everyone')}
        </Text>
      ) : (
        <PageHeader title={tx('userAccess.sessions.title')} documentTitle={t('userAccess.sessions.title')} description={tx('userAccess.sessions.description')} />
      )}
      {sessions.error ? (
        <QueryError error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <Paper withBorder style={{ overflow: 'hidden' }}>
          {!sessions.data ? (
            <TableSkeleton rows={4} />
          ) : sessions.data.length === 0 ? (
            <EmptyState py="xl" icon={<IconDeviceDesktopOff />} title={tx('userAccess.sessions.none')} />
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table aria-label={t('userAccess.sessions.table')}>
                <Table.Thead>
                  <Table.Tr>
                    {allUsers && <Table.Th>{tx('userAccess.sessions.user')}</Table.Th>}
                    <Table.Th>{tx('userAccess.sessions.device')}</Table.Th>
                    <Table.Th>{tx('userAccess.sessions.ipAddress')}</Table.Th>
                    <Table.Th>{tx('userAccess.sessions.signedIn')}</Table.Th>
                    <Table.Th>{tx('userAccess.sessions.lastActive')}</Table.Th>
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
                          <Tooltip label={s.userAgent ?? tx('userAccess.sessions.noUserAgent')} multiline maw={360}>
                            <Text size="sm">{deviceOf(s.userAgent)}</Text>
                          </Tooltip>
                          {s.current && (
                            <Badge size="sm" color="teal" variant="light">
                              {tx('userAccess.sessions.current')}
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
                          {tx('userAccess.sessions.revoke')}
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
        title={t('userAccess.sessions.revokeTitle')}
        message={tx('userAccess.sessions.revokeMessage', { name: revoking?.fullName ?? '', device: deviceOf(revoking?.userAgent ?? null) })}
        confirmLabel={t('userAccess.sessions.revoke')}
        danger
        loading={revoke.isPending}
        onConfirm={confirm}
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
}
