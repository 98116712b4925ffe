import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconSnowflake } from '@tabler/icons-react';
import { type AttendanceStatus, type LiveState, ATTENDANCE_STATUSES, STATUS_META } from '../../../../../shared/attendance/index.ts';
import { useOrganisation } from '../settings/org-queries.ts';
import { LIVE_STATE_LABELS } from '../../../../../shared/labels.ts';

/** A day's status as a coloured pill, with the frozen badge when HR froze it. */
export function AttendanceStatusBadge({ status, frozen, provisional }: { status: AttendanceStatus; frozen?: boolean; provisional?: boolean }) {
  const meta = STATUS_META[status];
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={meta.color} variant={provisional ? 'outline' : 'light'} radius="sm" style={{ flexShrink: 0 }}>
        {meta.label}
      </Badge>
      {frozen && <FrozenBadge />}
    </Group>
  );
}

export function FrozenBadge() {
  return (
    <Tooltip label="Frozen by HR: reconciliation will not change this day">
      <Badge color="indigo" variant="filled" radius="sm" leftSection={<IconSnowflake size={12} />} data-testid="frozen-badge">
        Frozen
      </Badge>
    </Tooltip>
  );
}

const LIVE: Record<LiveState, { label: string; color: string }> = {
  In: { label: LIVE_STATE_LABELS.In, color: 'teal' },
  Out: { label: LIVE_STATE_LABELS.Out, color: 'gray' },
  NotYetIn: { label: LIVE_STATE_LABELS.NotYetIn, color: 'blue' },
  Late: { label: LIVE_STATE_LABELS.Late, color: 'red' },
  OnLeave: { label: LIVE_STATE_LABELS.OnLeave, color: 'cyan' },
  Off: { label: LIVE_STATE_LABELS.Off, color: 'grape' },
};

export function liveLabel(state: LiveState): string {
  return LIVE[state].label;
}

export function LiveStateBadge({ state }: { state: LiveState }) {
  return (
    <Badge color={LIVE[state].color} variant="light" radius="sm">
      {LIVE[state].label}
    </Badge>
  );
}

/** The background colour of a status cell (the exports' colours). */
export function statusFill(status: AttendanceStatus | null): string | undefined {
  return status ? `#${STATUS_META[status].fill}` : undefined;
}

/** The legend of the grid: every code with its colour. */
export function StatusLegend() {
  return (
    <Group gap="xs" wrap="wrap" aria-label="Legend" data-testid="calendar-legend">
      {ATTENDANCE_STATUSES.map((s) => (
        <Group key={s} gap={4} wrap="nowrap">
          <Text
            component="span"
            size="xs"
            fw={700}
            ta="center"
            style={{ background: statusFill(s), border: '1px solid var(--mantine-color-gray-3)', borderRadius: 3, minWidth: 26, padding: '1px 3px' }}
          >
            {STATUS_META[s].code}
          </Text>
          <Text size="xs" c="dimmed">
            {STATUS_META[s].label}
          </Text>
        </Group>
      ))}
      <Text size="xs" c="dimmed">
        · * frozen
      </Text>
    </Group>
  );
}

let orgZone: string | undefined;

/** `09:32` in the organisation's zone (once known, else the browser's), or a dash. */
export function clockOf(instant: string | null | undefined): string {
  if (!instant) return '—';
  return new Date(instant).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(orgZone ? { timeZone: orgZone } : {}) });
}

/** Attendance times read in the organisation's zone wherever the browser is: call in a page, then use `clockOf`. */
export function useOrgClock(): typeof clockOf {
  const org = useOrganisation();
  orgZone = org.data?.timeZone ?? orgZone;
  return clockOf;
}

/** Today `YYYY-MM-DD` in the organisation's zone (once known). */
export function todayLocal(): string {
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', ...(orgZone ? { timeZone: orgZone } : {}) }).format(new Date());
}
