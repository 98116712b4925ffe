import { Group, Pagination, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTx } from '../../i18n/language.tsx';
import { pageCount } from '../../../../../shared/common.ts';
import { PAGE_SIZES } from './use-directory-params.ts';

interface DirectoryPagerProps {
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/** "Showing 26–50 of 240", page size and page buttons. */
export function DirectoryPager({ total, page, pageSize, onPage, onPageSize }: DirectoryPagerProps) {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const pages = pageCount(total, pageSize);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" p="sm" wrap="wrap" gap="sm">
      <Group gap="sm">
        <Text size="sm" c="dimmed" data-testid="directory-range">
          {tx('people.directory.showing', { from: String(from), to: String(to), total: String(total) })}
        </Text>
        <Select
          aria-label={t('people.directory.rowsPerPage')}
          size="xs"
          w={130}
          allowDeselect={false}
          data={PAGE_SIZES.map((s) => ({ value: String(s), label: t('people.directory.perPage', { size: String(s) }) }))}
          value={String(pageSize)}
          onChange={(v) => v && onPageSize(Number(v))}
        />
      </Group>
      <Pagination total={pages} value={Math.min(page, pages)} onChange={onPage} size="sm" withEdges siblings={1} />
    </Group>
  );
}
