import { Anchor, Badge, Card, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTx } from '../../i18n/language.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import type { Selection } from './compliance-page.tsx';
import { useMissing } from './compliance-queries.ts';

/** Employees whose register cells are blank for want of data, with the fields to fill on their profiles. */
export function MissingTab({ selection }: { selection: Selection }) {
  const tx = useTx('hr');
  const missing = useMissing(selection.month, selection.location);
  if (missing.error) return <QueryError error={missing.error} onRetry={() => void missing.refetch()} />;
  if (!missing.data) return <TableSkeleton rows={8} />;
  if (missing.data.items.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {tx('compliance.missing.none', { period: selection.month })}
      </Text>
    );
  }
  return (
    <Card withBorder padding={0}>
      <Table striped fz="sm" data-testid="missing-data">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{tx('compliance.missing.employee')}</Table.Th>
            <Table.Th>{tx('compliance.missing.missing')}</Table.Th>
            <Table.Th>{tx('compliance.missing.registers')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {missing.data.items.map((m) => (
            <Table.Tr key={m.employeeId}>
              <Table.Td>
                <Anchor component={Link} to={`/employees/${m.employeeId}?tab=register`} size="sm">
                  {m.fullName}
                </Anchor>{' '}
                <Text span size="xs" c="dimmed">
                  {m.code}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {m.fields.map((f) => (
                    <Badge key={f} variant="light" color="orange" size="sm">
                      {f}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="xs">{m.registers.join(', ')}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
