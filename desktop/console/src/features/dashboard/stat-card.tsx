import { Card, Group, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface StatCardProps {
  label: string;
  value: number | string | undefined;
  /** The filtered list behind the number. */
  to?: string | undefined;
  color?: string;
  hint?: ReactNode;
  testId?: string;
}

/** One number of the dashboard, linking to the list behind it. */
export function StatCard({ label, value, to, color, hint, testId }: StatCardProps) {
  const body = (
    <>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} lineClamp={1}>
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton height={30} width={50} mt={4} />
      ) : (
        <Group gap={6} align="baseline" wrap="nowrap">
          <Text fz={28} fw={700} lh={1.25} c={color} data-testid={testId}>
            {value}
          </Text>
        </Group>
      )}
      {hint && (
        <Text size="xs" c="dimmed" lineClamp={1}>
          {hint}
        </Text>
      )}
    </>
  );
  return to ? (
    <Card withBorder padding="sm" component={Link} to={to} aria-label={`${label}: ${value ?? ''}`} style={{ transition: 'border-color 120ms' }} className="stat-card">
      {body}
    </Card>
  ) : (
    <Card withBorder padding="sm">
      {body}
    </Card>
  );
}
