import { Anchor, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { AuditEntry } from '../../../../../shared/audit.ts';
import { AUDIT_CATEGORY_LABELS, AUDIT_SOURCE_LABELS, fieldLabel, formatChangeValue } from '../../../../../shared/labels.ts';
import { formatInstant, formatRelative } from '../../lib/format.ts';

/** One audit entry: what happened, who, from where, when, and the field changes before → after. */
export function AuditEntryCard({ entry, employee }: { entry: AuditEntry; employee?: { id: string; name: string; code: string } }) {
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
              by {entry.actorName}
              {entry.credential ? ` via ${entry.credential.name} (${entry.credential.kind === 'api-key' ? 'API key' : 'connected app'})` : ''} · {formatInstant(entry.at)} ({formatRelative(entry.at)})
            </Text>
          </div>
          <Group gap={6} wrap="nowrap">
            <Badge variant="light">{AUDIT_CATEGORY_LABELS[entry.category]}</Badge>
            <Badge variant="outline" color="gray">
              {AUDIT_SOURCE_LABELS[entry.source]}
            </Badge>
          </Group>
        </Group>
        {entry.changes.length > 0 && (
          <Table withTableBorder withColumnBorders={false} verticalSpacing={4} fz="sm" highlightOnHover={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="28%">Field</Table.Th>
                <Table.Th>Before</Table.Th>
                <Table.Th w={28} />
                <Table.Th>After</Table.Th>
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
