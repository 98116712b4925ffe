import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { IconLogin, IconLogout, IconMapPin, IconSend } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatDate, formatDuration } from '../../lib/format.ts';
import { notifyError, notifyInfo, notifySuccess } from '../../lib/notify.ts';
import { useSessionUser } from '../../session/session-context.tsx';
import { useHolidays, useOptIn, useRegularizations, useSelfPunch, useSelfToday } from './attendance-queries.ts';
import { DayDrawer } from './day-drawer.tsx';
import { useParam } from './filters.tsx';
import { MonthGrid } from './month-grid.tsx';
import { RegularizationForm } from './regularization-form.tsx';
import { RegularizationStatusBadge } from './regularizations-page.tsx';
import { LiveStateBadge, clockOf, todayLocal, useOrgClock } from './status.tsx';

/** The browser's position if the person allows it within a few seconds; null otherwise. */
function currentPosition(): Promise<{ lat: number; lng: number; accuracy: number } | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude, accuracy: Math.round(p.coords.accuracy) }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 8000, maximumAge: 60_000 },
    );
  });
}

function TodayCard() {
  const today = useSelfToday();
  const punch = useSelfPunch();
  const [locating, setLocating] = useState(false);
  const { t } = useTranslation('employee');
  if (today.error && !today.data) return <QueryError error={today.error} onRetry={() => void today.refetch()} />;
  if (!today.data) return <Skeleton height={160} />;
  const { live, punches, geoFenceRequired } = today.data;
  const isIn = live.state === 'In';

  const check = async (direction: 'in' | 'out') => {
    setLocating(true);
    const geo = await currentPosition();
    setLocating(false);
    punch.mutate(
      { direction, geo },
      {
        onSuccess: () => notifySuccess(direction === 'in' ? t('attendance.checkedIn') : t('attendance.checkedOut')),
        onError: (e) => notifyError(e, t('attendance.punchFailed')),
      },
    );
    if (!geo && geoFenceRequired) notifyInfo(t('attendance.noLocation'));
  };

  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {t('attendance.today', { shift: live.shift ?? t('attendance.noShift') })}
          </Text>
          <Group gap="xs">
            <LiveStateBadge state={live.state} />
            {live.lateMinutes > 0 && <Badge color="orange" variant="outline">{t('attendance.late', { minutes: live.lateMinutes })}</Badge>}
          </Group>
          <Text size="sm">
            {t('attendance.firstIn', { time: clockOf(live.firstIn), worked: formatDuration(live.workedMinutes) })}
          </Text>
        </Stack>
        <Group gap="sm">
          <Button size="md" color="teal" leftSection={<IconLogin size={18} />} loading={(locating || punch.isPending) && !isIn} disabled={isIn} onClick={() => void check('in')}>
            {t('attendance.checkIn')}
          </Button>
          <Button size="md" color="gray" leftSection={<IconLogout size={18} />} loading={(locating || punch.isPending) && isIn} disabled={!isIn} onClick={() => void check('out')}>
            {t('attendance.checkOut')}
          </Button>
        </Group>
      </Group>
      {geoFenceRequired && (
        <Text size="xs" c="dimmed" mt="xs">
          <IconMapPin size={12} /> {t('attendance.locationAsked')}
        </Text>
      )}
      {punches.length > 0 && (
        <Group gap="xs" mt="sm" aria-label={t('attendance.todaysPunches')}>
          {punches.map((p) => (
            <Badge key={p.id} variant="outline" color={p.flags.length ? 'red' : p.role === 'bounce' ? 'yellow' : 'gray'}>
              {[clockOf(p.at), p.direction ? t(`labels:direction.${p.direction}`) : null, ...p.flags.map((f) => `· ${t(`labels:punchFlag.${f}`, { defaultValue: f })}`)].filter(Boolean).join(' ')}
            </Badge>
          ))}
        </Group>
      )}
    </Card>
  );
}

function OptionalHolidays() {
  const year = Number(todayLocal().slice(0, 4));
  const holidays = useHolidays(year);
  const optIn = useOptIn();
  const { t } = useTranslation('employee');
  const optional = (holidays.data ?? []).filter((h) => h.optional && h.date >= todayLocal());
  if (optional.length === 0) return null;
  return (
    <Card withBorder padding="md">
      <Title order={5} mb="xs">
        {t('attendance.optionalHolidays')}
      </Title>
      <Stack gap={6}>
        {optional.map((h) => (
          <Switch
            key={h.id}
            label={t('attendance.holiday', { name: h.name, date: formatDate(h.date) })}
            checked={h.optedIn}
            onChange={(e) =>
              optIn.mutate(
                { id: h.id, optIn: e.currentTarget.checked },
                { onError: (err) => notifyError(err, t('attendance.couldNotChange')), onSuccess: () => notifySuccess(e.currentTarget.checked ? t('attendance.taken') : t('attendance.givenBack')) },
              )
            }
          />
        ))}
      </Stack>
    </Card>
  );
}

/** Self-service: check in and out, my month, my requests and a regularization form. */
export function MyAttendancePage() {
  useOrgClock();
  const me = useSessionUser();
  const [monthParam, setMonth] = useParam('month');
  const [dateParam, setDate] = useParam('date');
  const month = monthParam ?? (dateParam ?? todayLocal()).slice(0, 7);
  const [asking, setAsking] = useState(false);
  const mine = useRegularizations({ employeeId: me.employeeId, pageSize: 10, page: 1 });
  const { t } = useTranslation('employee');

  return (
    <>
      <PageHeader
        title={t('attendance.title')}
        description={t('attendance.description')}
        actions={
          <Button leftSection={<IconSend size={16} />} onClick={() => setAsking(true)}>
            {t('attendance.requestRegularization')}
          </Button>
        }
      />
      <Stack gap="lg">
        <TodayCard />
        <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="lg">
          <Paper withBorder p="md" className="muster-span-2-lg">
            <Group justify="space-between" mb="sm">
              <Title order={5}>{t('attendance.myMonth')}</Title>
              <MonthPickerInput aria-label={t('attendance.month')} w={170} valueFormat="MMMM YYYY" value={`${month}-01`} maxDate={todayLocal()} onChange={(v) => v && setMonth(v.slice(0, 7))} />
            </Group>
            <MonthGrid employeeId={me.employeeId} month={month} onOpen={(d) => setDate(d)} />
          </Paper>
          <Stack gap="md">
            <Card withBorder padding="md">
              <Title order={5} mb="xs">
                {t('attendance.myRequests')}
              </Title>
              {mine.data?.items.length ? (
                <Table verticalSpacing={4} aria-label={t('attendance.myRequests')}>
                  <Table.Tbody>
                    {mine.data.items.map((r) => (
                      <Table.Tr key={r.id} data-testid="my-request">
                        <Table.Td>
                          <Text size="sm">{formatDate(r.date)}</Text>
                          <Text size="xs" c="dimmed">
                            {t(`labels:regularizationKind.${r.kind}`)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <RegularizationStatusBadge status={r.status} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('attendance.noRequests')}
                </Text>
              )}
            </Card>
            <OptionalHolidays />
            <Alert variant="light" color="blue" title={t('attendance.howCounted')}>
              <Text size="sm">{t('attendance.howCountedText')}</Text>
            </Alert>
          </Stack>
        </SimpleGrid>
      </Stack>
      {asking && <RegularizationForm opened onClose={() => setAsking(false)} />}
      <DayDrawer employeeId={dateParam ? me.employeeId : null} date={dateParam ?? null} onClose={() => setDate(undefined)} />
    </>
  );
}
