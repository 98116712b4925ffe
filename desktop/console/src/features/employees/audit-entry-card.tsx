import { Anchor, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuditEntry } from '../../../../../shared/audit.ts';
import { fieldLabel, formatChangeValue } from '../../../../../shared/labels.ts';
import { useTx } from '../../i18n/language.tsx';
import { formatInstant, formatRelative } from '../../lib/format.ts';

/** One audit entry: what happened, who, from where, when, and the field changes before → after. */
export function AuditEntryCard({ entry, employee }: { entry: AuditEntry; employee?: { id: string; name: string; code: string } }) {
  const { t } = useTranslation('labels');
  const tx = useTx('hr');
  const when = { at: formatInstant(entry.at), ago: formatRelative(entry.at) };
  return (
    <Card withBorder padding="md" data-testid="audit-entry">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fw={600} size="sm">
              {entry.summary}
            </Text>
            <Text size="xs" c="dimmed">
              {employee && (
                <>
                  <Anchor component={Link} to={`/employees/${employee.id}?tab=audit`} size="xs">
                    {employee.name}
                  </Anchor>{' '}
                  ({employee.code}) ·{' '}
                </>
              )}
              {entry.credential
                ? tx('people.audit.byVia', { actor: entry.actorName, credential: entry.credential.name, kind: entry.credential.kind === 'api-key' ? 'apiKey' : 'app', ...when })
                : tx('people.audit.by', { actor: entry.actorName, ...when })}
            </Text>
          </div>
          <Group gap={6} wrap="nowrap">
            <Badge variant="light">{t(`auditCategory.${entry.category}`)}</Badge>
            <Badge variant="outline" color="gray">
              {t(`auditSource.${entry.source}`)}
            </Badge>
          </Group>
        </Group>
        {entry.changes.length > 0 && (
          <Table withTableBorder withColumnBorders={false} verticalSpacing={4} fz="sm" highlightOnHover={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="28%">{tx('people.audit.field')}</Table.Th>
                <Table.Th>{tx('people.audit.before')}</Table.Th>
                <Table.Th w={28} />
                <Table.Th>{tx('people.audit.after')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entry.changes.map((c) => (
                <Table.Tr key={c.field}>
                  <Table.Td fw={500}>{fieldLabel(c.field)}</Table.Td>
                  <Table.Td c="var(--mantine-color-red-light-color)" td="line-through" style={{ wordBreak: 'break-word' }}>
                    {formatChangeValue(c.field, c.before)}
                  </Table.Td>
                  <Table.Td c="dimmed">
                    <IconArrowRight size={14} />
                  </Table.Td>
                  <Table.Td c="var(--mantine-color-teal-light-color)" style={{ wordBreak: 'break-word' }}>
                    {formatChangeValue(c.field, c.after)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
