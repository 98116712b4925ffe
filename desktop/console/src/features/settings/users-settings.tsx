import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, EmptyState, Group, Menu, Paper, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDots, IconShieldCog, IconUserCheck, IconUserOff, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserAccount } from '../../../../../shared/users.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { useTx } from '../../i18n/language.tsx';
import { formatRelative } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useSessionUser } from '../../session/session-context.tsx';
import { EditRolesModal } from './edit-roles-modal.tsx';
import { GrantLoginModal } from './grant-login-modal.tsx';
import { useUpdateUser, useUsers } from './user-queries.ts';

/** Who can sign in, with which roles; grant, change and deactivate logins. */
export function UsersSettings() {
  const me = useSessionUser();
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const users = useUsers();
  const update = useUpdateUser();
  const [grantOpened, grant] = useDisclosure();
  const [editing, setEditing] = useState<UserAccount | null>(null);
  const [toggling, setToggling] = useState<UserAccount | null>(null);

  const toggleActive = () => {
    if (!toggling) return;
    const active = !toggling.active;
    update.mutate(
      { id: toggling.id, input: { active } },
      {
        onSuccess: () => {
          notifySuccess(t(active ? 'userAccess.users.reactivated' : 'userAccess.users.deactivatedDone', { name: toggling.fullName }));
          setToggling(null);
        },
        onError: () => setToggling(null),
      },
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {tx('userAccess.users.intro')}
        </Text>
        <Button leftSection={<IconUserPlus size={16} />} onClick={grant.open}>
          {tx('userAccess.users.grant')}
        </Button>
      </Group>
      {users.error ? (
        <QueryError error={users.error} onRetry={() => void users.refetch()} />
      ) : (
        <Paper withBorder style={{ overflow: 'hidden' }}>
          {!users.data ? (
            <TableSkeleton rows={6} />
          ) : users.data.length === 0 ? (
            <EmptyState py="xl" icon={<IconUsers />} title={tx('userAccess.users.none')} description={tx('userAccess.users.noneHint')} />
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table aria-label={t('userAccess.users.table')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{tx('userAccess.users.name')}</Table.Th>
                    <Table.Th>{tx('userAccess.users.loginEmail')}</Table.Th>
                    <Table.Th>{tx('userAccess.users.roles')}</Table.Th>
                    <Table.Th>{tx('userAccess.users.status')}</Table.Th>
                    <Table.Th>{tx('userAccess.users.lastSignIn')}</Table.Th>
                    <Table.Th w={50} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {users.data.map((u) => (
                    <Table.Tr key={u.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/employees/${u.employeeId}`} size="sm" fw={500}>
                          {u.fullName}
                        </Anchor>
                        <Text size="xs" c="dimmed" ff="monospace">
                          {u.employeeCode}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{u.email}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {u.roles.map((r) => (
                            <Badge key={r} variant="light" color={r === 'Admin' ? 'red' : r === 'HR' ? 'grape' : r === 'Manager' ? 'blue' : 'gray'}>
                              {t(`labels:role.${r}`)}
                            </Badge>
                          ))}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="dot" color={u.active ? 'teal' : 'gray'}>
                          {u.active ? tx('userAccess.users.active') : tx('userAccess.users.deactivated')}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed">
                          {formatRelative(u.lastLoginAt)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon variant="subtle" color="gray" aria-label={t('userAccess.users.actionsFor', { name: u.fullName })}>
                              <IconDots size={16} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item leftSection={<IconShieldCog size={16} />} onClick={() => setEditing(u)}>
                              {tx('userAccess.users.changeRoles')}
                            </Menu.Item>
                            {u.active ? (
                              <Menu.Item color="red" leftSection={<IconUserOff size={16} />} disabled={u.id === me.id} onClick={() => setToggling(u)}>
                                {tx('userAccess.users.deactivate')}
                              </Menu.Item>
                            ) : (
                              <Menu.Item leftSection={<IconUserCheck size={16} />} onClick={() => setToggling(u)}>
                                {tx('userAccess.users.reactivate')}
                              </Menu.Item>
                            )}
                          </Menu.Dropdown>
                        </Menu>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      )}
      <GrantLoginModal opened={grantOpened} onClose={grant.close} />
      {editing && <EditRolesModal user={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={toggling !== null}
        title={toggling?.active ? t('userAccess.users.deactivateTitle') : t('userAccess.users.reactivateTitle')}
        message={
          toggling?.active
            ? tx('userAccess.users.deactivateMessage', { name: toggling.fullName })
            : tx('userAccess.users.reactivateMessage', { name: toggling?.fullName ?? '' })
        }
        confirmLabel={toggling?.active ? t('userAccess.users.deactivate') : t('userAccess.users.reactivate')}
        danger={toggling?.active}
        loading={update.isPending}
        onConfirm={toggleActive}
        onClose={() => setToggling(null)}
      />
    </Stack>
  );
}
