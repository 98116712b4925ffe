import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, EmptyState, Group, Menu, Paper, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDots, IconShieldCog, IconUserCheck, IconUserOff, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { UserAccount } from '../../../../../shared/users.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { formatRelative } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useSessionUser } from '../../session/session-context.tsx';
import { EditRolesModal } from './edit-roles-modal.tsx';
import { GrantLoginModal } from './grant-login-modal.tsx';
import { useUpdateUser, useUsers } from './user-queries.ts';

/** Who can sign in, with which roles; grant, change and deactivate logins. */
export function UsersSettings() {
  const me = useSessionUser();
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
          notifySuccess(active ? `${toggling.fullName} can sign in again.` : `${toggling.fullName} was deactivated and signed out.`);
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
          Users are employees with a login. Roles decide what each can see and do.
        </Text>
        <Button leftSection={<IconUserPlus size={16} />} onClick={grant.open}>
          Grant login
        </Button>
      </Group>
      {users.error ? (
        <QueryError error={users.error} onRetry={() => void users.refetch()} />
      ) : (
        <Paper withBorder style={{ overflow: 'hidden' }}>
          {!users.data ? (
            <TableSkeleton rows={6} />
          ) : users.data.length === 0 ? (
            <EmptyState py="xl" icon={<IconUsers />} title="No users yet" description="Grant a login to an employee to get started." />
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table aria-label="Users">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Login email</Table.Th>
                    <Table.Th>Roles</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Last sign-in</Table.Th>
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
                              {r}
                            </Badge>
                          ))}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="dot" color={u.active ? 'teal' : 'gray'}>
                          {u.active ? 'Active' : 'Deactivated'}
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
                            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${u.fullName}`}>
                              <IconDots size={16} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item leftSection={<IconShieldCog size={16} />} onClick={() => setEditing(u)}>
                              Change roles
                            </Menu.Item>
                            {u.active ? (
                              <Menu.Item color="red" leftSection={<IconUserOff size={16} />} disabled={u.id === me.id} onClick={() => setToggling(u)}>
                                Deactivate
                              </Menu.Item>
                            ) : (
                              <Menu.Item leftSection={<IconUserCheck size={16} />} onClick={() => setToggling(u)}>
                                Reactivate
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
        title={toggling?.active ? 'Deactivate user' : 'Reactivate user'}
        message={
          toggling?.active
            ? `${toggling.fullName} will be signed out everywhere and cannot sign in until reactivated. Their employee record stays.`
            : `${toggling?.fullName ?? ''} will be able to sign in again with their existing password.`
        }
        confirmLabel={toggling?.active ? 'Deactivate' : 'Reactivate'}
        danger={toggling?.active}
        loading={update.isPending}
        onConfirm={toggleActive}
        onClose={() => setToggling(null)}
      />
    </Stack>
  );
}
