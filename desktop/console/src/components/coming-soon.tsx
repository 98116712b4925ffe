import type { ReactNode } from 'react';
import { Badge, Card, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconClockHour4 } from '@tabler/icons-react';
import { PageHeader } from './page-header.tsx';

interface ComingSoonProps {
  title: string;
  summary: string;
  features: readonly string[];
  icon?: ReactNode;
}

/** A tidy placeholder for an area that is planned but not built yet, saying what it will hold. */
export function ComingSoon({ title, summary, features, icon }: ComingSoonProps) {
  return (
    <>
      <PageHeader title={title} description={summary} />
      <Card withBorder padding="xl" radius="md" maw={720}>
        <Stack gap="md">
          <ThemeIcon size={48} radius="md" variant="light">
            {icon ?? <IconClockHour4 size={28} />}
          </ThemeIcon>
          <Stack gap={4}>
            <Badge variant="light" color="orange" w="fit-content">
              Coming soon
            </Badge>
            <Title order={3}>This area is on its way</Title>
            <Text c="dimmed" size="sm">
              It is part of the plan for Muster and will appear here in a coming release. It will let you:
            </Text>
          </Stack>
          <List
            spacing="xs"
            size="sm"
            icon={
              <ThemeIcon size={20} radius="xl" variant="light" color="teal">
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {features.map((f) => (
              <List.Item key={f}>{f}</List.Item>
            ))}
          </List>
        </Stack>
      </Card>
    </>
  );
}
