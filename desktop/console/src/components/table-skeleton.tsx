import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Grey bars in the shape of a table while its rows load. */
export function TableSkeleton({ rows = 8 }: { rows?: number }) {
  const { t } = useTranslation('common');
  return (
    <Stack gap="xs" p="sm" aria-busy="true" aria-label={t('states.loading')}>
      <Skeleton height={28} radius="sm" />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={36} radius="sm" />
      ))}
    </Stack>
  );
}
