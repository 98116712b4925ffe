import { type ReactNode, useEffect } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

interface PageHeaderProps {
  title: ReactNode;
  /** The browser tab's title when `title` is not plain text ("Live attendance" → "Live attendance · Muster"). */
  documentTitle?: string;
  description?: ReactNode;
  actions?: ReactNode;
}

/** Sets the browser tab's title: "Live attendance · Muster". */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} · Muster`;
  }, [title]);
}

/** The title row of a page (its one <h1>), with its actions on the right; names the browser tab too. */
export function PageHeader({ title, documentTitle, description, actions }: PageHeaderProps) {
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : undefined));
  return (
    <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap" gap="sm">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}
