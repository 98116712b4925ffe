import { type ReactNode, useState } from 'react';
import { ActionIcon, Badge, Button, Divider, Group, Modal, NumberInput, Paper, SegmentedControl, SimpleGrid, Stack, Switch, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type ShiftPolicy, ShiftPolicyInput } from '../../../../../../shared/attendance/index.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { TableSkeleton } from '../../../components/table-skeleton.tsx';
import { useTx } from '../../../i18n/language.tsx';
import { applyServerErrors, zodFormErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteShift, useSaveShift, useShiftPolicies } from '../attendance-queries.ts';
import { formatDuration } from '../../../lib/format.ts';

type Values = Omit<ShiftPolicyInput, 'flexible' | 'overtime'> & {
  otEligible: boolean;
  otAfterMinutes: number;
  otBlockMinutes: number;
  otMaxMinutes: number | string;
  otBeforeStart: boolean;
  flexibleOn: boolean;
  coreStart: string;
  coreEnd: string;
  requiredMinutes: number;
};

const EMPTY: Values = {
  name: '',
  startTime: '09:30',
  endTime: '18:30',
  isDefault: false,
  breakMinutes: 60,
  lateGraceMinutes: 10,
  earlyGraceMinutes: 10,
  halfDayMinutes: 240,
  fullDayMinutes: 420,
  windowBeforeMinutes: 120,
  windowAfterMinutes: 360,
  hoursMode: 'pairs',
  otEligible: false,
  otAfterMinutes: 30,
  otBlockMinutes: 30,
  otMaxMinutes: '',
  otBeforeStart: false,
  flexibleOn: false,
  coreStart: '10:00',
  coreEnd: '16:00',
  requiredMinutes: 480,
};

function toValues(s: ShiftPolicy): Values {
  return {
    name: s.name,
    startTime: s.startTime,
    endTime: s.endTime,
    isDefault: s.isDefault,
    breakMinutes: s.breakMinutes,
    lateGraceMinutes: s.lateGraceMinutes,
    earlyGraceMinutes: s.earlyGraceMinutes,
    halfDayMinutes: s.halfDayMinutes,
    fullDayMinutes: s.fullDayMinutes,
    windowBeforeMinutes: s.windowBeforeMinutes,
    windowAfterMinutes: s.windowAfterMinutes,
    hoursMode: s.hoursMode,
    otEligible: s.overtime.eligible,
    otAfterMinutes: s.overtime.afterMinutes,
    otBlockMinutes: s.overtime.blockMinutes,
    otMaxMinutes: s.overtime.maxMinutes ?? '',
    otBeforeStart: s.overtime.beforeStart,
    flexibleOn: s.flexible !== null,
    coreStart: s.flexible?.coreStart ?? '10:00',
    coreEnd: s.flexible?.coreEnd ?? '16:00',
    requiredMinutes: s.flexible?.requiredMinutes ?? 480,
  };
}

function toInput(v: Values): ShiftPolicyInput {
  return {
    name: v.name,
    startTime: v.startTime,
    endTime: v.endTime,
    isDefault: v.isDefault,
    breakMinutes: Number(v.breakMinutes),
    lateGraceMinutes: Number(v.lateGraceMinutes),
    earlyGraceMinutes: Number(v.earlyGraceMinutes),
    halfDayMinutes: Number(v.halfDayMinutes),
    fullDayMinutes: Number(v.fullDayMinutes),
    windowBeforeMinutes: Number(v.windowBeforeMinutes),
    windowAfterMinutes: Number(v.windowAfterMinutes),
    hoursMode: v.hoursMode,
    overtime: {
      eligible: v.otEligible,
      afterMinutes: Number(v.otAfterMinutes),
      blockMinutes: Number(v.otBlockMinutes),
      maxMinutes: v.otMaxMinutes === '' ? null : Number(v.otMaxMinutes),
      beforeStart: v.otBeforeStart,
    },
    flexible: v.flexibleOn ? { coreStart: v.coreStart, coreEnd: v.coreEnd, requiredMinutes: Number(v.requiredMinutes) } : null,
  };
}

const FIELD_PATHS: Record<string, string> = {
  'overtime.afterMinutes': 'otAfterMinutes',
  'overtime.blockMinutes': 'otBlockMinutes',
  'overtime.maxMinutes': 'otMaxMinutes',
  'flexible.coreStart': 'coreStart',
  'flexible.coreEnd': 'coreEnd',
  'flexible.requiredMinutes': 'requiredMinutes',
};

