import { Badge, Button, Card, Drawer, Group, Image, List, SimpleGrid, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCamera, IconPencil, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type DayDetail, type PunchView, formatMinutes } from '../../../../../shared/attendance/index.ts';
import { QueryError } from '../../components/query-error.tsx';
import { formatDate, formatDayReason, formatDuration, formatInstant } from '../../lib/format.ts';
import { useEmployeeDay } from './attendance-queries.ts';
import { OverrideDialog } from './override-dialog.tsx';
import { RegularizationForm } from './regularization-form.tsx';
import { AttendanceStatusBadge, clockOf, useOrgClock } from './status.tsx';

const ROLE_COLOR: Record<NonNullable<PunchView['role']>, string> = { in: 'teal', out: 'gray', unpaired: 'orange', bounce: 'yellow', flagged: 'red', superseded: 'dark' };

/** "punches from 03:45 to 03:45 the next day count for this day": which sentence, with its times. */
function windowSentence(window: { start: string; end: string }): [key: string, values: { start: string; end: string }] {
  const start = clockOf(window.start);
  const end = clockOf(window.end);
  return [end <= start ? 'dayDrawer.windowNextDay' : 'dayDrawer.window', { start, end }];
}

/** The message naming where a punch came from (a terminal by its own name, when it has one). */
function sourceKey(p: PunchView): string {
  if (p.source === 'terminal') return 'dayDrawer.sourceTerminal';
  if (p.source === 'self') return 'dayDrawer.sourceSelf';
  if (p.source === 'manual') return 'dayDrawer.sourceManual';
  return 'dayDrawer.sourceImport';
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

function PunchTable({ punches }: { punches: PunchView[] }) {
  const { t } = useTranslation('employee');
  if (punches.length === 0) return <Text size="sm" c="dimmed">{t('dayDrawer.noPunches')}</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label={t('dayDrawer.punches')} verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('dayDrawer.time')}</Table.Th>
            <Table.Th>{t('dayDrawer.source')}</Table.Th>
            <Table.Th>{t('dayDrawer.usedAs')}</Table.Th>
            <Table.Th>{t('dayDrawer.details')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {punches.map((p) => (
            <Table.Tr key={p.id} data-testid="punch-row" style={{ opacity: p.role === null || p.role === 'superseded' ? 0.6 : 1 }}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {clockOf(p.at)}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.localDate} {p.localTime.slice(0, 5)} ({p.utcOffsetMinutes >= 0 ? '+' : '−'}
                  {formatMinutes(Math.abs(p.utcOffsetMinutes)).replace('h', ':')})
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{(p.source === 'terminal' && p.terminal?.name) || t(sourceKey(p))}</Text>
                <Text size="xs" c="dimmed">
                  {[p.direction && t(`dayDrawer.direction.${p.direction}`), p.attendStat && t('dayDrawer.state', { state: p.attendStat }), p.verifyMode].filter(Boolean).join(' · ')}
                </Text>
              </Table.Td>
              <Table.Td>
                {p.role ? (
                  <Badge color={ROLE_COLOR[p.role]} variant="light" size="sm">
                    {t(`dayDrawer.role.${p.role}`)}
                  </Badge>
                ) : (
                  <Text size="xs" c="dimmed">
                    {t('dayDrawer.notCounted')}
                  </Text>
                )}
                {p.flags.map((f) => (
                  <Badge key={f} color="red" size="sm" ml={4}>
                    {t(`labels:punchFlag.${f}`, { defaultValue: f })}
                  </Badge>
                ))}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {p.photoUrl && (
                    <Tooltip label={t('dayDrawer.photoFromTerminal')}>
                      <a href={p.photoUrl} target="_blank" rel="noreferrer" aria-label={t('dayDrawer.punchPhoto')}>
                        <Image src={p.photoUrl} alt={t('dayDrawer.punchPhoto')} w={40} h={40} radius="sm" fit="cover" fallbackSrc="" />
                      </a>
                    </Tooltip>
                  )}
                  {p.photoUrl && !p.geo && <IconCamera size={14} />}
                  <Text size="xs" c="dimmed">
                    {[p.note, p.geo ? `${p.geo.lat.toFixed(4)}, ${p.geo.lng.toFixed(4)}` : null, p.createdByName && p.source !== 'terminal' ? t('dayDrawer.by', { name: p.createdByName }) : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DayBody({ detail, onOverride, onRegularize }: { detail: DayDetail; onOverride: () => void; onRegularize: () => void }) {
  const { t } = useTranslation('employee');
  const d = detail.day;
  const punchWindow = detail.window ? windowSentence(detail.window) : null;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={4}>{detail.employee.fullName}</Title>
          <Text size="sm" c="dimmed">
            {formatDate(detail.date)} · {d?.shift ? `${d.shift.name} ${d.shift.startTime}–${d.shift.endTime}` : t('attendance.noShift')}
          </Text>
        </div>
        {d && <AttendanceStatusBadge status={d.status} frozen={d.frozen} provisional={d.provisional} />}
      </Group>
      {!detail.employed && <Text c="dimmed">{t('dayDrawer.notEmployed')}</Text>}
      {d && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Stat label={t('dayDrawer.worked')} value={formatDuration(d.workedMinutes)} />
            <Stat label={t('dayDrawer.overtime')} value={formatDuration(d.otMinutes)} />
            <Stat label={t('dayDrawer.lateEarly')} value={t('dayDrawer.lateEarlyValue', { late: String(d.lateMinutes), early: String(d.earlyMinutes) })} />
            <Stat label={t('dayDrawer.firstIn')} value={clockOf(d.firstIn)} />
            <Stat label={t('dayDrawer.lastOut')} value={clockOf(d.lastOut)} />
            <Stat label={t('dayDrawer.pay')} value={t('dayDrawer.payValue', { present: String(d.presentDays), leave: String(d.leaveDays), lop: String(d.lopDays) })} />
          </SimpleGrid>
          <Card withBorder padding="sm">
            <Text fw={600} size="sm" mb={4}>
              {t('dayDrawer.why')}
            </Text>
            <List size="sm" spacing={2} data-testid="day-reasons">
              {d.reasons.map((r, i) => (
                <List.Item key={i}>{formatDayReason(r)}</List.Item>
              ))}
            </List>
          </Card>
        </>
      )}
      <Group gap="xs">
        {detail.canOverride && d && (
          <Button leftSection={<IconPencil size={16} />} onClick={onOverride}>
            {t('dayDrawer.override')}
          </Button>
        )}
        {detail.canRegularize && (
          <Button variant="light" leftSection={<IconSend size={16} />} onClick={onRegularize}>
            {t('dayDrawer.requestFix')}
          </Button>
        )}
      </Group>
      <div>
        <Text fw={600} size="sm" mb={4}>
          {t('dayDrawer.punches')} {punchWindow && <Text span size="xs" c="dimmed">({t(punchWindow[0], punchWindow[1])})</Text>}
        </Text>
        <PunchTable punches={detail.punches} />
      </div>
      {detail.pairs.length > 0 && (
        <Text size="sm">
          {t('dayDrawer.pairs', { pairs: detail.pairs.map((p) => `${clockOf(p.in)}–${clockOf(p.out)} (${formatDuration(p.minutes)})`).join(', ') })}
        </Text>
      )}
      {detail.regularizations.length > 0 && (
        <div>
          <Text fw={600} size="sm" mb={4}>
            {t('dayDrawer.regularizations')}
          </Text>
          {detail.regularizations.map((r) => (
            <Text key={r.id} size="sm">
              {t(r.decisionNote ? 'dayDrawer.regularizationNoted' : 'dayDrawer.regularization', {
                kind: t(`labels:regularizationKind.${r.kind}`),
                status: t(`labels:regularizationStatus.${r.status}`),
                punches: r.punches.map((p) => `${t(`labels:direction.${p.direction}`)} ${p.time}`).join(', '),
                reason: r.reason,
                note: r.decisionNote ?? '',
              })}
            </Text>
          ))}
        </div>
      )}
      {detail.overrides.length > 0 && (
        <div>
          <Text fw={600} size="sm" mb={4}>
            {t('dayDrawer.overrideHistory')}
          </Text>
          {detail.overrides.map((o) => (
            <Text key={o.id} size="sm" data-testid="override-entry">
              {t(o.after.frozen ? 'dayDrawer.overrideEntryFrozen' : 'dayDrawer.overrideEntry', {
                at: formatInstant(o.at),
                actor: o.actorName,
                before: t(`labels:attendanceStatus.${o.before.status}`, { defaultValue: o.before.status }),
                beforeWorked: formatDuration(o.before.workedMinutes),
                after: t(`labels:attendanceStatus.${o.after.status}`, { defaultValue: o.after.status }),
                afterWorked: formatDuration(o.after.workedMinutes),
                reason: o.reason,
              })}
            </Text>
          ))}
        </div>
      )}
    </Stack>
  );
}

/** One employee's day in a side drawer: status, reasons, punches with their source and photo, history; override and request actions. */
export function DayDrawer({ employeeId, date, onClose }: { employeeId: string | null; date: string | null; onClose: () => void }) {
  useOrgClock();
  const detail = useEmployeeDay(employeeId, date);
  const [overrideOpened, overrideDialog] = useDisclosure();
  const [fixOpened, fixDialog] = useDisclosure();
  const data = detail.data;
  const { t } = useTranslation('employee');
  return (
    <Drawer opened={Boolean(employeeId && date)} onClose={onClose} position="right" size="xl" title={t('dayDrawer.title')}>
      {detail.error ? (
        <QueryError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : !data ? (
        <Stack>
          <Skeleton height={60} />
          <Skeleton height={120} />
          <Skeleton height={200} />
        </Stack>
      ) : (
        <>
          <DayBody detail={data} onOverride={overrideDialog.open} onRegularize={fixDialog.open} />
          {data.day && overrideOpened && <OverrideDialog employeeId={data.employee.id} day={data.day} opened onClose={overrideDialog.close} />}
          {fixOpened && <RegularizationForm date={data.date} detail={data} opened onClose={fixDialog.close} />}
        </>
      )}
    </Drawer>
  );
}
