import { Badge, Button, Card, Drawer, Group, Image, List, SimpleGrid, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCamera, IconPencil, IconSend } from '@tabler/icons-react';
import { type DayDetail, type PunchView, formatMinutes } from '../../../../../shared/attendance/index.ts';
import { QueryError } from '../../components/query-error.tsx';
import { formatDate, formatInstant } from '../../lib/format.ts';
import { useEmployeeDay } from './attendance-queries.ts';
import { OverrideDialog } from './override-dialog.tsx';
import { RegularizationForm } from './regularization-form.tsx';
import { AttendanceStatusBadge, clockOf, useOrgClock } from './status.tsx';
import { ATTENDANCE_STATUS_LABELS, DIRECTION_LABELS, PUNCH_FLAG_LABELS, REGULARIZATION_KIND_LABELS, REGULARIZATION_STATUS_LABELS, labelOf } from '../../../../../shared/labels.ts';

const ROLE_COLOR: Record<NonNullable<PunchView['role']>, string> = { in: 'teal', out: 'gray', unpaired: 'orange', bounce: 'yellow', flagged: 'red', superseded: 'dark' };
const ROLE_LABEL: Record<NonNullable<PunchView['role']>, string> = { in: 'In', out: 'Out', unpaired: 'Unpaired', bounce: 'Bounce (ignored)', flagged: 'Flagged (not counted)', superseded: 'Superseded' };

/** "punches from 03:45 to 03:45 the next day count for this day". */
function windowSentence(window: { start: string; end: string }): string {
  const start = clockOf(window.start);
  const end = clockOf(window.end);
  return `punches from ${start} to ${end}${end <= start ? ' the next day' : ''} count for this day`;
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
  if (punches.length === 0) return <Text size="sm" c="dimmed">No punches.</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label="Punches" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Used as</Table.Th>
            <Table.Th>Details</Table.Th>
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
                <Text size="sm">{p.source === 'terminal' ? (p.terminal?.name ?? 'Terminal') : p.source === 'self' ? 'Self check-in' : p.source === 'manual' ? 'Manual (regularization)' : 'Import'}</Text>
                <Text size="xs" c="dimmed">
                  {[p.direction, p.attendStat && `state ${p.attendStat}`, p.verifyMode].filter(Boolean).join(' · ')}
                </Text>
              </Table.Td>
              <Table.Td>
                {p.role ? (
                  <Badge color={ROLE_COLOR[p.role]} variant="light" size="sm">
                    {ROLE_LABEL[p.role]}
                  </Badge>
                ) : (
                  <Text size="xs" c="dimmed">
                    not counted for this day
                  </Text>
                )}
                {p.flags.map((f) => (
                  <Badge key={f} color="red" size="sm" ml={4}>
                    {labelOf(PUNCH_FLAG_LABELS, f)}
                  </Badge>
                ))}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {p.photoUrl && (
                    <Tooltip label="Photo from the terminal">
                      <a href={p.photoUrl} target="_blank" rel="noreferrer" aria-label="Punch photo">
                        <Image src={p.photoUrl} alt="Punch photo" w={40} h={40} radius="sm" fit="cover" fallbackSrc="" />
                      </a>
                    </Tooltip>
                  )}
                  {p.photoUrl && !p.geo && <IconCamera size={14} />}
                  <Text size="xs" c="dimmed">
                    {[p.note, p.geo ? `${p.geo.lat.toFixed(4)}, ${p.geo.lng.toFixed(4)}` : null, p.createdByName && p.source !== 'terminal' ? `by ${p.createdByName}` : null]
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
  const d = detail.day;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={4}>{detail.employee.fullName}</Title>
          <Text size="sm" c="dimmed">
            {formatDate(detail.date)} · {d?.shift ? `${d.shift.name} ${d.shift.startTime}–${d.shift.endTime}` : 'no shift'}
          </Text>
        </div>
        {d && <AttendanceStatusBadge status={d.status} frozen={d.frozen} provisional={d.provisional} />}
      </Group>
      {!detail.employed && <Text c="dimmed">Not employed on this day.</Text>}
      {d && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Stat label="Worked" value={formatMinutes(d.workedMinutes)} />
            <Stat label="Overtime" value={formatMinutes(d.otMinutes)} />
            <Stat label="Late / early" value={`${d.lateMinutes} / ${d.earlyMinutes} min`} />
            <Stat label="First in" value={clockOf(d.firstIn)} />
            <Stat label="Last out" value={clockOf(d.lastOut)} />
            <Stat label="Pay" value={`${d.presentDays} present · ${d.leaveDays} leave · ${d.lopDays} LOP`} />
          </SimpleGrid>
          <Card withBorder padding="sm">
            <Text fw={600} size="sm" mb={4}>
              Why
            </Text>
            <List size="sm" spacing={2} data-testid="day-reasons">
              {d.reasons.map((r, i) => (
                <List.Item key={i}>{r.text}</List.Item>
              ))}
            </List>
          </Card>
        </>
      )}
      <Group gap="xs">
        {detail.canOverride && d && (
          <Button leftSection={<IconPencil size={16} />} onClick={onOverride}>
            Override
          </Button>
        )}
        {detail.canRegularize && (
          <Button variant="light" leftSection={<IconSend size={16} />} onClick={onRegularize}>
            Request a fix
          </Button>
        )}
      </Group>
      <div>
        <Text fw={600} size="sm" mb={4}>
          Punches {detail.window && <Text span size="xs" c="dimmed">({windowSentence(detail.window)})</Text>}
        </Text>
        <PunchTable punches={detail.punches} />
      </div>
      {detail.pairs.length > 0 && (
        <Text size="sm">
          Pairs: {detail.pairs.map((p) => `${clockOf(p.in)}–${clockOf(p.out)} (${formatMinutes(p.minutes)})`).join(', ')}
        </Text>
      )}
      {detail.regularizations.length > 0 && (
        <div>
          <Text fw={600} size="sm" mb={4}>
            Regularizations
          </Text>
          {detail.regularizations.map((r) => (
            <Text key={r.id} size="sm">
              {REGULARIZATION_KIND_LABELS[r.kind]} · {REGULARIZATION_STATUS_LABELS[r.status]} · {r.punches.map((p) => `${DIRECTION_LABELS[p.direction]} ${p.time}`).join(', ')} — {r.reason}
              {r.decisionNote ? ` (note: ${r.decisionNote})` : ''}
            </Text>
          ))}
        </div>
      )}
      {detail.overrides.length > 0 && (
        <div>
          <Text fw={600} size="sm" mb={4}>
            Override history
          </Text>
          {detail.overrides.map((o) => (
            <Text key={o.id} size="sm" data-testid="override-entry">
              {formatInstant(o.at)} · {o.actorName}: {labelOf(ATTENDANCE_STATUS_LABELS, o.before.status)} {formatMinutes(o.before.workedMinutes)} → {labelOf(ATTENDANCE_STATUS_LABELS, o.after.status)} {formatMinutes(o.after.workedMinutes)}
              {o.after.frozen ? ' (frozen)' : ''} — {o.reason}
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
  return (
    <Drawer opened={Boolean(employeeId && date)} onClose={onClose} position="right" size="xl" title="Attendance day">
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
