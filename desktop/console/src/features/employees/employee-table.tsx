import { Anchor, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import type { EmployeeListItem, EmployeeSortKey } from '../../../../../shared/employees.ts';
import { formatDate, formatRupees } from '../../lib/format.ts';
import { StatusBadge } from './status-badge.tsx';

interface Column {
  key: EmployeeSortKey;
  label: string;
  render: (e: EmployeeListItem) => React.ReactNode;
  align?: 'right';
  nowrap?: boolean;
}

const COLUMNS: Column[] = [
  { key: 'code', label: 'Code', render: (e) => <Text size="sm" ff="monospace">{e.code}</Text>, nowrap: true },
  {
    key: 'fullName',
    label: 'Name',
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
  { key: 'designation', label: 'Designation', render: (e) => e.designation?.name ?? '—' },
  { key: 'department', label: 'Department', render: (e) => e.department?.name ?? '—' },
  { key: 'location', label: 'Location', render: (e) => e.location?.name ?? '—' },
  { key: 'manager', label: 'Manager', render: (e) => e.manager?.fullName ?? '—' },
  { key: 'joinedDate', label: 'Joined', render: (e) => formatDate(e.joinedDate), nowrap: true },
  { key: 'status', label: 'Status', render: (e) => <StatusBadge status={e.status} />, nowrap: true },
  { key: 'ctcAnnual', label: 'Annual CTC', render: (e) => formatRupees(e.ctcAnnual), align: 'right', nowrap: true },
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
  const columns = showCtc ? COLUMNS : COLUMNS.filter((c) => c.key !== 'ctcAnnual');

  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped={false} highlightOnHover stickyHeader aria-label="Employees">
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
        aria-label={`Sort by ${column.label} ${next === 'asc' ? 'ascending' : 'descending'}`}
        data-testid={`sort-${column.key}`}
      >
        <Text size="sm" fw={600} c={active ? undefined : 'dimmed'} span>
          {column.label}
        </Text>
        <Icon size={14} stroke={1.8} opacity={active ? 1 : 0.5} />
      </UnstyledButton>
    </Table.Th>
  );
}
