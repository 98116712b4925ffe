import { Alert, Card, Group, List, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type AttendanceDay, type RegularizationPreview } from '../../../../../shared/attendance/index.ts';
import { ApiError } from '../../lib/api.ts';
import { AttendanceStatusBadge, useOrgClock } from './status.tsx';
import { formatDuration } from '../../lib/format.ts';

function DaySide({ title, day }: { title: string; day: AttendanceDay }) {
  const { t } = useTranslation('employee');
  const clock = useOrgClock();
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {title}
      </Text>
      <Group gap="xs">
        <AttendanceStatusBadge status={day.status} />
        <Text size="sm" fw={500}>
          {formatDuration(day.workedMinutes)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {[
          t('day.inOut', { in: clock(day.firstIn), out: clock(day.lastOut) }),
          day.otMinutes > 0 ? t('day.ot', { time: formatDuration(day.otMinutes) }) : null,
          day.lateMinutes > 0 ? t('day.late', { minutes: day.lateMinutes }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    </Stack>
  );
}

/** A day now and once a regularization is approved, side by side, with the engine's reasons for the result. */
export function DayEffect({ preview, loading, error }: { preview: RegularizationPreview | undefined; loading: boolean; error: unknown }) {
  const { t } = useTranslation('employee');
  if (error) {
    const fields = error instanceof ApiError ? Object.values(error.fieldErrors()) : [];
    return (
      <Alert color="orange" variant="light" title={t('day.effectError')} data-testid="day-effect-error">
        {error instanceof ApiError ? error.message : t('day.noAnswer')}
        {fields.length > 0 && ` (${fields.join('; ')})`}
      </Alert>
    );
  }
  if (!preview) return loading ? <Loader size="sm" /> : null;
  return (
    <Card withBorder padding="sm" data-testid="day-effect" aria-busy={loading}>
      <Text fw={600} size="sm" mb="xs">
        {t('day.effectTitle')}
      </Text>
      <SimpleGrid cols={3} spacing="xs" style={{ gridTemplateColumns: '1fr auto 1fr' }}>
        <DaySide title={t('day.now')} day={preview.before} />
        <IconArrowRight size={18} style={{ alignSelf: 'center' }} aria-hidden />
        <DaySide title={t('day.onceApproved')} day={preview.after} />
      </SimpleGrid>
      <List size="xs" spacing={2} mt="xs" c="dimmed">
        {preview.after.reasons.map((r, i) => (
          <List.Item key={i}>{r.text}</List.Item>
        ))}
      </List>
    </Card>
  );
}
