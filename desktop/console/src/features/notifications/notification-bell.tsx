import { ActionIcon, Button, Divider, Group, Indicator, Popover, ScrollArea, Skeleton, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell, IconBellOff, IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Notification } from '../../../../../shared/notifications.ts';
import { formatRelative } from '../../lib/format.ts';
import { useMarkAllRead, useMarkRead, useNotifications, useUnreadCount } from './notification-queries.ts';

/** The header bell: unread badge, and a dropdown listing the latest notifications. */
export function NotificationBell() {
  const [opened, { toggle, close }] = useDisclosure();
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  const { t } = useTranslation('employee');

  return (
    // The badge sits around the popover, so the bell button itself carries the popup's ARIA state.
    <Indicator label={count > 99 ? '99+' : count} size={18} color="red" offset={6} disabled={count === 0} data-testid="unread-badge">
      <Popover opened={opened} onChange={(o) => (o ? undefined : close())} position="bottom-end" width={380} shadow="md" withArrow>
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" onClick={toggle} aria-label={t('notifications.bell', { count })} title={t('notifications.title')}>
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0}>
          {opened && <NotificationPanel unread={count} onNavigate={close} />}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

function NotificationPanel({ unread, onNavigate }: { unread: number; onNavigate: () => void }) {
  const list = useNotifications(true);
  const markAll = useMarkAllRead();
  const items = list.data?.items ?? [];
  const { t } = useTranslation('employee');

  return (
    <Stack gap={0}>
      <Group justify="space-between" px="md" py="sm">
        <Text fw={600}>{t('notifications.title')}</Text>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconChecks size={14} />}
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {t('notifications.markAll')}
        </Button>
      </Group>
      <Divider />
      <ScrollArea.Autosize mah={420}>
        {list.isPending ? (
          <Stack p="md" gap="sm">
            <Skeleton height={40} />
            <Skeleton height={40} />
            <Skeleton height={40} />
          </Stack>
        ) : items.length === 0 ? (
          <Stack align="center" gap={4} py="xl" c="dimmed">
            <IconBellOff size={28} />
            <Text size="sm">{t('notifications.caughtUp')}</Text>
          </Stack>
        ) : (
          items.map((n) => <NotificationRow key={n.id} notification={n} onNavigate={onNavigate} />)
        )}
      </ScrollArea.Autosize>
    </Stack>
  );
}

function NotificationRow({ notification: n, onNavigate }: { notification: Notification; onNavigate: () => void }) {
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const isUnread = n.readAt === null;
  const { t } = useTranslation('employee');

  const open = () => {
    if (isUnread) markRead.mutate(n.id);
    if (n.link) {
      onNavigate();
      void navigate(n.link);
    }
  };

  return (
    <UnstyledButton
      onClick={open}
      w="100%"
      px="md"
      py="sm"
      style={{
        borderBottom: '1px solid var(--mantine-color-gray-2)',
        background: isUnread ? 'var(--mantine-color-indigo-0)' : undefined,
      }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={isUnread ? 600 : 400}>
            {n.title}
          </Text>
          {n.body && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {n.body}
            </Text>
          )}
          <Text size="xs" c="dimmed" mt={2}>
            {formatRelative(n.createdAt)}
          </Text>
        </div>
        {isUnread && (
          <Tooltip label={t('notifications.markRead')}>
            <ActionIcon
              component="span"
              role="button"
              tabIndex={0}
              size="sm"
              variant="subtle"
              aria-label={t('notifications.markRead')}
              onClick={(e: React.MouseEvent) => {
                e.stopPropagation();
                markRead.mutate(n.id);
              }}
              onKeyDown={(e: React.KeyboardEvent) => {
                if (e.key !== 'Enter' && e.key !== ' ') return;
                e.preventDefault();
                e.stopPropagation();
                markRead.mutate(n.id);
              }}
            >
              <IconChecks size={14} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </UnstyledButton>
  );
}
