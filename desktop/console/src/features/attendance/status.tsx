import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconSnowflake } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type AttendanceStatus, type LiveState, ATTENDANCE_STATUSES, STATUS_META } from '../../../../../shared/attendance/index.ts';
import { useOrganisation } from '../settings/org-queries.ts';
import { i18n } from '../../i18n/i18n.ts';

/** A day's status as a coloured pill, with the frozen badge when HR froze it. */
export function AttendanceStatusBadge({ status, frozen, provisional }: { status: AttendanceStatus; frozen?: boolean; provisional?: boolean }) {
  const { t } = useTranslation('labels');
  const meta = STATUS_META[status];
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={meta.color} variant={provisional ? 'outline' : 'light'} radius="sm" style={{ flexShrink: 0 }}>
        {t(`attendanceStatus.${status}`)}
      </Badge>
      {frozen && <FrozenBadge />}
    </Group>
  );
}

export function FrozenBadge() {
  const { t } = useTranslation('employee');
  return (
    <Tooltip label={t('status.frozenHint')}>
      <Badge color="indigo" variant="filled" radius="sm" leftSection={<IconSnowflake size={12} />} data-testid="frozen-badge">
        {t('status.frozen')}
      </Badge>
    </Tooltip>
  );
}

const LIVE_COLOR: Record<LiveState, string> = { In: 'teal', Out: 'gray', NotYetIn: 'blue', Late: 'red', OnLeave: 'cyan', Off: 'grape' };

/** A live state's label in the console's language. */
export function liveLabel(state: LiveState): string {
  return i18n.t(`labels:liveState.${state}`);
}

export function LiveStateBadge({ state }: { state: LiveState }) {
  const { t } = useTranslation('labels');
  return (
    <Badge color={LIVE_COLOR[state]} variant="light" radius="sm">
      {t(`liveState.${state}`)}
    </Badge>
  );
}

/** The background colour of a status cell (the exports' colours). */
export function statusFill(status: AttendanceStatus | null): string | undefined {
  return status ? `#${STATUS_META[status].fill}` : undefined;
}

/** The legend of the grid: every code with its colour. */
export function StatusLegend() {
  const { t } = useTranslation('employee');
  return (
    <Group gap="xs" wrap="wrap" aria-label={t('status.legend')} data-testid="calendar-legend">
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
            {t(`labels:attendanceStatus.${s}`)}
          </Text>
        </Group>
      ))}
      <Text size="xs" c="dimmed">
        {t('status.frozenMark')}
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
