import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconCalendarShare, IconMail } from '@tabler/icons-react';
import { CopyableSecret } from '../../components/copyable-secret.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarFeedIssued } from '../../../../../shared/calendar-feeds.ts';
import { QueryError } from '../../components/query-error.tsx';
import { formatInstant, formatRelative } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useIssueCalendarFeed, useMyCalendarFeed, useMyPreferences, useRevokeCalendarFeed, useSaveMyPreferences } from './email-queries.ts';

/** On one's own profile: what comes by e-mail as well as in-app, and the calendar feed. */
export function ProfileNotificationsTab() {
  return (
    <Stack maw={900}>
      <PreferencesCard />
      <CalendarFeedCard />
    </Stack>
  );
}

function PreferencesCard() {
  const { t } = useTranslation('employee');
  const prefs = useMyPreferences();
  const save = useSaveMyPreferences();
  if (prefs.error) return <QueryError error={prefs.error} onRetry={() => void prefs.refetch()} />;
  if (!prefs.data) return <Skeleton height={220} />;
  // The categories are fixed (shared/email.ts): their words come from the catalogue; one it does not know keeps the server's English.
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Group gap="xs">
          <IconMail size={18} />
          <Title order={5}>{t('notificationPreferences.title')}</Title>
        </Group>
        <Text size="sm" c="dimmed">
          {prefs.data.emailAddress ? t('notificationPreferences.introTo', { address: prefs.data.emailAddress }) : t('notificationPreferences.intro')}
        </Text>
        {!prefs.data.emailConfigured && <Alert color="gray">{t('notificationPreferences.notConfigured')}</Alert>}
        {prefs.data.items.map((item) => (
          <Switch
            key={item.category}
            label={t(`notificationPreferences.category.${item.category}.label`, { defaultValue: item.label })}
            description={t('notificationPreferences.channels', {
              description: t(`notificationPreferences.category.${item.category}.description`, { defaultValue: item.description }),
              email: item.email ? 'yes' : 'no',
            })}
            checked={item.email}
            disabled={save.isPending}
            onChange={(e) => save.mutate({ items: [{ category: item.category, email: e.currentTarget.checked }] }, { onSuccess: () => notifySuccess(t('notificationPreferences.saved')) })}
          />
        ))}
      </Stack>
    </Card>
  );
}

function CalendarFeedCard() {
  const { t } = useTranslation('employee');
  const feed = useMyCalendarFeed();
  const issue = useIssueCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [issued, setIssued] = useState<CalendarFeedIssued | null>(null);
  if (feed.error) return <QueryError error={feed.error} onRetry={() => void feed.refetch()} />;
  if (!feed.data) return <Skeleton height={160} />;
  const f = feed.data;
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Group gap="xs">
          <IconCalendarShare size={18} />
          <Title order={5}>{t('notificationPreferences.feed.title')}</Title>
          {f.active ? (
            <Badge color="teal" variant="dot">
              {t('notificationPreferences.feed.active')}
            </Badge>
          ) : (
            <Badge color="gray" variant="outline">
              {t('notificationPreferences.feed.none')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('notificationPreferences.feed.subscribe', { scope: f.scope })}
        </Text>
        {f.active && (
          <Text size="sm">
            {t('notificationPreferences.feed.created', { at: formatInstant(f.createdAt), when: formatRelative(f.lastUsedAt, t('notificationPreferences.feed.never')) })}
          </Text>
        )}
        {issued && (
          <Stack gap={4}>
            <Alert color="orange" title={t('notificationPreferences.feed.copyNow')}>
              {t('notificationPreferences.feed.regenerateHint')}
            </Alert>
            <CopyableSecret value={issued.url} testId="calendar-feed-url" copyLabel={t('notificationPreferences.feed.copy')} />
          </Stack>
        )}
        <Group>
          <Button variant={f.active ? 'default' : 'filled'} loading={issue.isPending} onClick={() => issue.mutate(undefined, { onSuccess: setIssued })}>
            {f.active ? t('notificationPreferences.feed.regenerate') : t('notificationPreferences.feed.create')}
          </Button>
          {f.active && (
            <Button
              variant="light"
              color="red"
              loading={revoke.isPending}
              onClick={() =>
                revoke.mutate(undefined, {
                  onSuccess: () => {
                    setIssued(null);
                    notifySuccess(t('notificationPreferences.feed.revoked'));
                  },
                })
              }
            >
              {t('notificationPreferences.feed.revoke')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
