import { Anchor, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { EmployeeListItem, EmployeeSortKey } from '../../../../../shared/employees.ts';
import { useTx } from '../../i18n/language.tsx';
import { formatDate, formatRupees } from '../../lib/format.ts';
import { StatusBadge } from './status-badge.tsx';

/** The header of a column is `hr:people.directory.column.<key>`. */
interface Column {
  key: EmployeeSortKey;
  render: (e: EmployeeListItem) => React.ReactNode;
  align?: 'right';
  nowrap?: boolean;
}

const COLUMNS: Column[] = [
  { key: 'code', render: (e) => <Text size="sm" ff="monospace">{e.code}</Text>, nowrap: true },
  {
    key: 'fullName',
    render: (e) => (
      <div>
        <Anchor component={Link} to={`/employees/${e.id}`} size="sm" fw={600} onClick={(ev) => ev.stopPropagation()}>
          {e.fullName}
        </Anchor>
        {e.email && (
          <Text size="xs" c="dimmed">
            {e.email}
          </Text>
        )}
      </div>
    ),
  },
  { key: 'designation', render: (e) => e.designation?.name ?? '—' },
  { key: 'department', render: (e) => e.department?.name ?? '—' },
  { key: 'location', render: (e) => e.location?.name ?? '—' },
  { key: 'manager', render: (e) => e.manager?.fullName ?? '—' },
  { key: 'joinedDate', render: (e) => formatDate(e.joinedDate), nowrap: true },
  { key: 'status', render: (e) => <StatusBadge status={e.status} />, nowrap: true },
  { key: 'ctcAnnual', render: (e) => formatRupees(e.ctcAnnual), align: 'right', nowrap: true },
];

interface EmployeeTableProps {
  rows: EmployeeListItem[];
  sort: EmployeeSortKey;
  order: 'asc' | 'desc';
  showCtc: boolean;
  onSort: (sort: EmployeeSortKey, order: 'asc' | 'desc') => void;
}

/** The directory grid; every column header sorts, a row opens the profile. */
export function EmployeeTable({ rows, sort, order, showCtc, onSort }: EmployeeTableProps) {
  const navigate = useNavigate();
  const { t } = useTranslation('hr');
  const columns = showCtc ? COLUMNS : COLUMNS.filter((c) => c.key !== 'ctcAnnual');

  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped={false} highlightOnHover stickyHeader aria-label={t('people.directory.table')}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <SortableTh key={c.key} column={c} sort={sort} order={order} onSort={onSort} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((e) => (
            <Table.Tr key={e.id} className="muster-row-link" onClick={() => void navigate(`/employees/${e.id}`)} data-testid="employee-row">
              {columns.map((c) => (
                <Table.Td key={c.key} ta={c.align} style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                  {c.render(e)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SortableTh({
  column,
  sort,
  order,
  onSort,
}: {
  column: Column;
  sort: EmployeeSortKey;
  order: 'asc' | 'desc';
  onSort: EmployeeTableProps['onSort'];
}) {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const active = sort === column.key;
  const Icon = !active ? IconSelector : order === 'asc' ? IconArrowUp : IconArrowDown;
  const next = active && order === 'asc' ? 'desc' : 'asc';
  return (
    <Table.Th
      ta={column.align}
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton
        className="muster-sort-header"
        onClick={() => onSort(column.key, next)}
        aria-label={t(next === 'asc' ? 'people.directory.sortAscending' : 'people.directory.sortDescending', { column: t(`people.directory.column.${column.key}`) })}
        data-testid={`sort-${column.key}`}
      >
        <Text size="sm" fw={600} c={active ? undefined : 'dimmed'} span>
          {tx(`people.directory.column.${column.key}`)}
        </Text>
        <Icon size={14} stroke={1.8} opacity={active ? 1 : 0.5} />
      </UnstyledButton>
    </Table.Th>
  );
}
