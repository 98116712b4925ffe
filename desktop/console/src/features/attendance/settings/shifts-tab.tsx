import { useState } from 'react';
import { ActionIcon, Badge, Button, Divider, Group, Modal, NumberInput, Paper, SegmentedControl, SimpleGrid, Stack, Switch, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ShiftPolicy, ShiftPolicyInput, formatMinutes } from '../../../../../../shared/attendance/index.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { TableSkeleton } from '../../../components/table-skeleton.tsx';
import { applyServerErrors, zodFormErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteShift, useSaveShift, useShiftPolicies } from '../attendance-queries.ts';

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
  const form = useForm<Values>({
    initialValues: shift ? toValues(shift) : EMPTY,
    validate: (v) => Object.fromEntries(Object.entries(zodFormErrors(ShiftPolicyInput, toInput(v))).map(([k, m]) => [FIELD_PATHS[k] ?? k, m])),
  });
  const submit = form.onSubmit((v) => {
    save.mutate(
      { id: shift?.id ?? null, input: toInput(v) },
      {
        onSuccess: () => {
          notifySuccess(shift ? 'Shift saved. It applies from today; recompute a range to apply it to past days.' : 'Shift added.');
          onClose();
        },
        onError: (e) => {
          if (!applyServerErrors(e, (p, m) => form.setFieldError(FIELD_PATHS[p] ?? p, m), [...Object.keys(EMPTY), 'overtime', 'flexible'])) notifyError(e, 'Could not save the shift');
        },
      },
    );
  });
  const num = (name: keyof Values, label: string, max = 1440) => <NumberInput label={label} min={0} max={max} allowDecimal={false} {...form.getInputProps(name)} />;
  return (
    <Modal opened onClose={onClose} title={shift ? `Edit ${shift.name}` : 'Add a shift'} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={3}>
            <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
            <TextInput label="Starts" type="time" {...form.getInputProps('startTime')} />
            <TextInput label="Ends" type="time" description="Before the start = next day" {...form.getInputProps('endTime')} />
          </SimpleGrid>
          <SimpleGrid cols={3}>
            {num('breakMinutes', 'Unpaid break (min)', 480)}
            {num('lateGraceMinutes', 'Late grace (min)', 240)}
            {num('earlyGraceMinutes', 'Early-leave grace (min)', 240)}
            {num('halfDayMinutes', 'Half day from (min worked)')}
            {num('fullDayMinutes', 'Full day from (min worked)')}
            <Stack gap={2}>
              <Text size="sm" fw={500}>
                Hours
              </Text>
              <SegmentedControl
                size="xs"
                data={[
                  { value: 'pairs', label: 'Every pair' },
                  { value: 'firstLast', label: 'First in – last out' },
                ]}
                {...form.getInputProps('hoursMode')}
              />
            </Stack>
            {num('windowBeforeMinutes', 'Punches count from (min before)', 720)}
            {num('windowAfterMinutes', '… until (min after the end)', 720)}
          </SimpleGrid>
          <Divider label="Overtime" labelPosition="left" />
          <Switch label="Eligible for overtime" {...form.getInputProps('otEligible', { type: 'checkbox' })} />
          {form.values.otEligible && (
            <SimpleGrid cols={3}>
              {num('otAfterMinutes', 'Starts after (min beyond the shift)', 720)}
              {num('otBlockMinutes', 'Rounded down to blocks of (min)', 240)}
              <NumberInput label="Cap per day (min)" placeholder="No cap" min={0} max={1440} allowDecimal={false} {...form.getInputProps('otMaxMinutes')} />
              <Switch label="Work before the start counts too" {...form.getInputProps('otBeforeStart', { type: 'checkbox' })} />
            </SimpleGrid>
          )}
          <Divider label="Flexible hours" labelPosition="left" />
          <Switch label="Flexible shift (core hours and required time)" {...form.getInputProps('flexibleOn', { type: 'checkbox' })} />
          {form.values.flexibleOn && (
            <SimpleGrid cols={3}>
              <TextInput label="Core hours from" type="time" {...form.getInputProps('coreStart')} />
              <TextInput label="Core hours to" type="time" {...form.getInputProps('coreEnd')} />
              {num('requiredMinutes', 'Required (min)')}
            </SimpleGrid>
          )}
          <Switch label="Default shift (for employees without one)" {...form.getInputProps('isDefault', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
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
  if (shifts.error) return <QueryError error={shifts.error} onRetry={() => void shifts.refetch()} />;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Changes apply to days reconciled from now on; use Recompute to apply them to past days.
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Add shift
        </Button>
      </Group>
      <Paper withBorder style={{ overflow: 'hidden' }}>
        {!shifts.data ? (
          <TableSkeleton rows={4} />
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table aria-label="Shifts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Shift</Table.Th>
                  <Table.Th>Hours</Table.Th>
                  <Table.Th>Break</Table.Th>
                  <Table.Th>Grace</Table.Th>
                  <Table.Th>Half / full day</Table.Th>
                  <Table.Th>Overtime</Table.Th>
                  <Table.Th>People</Table.Th>
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
                        {s.isDefault && <Badge size="xs">default</Badge>}
                        {s.flexible && <Badge size="xs" color="grape">flexible</Badge>}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {s.startTime}–{s.endTime}
                      {s.endTime < s.startTime ? ' (+1 day)' : ''}
                    </Table.Td>
                    <Table.Td>{s.breakMinutes} min</Table.Td>
                    <Table.Td>
                      {s.lateGraceMinutes} / {s.earlyGraceMinutes} min
                    </Table.Td>
                    <Table.Td>
                      {formatMinutes(s.halfDayMinutes)} / {formatMinutes(s.fullDayMinutes)}
                    </Table.Td>
                    <Table.Td>{s.overtime.eligible ? `after ${s.overtime.afterMinutes} min, blocks of ${s.overtime.blockMinutes}` : 'no'}</Table.Td>
                    <Table.Td>{s.assignedCount}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label="Edit">
                          <ActionIcon variant="subtle" aria-label={`Edit ${s.name}`} onClick={() => setEditing(s)}>
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Delete">
                          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${s.name}`} onClick={() => setDeleting(s)}>
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
        title="Delete shift"
        message={`Delete ${deleting?.name ?? ''}? A shift used by the roster or by reconciled days cannot be deleted.`}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null), onSuccess: () => notifySuccess('Shift deleted.') })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
