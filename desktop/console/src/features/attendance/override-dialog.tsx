import { Button, Group, Modal, NumberInput, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AttendanceDay, DayOverride, formatMinutes } from '../../../../../shared/attendance/index.ts';
import { applyServerErrors, zodFormErrors } from '../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useOverrideDay } from './attendance-queries.ts';
import { ATTENDANCE_STATUS_LABELS, formatDayShort } from '../../../../../shared/labels.ts';

interface Values {
  workedMinutes: number | string;
  otMinutes: number | string;
  frozen: boolean;
  reason: string;
}

/** The body of spec §4.2 from the form: only what changed, and the reason. */
function toBody(v: Values, day: AttendanceDay) {
  const body: { reason: string; workedMinutes?: number; otMinutes?: number; frozen?: boolean } = { reason: v.reason };
  if (v.workedMinutes !== '' && Number(v.workedMinutes) !== day.workedMinutes) body.workedMinutes = Number(v.workedMinutes);
  if (v.otMinutes !== '' && Number(v.otMinutes) !== day.otMinutes) body.otMinutes = Number(v.otMinutes);
  if (v.frozen !== day.frozen) body.frozen = v.frozen;
  return body;
}

/** HR override of a reconciled day: worked and overtime minutes, freeze, with a reason (audited; the employee is told). */
export function OverrideDialog({ employeeId, day, opened, onClose }: { employeeId: string; day: AttendanceDay; opened: boolean; onClose: () => void }) {
  const override = useOverrideDay(employeeId, day.date);
  const form = useForm<Values>({
    initialValues: { workedMinutes: day.workedMinutes, otMinutes: day.otMinutes, frozen: day.frozen, reason: '' },
    validate: (v) => zodFormErrors(DayOverride, toBody(v, day)),
  });

  const submit = form.onSubmit((v) => {
    override.mutate(toBody(v, day), {
      onSuccess: (saved) => {
        notifySuccess(`${formatDayShort(saved.date)}: ${ATTENDANCE_STATUS_LABELS[saved.status]}, ${formatMinutes(saved.workedMinutes)} worked${saved.frozen ? ', frozen' : ''}.`, 'Day overridden');
        form.reset();
        onClose();
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setFieldError, ['reason', 'workedMinutes', 'otMinutes', 'frozen'])) notifyError(error, 'Could not override the day');
      },
    });
  });

  return (
    <Modal opened={opened} onClose={onClose} title={`Override ${formatDayShort(day.date)}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Values you change replace what the engine computed and stay in force. A frozen day is never changed by reconciliation; unfreezing hands it
            back to the engine, which recomputes it from its punches.
          </Text>
          <Group grow>
            <NumberInput label="Worked minutes" min={0} max={1440} allowDecimal={false} description={`Now ${formatMinutes(day.workedMinutes)}`} {...form.getInputProps('workedMinutes')} />
            <NumberInput label="Overtime minutes" min={0} max={1440} allowDecimal={false} description={`Now ${formatMinutes(day.otMinutes)}`} {...form.getInputProps('otMinutes')} />
          </Group>
          <Switch label="Freeze this day" description="Reconciliation will leave it exactly as it is" {...form.getInputProps('frozen', { type: 'checkbox' })} />
          <Textarea label="Reason" withAsterisk autosize minRows={2} maxLength={500} data-autofocus {...form.getInputProps('reason')} />
          {form.errors[''] && (
            <Text size="sm" c="red">
              {form.errors['']}
            </Text>
          )}
          {form.errors._form && (
            <Text size="sm" c="red">
              {form.errors._form}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={override.isPending}>
              Save override
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
