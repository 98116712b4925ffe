import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconCalendarShare, IconMail } from '@tabler/icons-react';
import { CopyableSecret } from '../../components/copyable-secret.tsx';
import { useState } from 'react';
import type { CalendarFeedIssued } from '../../../../../shared/calendar-feeds.ts';
import { QueryError } from '../../components/query-error.tsx';
import { formatInstant, formatRelative } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useIssueCalendarFeed, useMyCalendarFeed, useMyPreferences, useRevokeCalendarFeed, useSaveMyPreferences } from './email-queries.ts';

const SCOPE_WORDS = { self: 'your approved leave and your holidays', team: 'your and your team’s approved leave, and your holidays', org: 'the whole organisation’s approved leave, and your holidays' };

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
  const prefs = useMyPreferences();
  const save = useSaveMyPreferences();
  if (prefs.error) return <QueryError error={prefs.error} onRetry={() => void prefs.refetch()} />;
  if (!prefs.data) return <Skeleton height={220} />;
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Group gap="xs">
          <IconMail size={18} />
          <Title order={5}>Notifications</Title>
        </Group>
        <Text size="sm" c="dimmed">
          Everything appears in the console. Choose what also comes by e-mail{prefs.data.emailAddress ? ` to ${prefs.data.emailAddress}` : ''}.
        </Text>
        {!prefs.data.emailConfigured && <Alert color="gray">Your organisation has not set up e-mail yet: for now everything stays in the console.</Alert>}
        {prefs.data.items.map((item) => (
          <Switch
            key={item.category}
            label={item.label}
            description={`${item.description} ${item.email ? 'In the console and by e-mail.' : 'In the console only.'}`}
            checked={item.email}
            disabled={save.isPending}
            onChange={(e) => save.mutate({ items: [{ category: item.category, email: e.currentTarget.checked }] }, { onSuccess: () => notifySuccess('Saved.') })}
          />
        ))}
      </Stack>
    </Card>
  );
}

function CalendarFeedCard() {
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
          <Title order={5}>Calendar feed</Title>
          {f.active ? (
            <Badge color="teal" variant="dot">
              Active
            </Badge>
          ) : (
            <Badge color="gray" variant="outline">
              None
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          Subscribe in Outlook (Add calendar → From internet), Google Calendar (Other calendars → From URL) or your phone to see {SCOPE_WORDS[f.scope]}. The address is a secret: anyone with it can read the feed.
        </Text>
        {f.active && (
          <Text size="sm">
            Created {formatInstant(f.createdAt)} · last fetched by a calendar {formatRelative(f.lastUsedAt)}
          </Text>
        )}
        {issued && (
          <Stack gap={4}>
            <Alert color="orange" title="Copy this address now: it is shown only once">
              Regenerate it any time; the old address then stops working.
            </Alert>
            <CopyableSecret value={issued.url} testId="calendar-feed-url" copyLabel="Copy calendar address" />
          </Stack>
        )}
        <Group>
          <Button variant={f.active ? 'default' : 'filled'} loading={issue.isPending} onClick={() => issue.mutate(undefined, { onSuccess: setIssued })}>
            {f.active ? 'Regenerate address' : 'Create calendar address'}
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
                    notifySuccess('Calendar feed revoked: the address no longer works.');
                  },
                })
              }
            >
              Revoke
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
