import type { ReactNode } from 'react';
import { Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/page-header.tsx';

/** The centred card the login and setup pages sit in. */
export function AuthFrame({ title, subtitle, children, width = 420 }: { title: string; subtitle?: ReactNode; children: ReactNode; width?: number }) {
  const { t } = useTranslation('common');
  useDocumentTitle(title);
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Stack w="100%" maw={width} gap="lg">
        <Group justify="center" gap="xs">
          <ThemeIcon size={40} radius="md">
            <IconUsersGroup size={24} />
          </ThemeIcon>
          <Text fw={800} fz={26}>
            {t('appName')}
          </Text>
        </Group>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Stack gap={4} mb="lg">
            <Title order={1} size="h3">
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
        </Paper>
      </Stack>
    </Center>
  );
}
