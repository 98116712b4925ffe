import type { ReactNode } from 'react';
import { Group, Paper, Skeleton, Text, ThemeIcon } from '@mantine/core';

interface KpiCardProps {
  label: string;
  value: number | string | undefined;
  icon: ReactNode;
  color?: string;
  hint?: string;
}

/** One headline number with its label. */
export function KpiCard({ label, value, icon, color, hint }: KpiCardProps) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton height={30} width={60} mt={6} />
          ) : (
            <Text fw={700} fz={28} lh={1.3} data-testid={`kpi-${label.toLowerCase().replace(/\s+/g, '-')}`}>
              {value}
            </Text>
          )}
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </div>
        <ThemeIcon variant="light" color={color} size={38} radius="md">
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}
