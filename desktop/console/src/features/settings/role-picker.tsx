import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTx } from '../../i18n/language.tsx';
import { ROLES, ROLE_PERMISSIONS, type Role } from '../../../../../shared/permissions.ts';


/** Role checkboxes with a line on what each grants (`hr:userAccess.roles.hint.<role>`). */
export function RolePicker({ value, onChange, error }: { value: Role[]; onChange: (roles: Role[]) => void; error?: React.ReactNode }) {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  return (
    <Checkbox.Group label={tx('userAccess.roles.label')} withAsterisk value={value} onChange={(v) => onChange(v as Role[])} error={error}>
      <Stack gap="xs" mt={6}>
        {ROLES.map((role) => (
          <Checkbox
            key={role}
            value={role}
            label={
              <Group gap={6}>
                <Text size="sm" fw={500}>
                  {t(`labels:role.${role}`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {tx(`userAccess.roles.hint.${role}`, { count: String(ROLE_PERMISSIONS[role].length) })}
                </Text>
              </Group>
            }
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