function ShiftModal({ shift, onClose }: { shift: ShiftPolicy | null; onClose: () => void }) {
  const save = useSaveShift();
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const form = useForm<Values>({
    initialValues: shift ? toValues(shift) : EMPTY,
    validate: (v) => Object.fromEntries(Object.entries(zodFormErrors(ShiftPolicyInput, toInput(v))).map(([k, m]) => [FIELD_PATHS[k] ?? k, m])),
  });
  const submit = form.onSubmit((v) => {
    save.mutate(
      { id: shift?.id ?? null, input: toInput(v) },
      {
        onSuccess: () => {
          notifySuccess(shift ? t('attendanceSettings.shifts.savedEdit') : t('attendanceSettings.shifts.added'));
          onClose();
        },
        onError: (e) => {
          if (!applyServerErrors(e, (p, m) => form.setFieldError(FIELD_PATHS[p] ?? p, m), [...Object.keys(EMPTY), 'overtime', 'flexible'])) notifyError(e, t('attendanceSettings.shifts.saveFailed'));
        },
      },
    );
  });
  const num = (name: keyof Values, label: ReactNode, max = 1440) => <NumberInput label={label} min={0} max={max} allowDecimal={false} {...form.getInputProps(name)} />;
  return (
    <Modal opened onClose={onClose} title={shift ? tx('attendanceSettings.common.editName', { name: shift.name }) : tx('attendanceSettings.shifts.addTitle')} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={3}>
            <TextInput label={tx('attendanceSettings.shifts.name')} withAsterisk data-autofocus {...form.getInputProps('name')} />
            <TextInput label={tx('attendanceSettings.shifts.starts')} type="time" {...form.getInputProps('startTime')} />
            <TextInput label={tx('attendanceSettings.shifts.ends')} type="time" description={tx('attendanceSettings.shifts.endsHint')} {...form.getInputProps('endTime')} />
          </SimpleGrid>
          <SimpleGrid cols={3}>
            {num('breakMinutes', tx('attendanceSettings.shifts.breakMinutes'), 480)}
            {num('lateGraceMinutes', tx('attendanceSettings.shifts.lateGrace'), 240)}
            {num('earlyGraceMinutes', tx('attendanceSettings.shifts.earlyGrace'), 240)}
            {num('halfDayMinutes', tx('attendanceSettings.shifts.halfDayFrom'))}
            {num('fullDayMinutes', tx('attendanceSettings.shifts.fullDayFrom'))}
            <Stack gap={2}>
              <Text size="sm" fw={500}>
                {tx('attendanceSettings.shifts.hoursMode')}
              </Text>
              <SegmentedControl
                size="xs"
                data={[
                  { value: 'pairs', label: tx('attendanceSettings.shifts.everyPair') },
                  { value: 'firstLast', label: tx('attendanceSettings.shifts.firstLast') },
                ]}
                {...form.getInputProps('hoursMode')}
              />
            </Stack>
            {num('windowBeforeMinutes', tx('attendanceSettings.shifts.windowBefore'), 720)}
            {num('windowAfterMinutes', tx('attendanceSettings.shifts.windowAfter'), 720)}
          </SimpleGrid>
          <Divider label={tx('attendanceSettings.shifts.overtime')} labelPosition="left" />
          <Switch label={tx('attendanceSettings.shifts.otEligible')} {...form.getInputProps('otEligible', { type: 'checkbox' })} />
          {form.values.otEligible && (
            <SimpleGrid cols={3}>
              {num('otAfterMinutes', tx('attendanceSettings.shifts.otAfter'), 720)}
              {num('otBlockMinutes', tx('attendanceSettings.shifts.otBlock'), 240)}
              <NumberInput label={tx('attendanceSettings.shifts.otCap')} placeholder={t('attendanceSettings.shifts.noCap')} min={0} max={1440} allowDecimal={false} {...form.getInputProps('otMaxMinutes')} />
              <Switch label={tx('attendanceSettings.shifts.otBeforeStart')} {...form.getInputProps('otBeforeStart', { type: 'checkbox' })} />
            </SimpleGrid>
          )}
          <Divider label={tx('attendanceSettings.shifts.flexibleHours')} labelPosition="left" />
          <Switch label={tx('attendanceSettings.shifts.flexibleOn')} {...form.getInputProps('flexibleOn', { type: 'checkbox' })} />
          {form.values.flexibleOn && (
            <SimpleGrid cols={3}>
              <TextInput label={tx('attendanceSettings.shifts.coreFrom')} type="time" {...form.getInputProps('coreStart')} />
              <TextInput label={tx('attendanceSettings.shifts.coreTo')} type="time" {...form.getInputProps('coreEnd')} />
              {num('requiredMinutes', tx('attendanceSettings.shifts.required'))}
            </SimpleGrid>
          )}
          <Switch label={tx('attendanceSettings.shifts.isDefault')} {...form.getInputProps('isDefault', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {tx('attendanceSettings.common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {tx('attendanceSettings.common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Shifts with their rules: times, break, grace, thresholds, overtime, punch window, flexible hours. */
export function ShiftsTab() {
  const shifts = useShiftPolicies();
  const remove = useDeleteShift();
  const [editing, setEditing] = useState<ShiftPolicy | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ShiftPolicy | null>(null);
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  if (shifts.error) return <QueryError error={shifts.error} onRetry={() => void shifts.refetch()} />;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {tx('attendanceSettings.shifts.intro')}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {tx('attendanceSettings.shifts.add')}
        </Button>
      </Group>
      <Paper withBorder style={{ overflow: 'hidden' }}>
        {!shifts.data ? (
          <TableSkeleton rows={4} />
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table aria-label={t('attendanceSettings.shifts.table')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{tx('attendanceSettings.shifts.shift')}</Table.Th>
                  <Table.Th>{tx('attendanceSettings.shifts.hours')}</Table.Th>
                  <Table.Th>{tx('attendanceSettings.shifts.break')}</Table.Th>
                  <Table.Th>{tx('attendanceSettings.shifts.grace')}</Table.Th>
                  <Table.Th>{tx('attendanceSettings.shifts.halfFull')}</Table.Th>
                  <Table.Th>{tx('attendanceSettings.shifts.overtime')}</Table.Th>
                  <Table.Th>{tx('attendanceSettings.shifts.people')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shifts.data.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>
                      <Group gap={6}>
                        <Text size="sm" fw={500}>
                          {s.name}
                        </Text>
                        {s.isDefault && <Badge size="xs">{tx('attendanceSettings.shifts.default')}</Badge>}
                        {s.flexible && (
                          <Badge size="xs" color="grape">
                            {tx('attendanceSettings.shifts.flexible')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {s.endTime < s.startTime
                        ? tx('attendanceSettings.shifts.hoursRangeNextDay', { start: s.startTime, end: s.endTime })
                        : tx('attendanceSettings.shifts.hoursRange', { start: s.startTime, end: s.endTime })}
                    </Table.Td>
                    <Table.Td>{tx('attendanceSettings.shifts.minutes', { minutes: s.breakMinutes })}</Table.Td>
                    <Table.Td>{tx('attendanceSettings.shifts.graceMinutes', { late: s.lateGraceMinutes, early: s.earlyGraceMinutes })}</Table.Td>
                    <Table.Td>
                      {formatDuration(s.halfDayMinutes)} / {formatDuration(s.fullDayMinutes)}
                    </Table.Td>
                    <Table.Td>{s.overtime.eligible ? tx('attendanceSettings.shifts.otRule', { after: s.overtime.afterMinutes, block: s.overtime.blockMinutes }) : tx('attendanceSettings.shifts.otNo')}</Table.Td>
                    <Table.Td>{s.assignedCount}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label={tx('attendanceSettings.common.edit')}>
                          <ActionIcon variant="subtle" aria-label={t('attendanceSettings.common.editName', { name: s.name })} onClick={() => setEditing(s)}>
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={tx('attendanceSettings.common.delete')}>
                          <ActionIcon variant="subtle" color="red" aria-label={t('attendanceSettings.common.deleteName', { name: s.name })} onClick={() => setDeleting(s)}>
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {editing && <ShiftModal shift={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('attendanceSettings.shifts.deleteTitle')}
        message={tx('attendanceSettings.shifts.confirmDelete', { name: deleting?.name ?? '' })}
        confirmLabel={t('attendanceSettings.common.delete')}
        danger
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null), onSuccess: () => notifySuccess(t('attendanceSettings.shifts.deleted')) })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
