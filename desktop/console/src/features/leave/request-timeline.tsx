import { Text, ThemeIcon, Timeline } from '@mantine/core';
import { IconCheck, IconClock, IconPoint, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LeaveTimelineEntry } from '../../../../../shared/leave/index.ts';
import { formatInstant } from '../../lib/format.ts';

const BULLET = {
  done: { color: 'teal', icon: <IconCheck size={12} /> },
  current: { color: 'yellow', icon: <IconClock size={12} /> },
  pending: { color: 'gray', icon: <IconPoint size={12} /> },
  rejected: { color: 'red', icon: <IconX size={12} /> },
} as const;

/** The request's timeline (spec §2.2), one step per entry. */
export function RequestTimeline({ entries }: { entries: LeaveTimelineEntry[] }) {
  const { t } = useTranslation('labels');
  const active = entries.reduce((last, e, i) => (e.state === 'pending' ? last : i), 0);
  return (
    <Timeline active={active} bulletSize={22} lineWidth={2} data-testid="leave-timeline">
      {entries.map((e) => (
        <Timeline.Item
          key={e.key}
          title={t(`timeline.${e.labelId}`, { ...e.labelValues, defaultValue: e.label })}
          bullet={
            <ThemeIcon size={22} radius="xl" color={BULLET[e.state].color}>
              {BULLET[e.state].icon}
            </ThemeIcon>
          }
          data-state={e.state}
        >
          {(e.actorName || e.at) && (
            <Text size="xs" c="dimmed">
              {[e.actorName, e.at ? formatInstant(e.at) : null].filter(Boolean).join(' · ')}
            </Text>
          )}
          {e.note && (
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              “{e.note}”
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
