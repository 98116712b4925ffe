import { Paper, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/query-error.tsx';
import { useTx } from '../../i18n/language.tsx';
import { formatInstant } from '../../lib/format.ts';
import { useAdminLogs } from './terminal-queries.ts';

/** The logs tab: the admin logs the terminals reported (who did what in a terminal's own menu). */
export function AdminLogs() {
  const { t: tr } = useTranslation('hr');
  const tx = useTx('hr');
  const logs = useAdminLogs();
  if (logs.error) return <QueryError error={logs.error} onRetry={() => void logs.refetch()} />;
  return (
    <Paper withBorder style={{ overflow: 'hidden' }}>
      <Table aria-label={tr('terminals.logs.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{tx('terminals.logs.when')}</Table.Th>
            <Table.Th>{tx('terminals.logs.terminal')}</Table.Th>
            <Table.Th>{tx('terminals.logs.action')}</Table.Th>
            <Table.Th>{tx('terminals.logs.user')}</Table.Th>
            <Table.Th>{tx('terminals.logs.admin')}</Table.Th>
            <Table.Th>{tx('terminals.logs.result')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(logs.data?.items ?? []).map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>{formatInstant(l.at)}</Table.Td>
              <Table.Td>{l.terminal.name}</Table.Td>
              <Table.Td>{l.action}</Table.Td>
              <Table.Td>{l.employee ? `${l.employee.fullName} (${l.targetUserId})` : (l.targetUserId ?? '—')}</Table.Td>
              <Table.Td>{l.adminId ?? '—'}</Table.Td>
              <Table.Td>{l.result ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
