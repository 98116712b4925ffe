import { Button, EmptyState, Paper, SimpleGrid, Stack } from '@mantine/core';
import { IconUserMinus, IconUserPlus, IconUsers, IconUserSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { KpiCard } from '../../components/kpi-card.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { useTx } from '../../i18n/language.tsx';
import { useCan } from '../../session/session-context.tsx';
import { DirectoryFilters } from './directory-filters.tsx';
import { DirectoryPager } from './directory-pager.tsx';
import { EmployeeTable } from './employee-table.tsx';
import { useEmployeeList } from './employee-queries.ts';
import { filterQuery, useDirectoryParams } from './use-directory-params.ts';

/** The employee directory: search, facets, KPIs, sortable paged table and exports. */
export function DirectoryPage() {
  const can = useCan();
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const { params, update, clearFilters, activeFilterCount } = useDirectoryParams();
  const query = filterQuery(params);
  const list = useEmployeeList({ ...query, page: params.page, pageSize: params.pageSize });
  const data = list.data;

  return (
    <>
      <PageHeader
        title={tx('people.directory.title')}
        documentTitle={t('people.directory.title')}
        description={can('employee:read') ? tx('people.directory.descriptionAll') : tx('people.directory.descriptionLine')}
        actions={
          <>
            <ExportButtons path="/api/employees/export" query={query} fileStem="employees" />
            {can('employee:write') && (
              <Button component={Link} to="/employees/new" leftSection={<IconUserPlus size={16} />}>
                {tx('people.directory.add')}
              </Button>
            )}
          </>
        }
      />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <KpiCard label={t('people.directory.headcount')} value={data?.kpis.headcount} icon={<IconUsers size={20} />} hint={t('people.directory.headcountHint')} />
          <KpiCard label={t('people.directory.joinedThisMonth')} value={data?.kpis.joinersThisMonth} icon={<IconUserPlus size={20} />} color="teal" />
          <KpiCard label={t('people.directory.leftThisMonth')} value={data?.kpis.leaversThisMonth} icon={<IconUserMinus size={20} />} color="orange" />
        </SimpleGrid>
        <DirectoryFilters
          params={params}
          facets={data?.facets}
          activeFilterCount={activeFilterCount}
          update={update}
          clearFilters={clearFilters}
        />
        {list.error && !data ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Paper withBorder style={{ overflow: 'hidden', opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
            {!data ? (
              <TableSkeleton rows={Math.min(params.pageSize, 10)} />
            ) : data.items.length === 0 ? (
              <EmptyState
                py={48}
                icon={<IconUserSearch />}
                title={tx('people.directory.noMatch')}
                description={activeFilterCount > 0 ? tx('people.directory.noMatchFiltered') : tx('people.directory.noMatchEmpty')}
              >
                {activeFilterCount > 0 ? (
                  <Button variant="light" onClick={clearFilters}>
                    {tx('people.directory.clearFilters')}
                  </Button>
                ) : (
                  can('employee:write') && (
                    <Button component={Link} to="/employees/new">
                      {tx('people.directory.add')}
                    </Button>
                  )
                )}
              </EmptyState>
            ) : (
              <EmployeeTable
                rows={data.items}
                sort={params.sort}
                order={params.order}
                showCtc={can('employee:sensitive')}
                onSort={(sort, order) => update({ sort, order })}
              />
            )}
            {data && data.total > 0 && (
              <DirectoryPager
                total={data.total}
                page={params.page}
                pageSize={params.pageSize}
                onPage={(page) => update({ page })}
                onPageSize={(pageSize) => update({ pageSize })}
              />
            )}
          </Paper>
        )}
      </Stack>
    </>
  );
}
