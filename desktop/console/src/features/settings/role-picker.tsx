import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { ROLES, ROLE_PERMISSIONS, type Role } from '../../../../../shared/permissions.ts';

const ROLE_HINTS: Record<Role, string> = {
  Admin: 'Everything, including settings, users and API keys',
  HR: 'The whole directory, pay data, approvals and audit',
  Manager: 'Their reporting line and its approvals',
  Employee: 'Their own profile, attendance and leave',
};

/** Role checkboxes with a line on what each grants. */
export function RolePicker({ value, onChange, error }: { value: Role[]; onChange: (roles: Role[]) => void; error?: React.ReactNode }) {
  return (
    <Checkbox.Group label="Roles" withAsterisk value={value} onChange={(v) => onChange(v as Role[])} error={error}>
      <Stack gap="xs" mt={6}>
        {ROLES.map((role) => (
          <Checkbox
            key={role}
            value={role}
            label={
              <Group gap={6}>
                <Text size="sm" fw={500}>
                  {role}
                </Text>
                <Text size="xs" c="dimmed">
                  {ROLE_HINTS[role]} · {ROLE_PERMISSIONS[role].length} permissions
                </Text>
              </Group>
            }
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
