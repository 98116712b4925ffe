import { Skeleton, Stack } from '@mantine/core';

/** Grey bars in the shape of a table while its rows load. */
export function TableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <Stack gap="xs" p="sm" aria-busy="true" aria-label="Loading">
      <Skeleton height={28} radius="sm" />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={36} radius="sm" />
      ))}
    </Stack>
  );
}
