import { Button, Group, Modal, NumberInput, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { type AttendanceDay, DayOverride } from '../../../../../shared/attendance/index.ts';
import { applyServerErrors, zodFormErrors } from '../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useTx } from '../../i18n/language.tsx';
import { useOverrideDay } from './attendance-queries.ts';
import { ATTENDANCE_STATUS_LABELS, formatDayShort } from '../../../../../shared/labels.ts';
import { formatDuration } from '../../lib/format.ts';

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
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const override = useOverrideDay(employeeId, day.date);
  const form = useForm<Values>({
    initialValues: { workedMinutes: day.workedMinutes, otMinutes: day.otMinutes, frozen: day.frozen, reason: '' },
    validate: (v) => zodFormErrors(DayOverride, toBody(v, day)),
  });

  const submit = form.onSubmit((v) => {
    override.mutate(toBody(v, day), {
      onSuccess: (saved) => {
        notifySuccess(
          t(saved.frozen ? 'attendance.override.savedDetailFrozen' : 'attendance.override.savedDetail', { day: formatDayShort(saved.date), status: ATTENDANCE_STATUS_LABELS[saved.status], worked: formatDuration(saved.workedMinutes) }),
          t('attendance.override.saved'),
        );
        form.reset();
        onClose();
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setFieldError, ['reason', 'workedMinutes', 'otMinutes', 'frozen'])) notifyError(error, t('attendance.override.failed'));
      },
    });
  });

  return (
    <Modal opened={opened} onClose={onClose} title={tx('attendance.override.title', { day: formatDayShort(day.date) })} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {tx('attendance.override.intro')}
          </Text>
          <Group grow>
            <NumberInput label={tx('attendance.override.worked')} min={0} max={1440} allowDecimal={false} description={tx('attendance.override.now', { value: formatDuration(day.workedMinutes) })} {...form.getInputProps('workedMinutes')} />
            <NumberInput label={tx('attendance.override.overtime')} min={0} max={1440} allowDecimal={false} description={tx('attendance.override.now', { value: formatDuration(day.otMinutes) })} {...form.getInputProps('otMinutes')} />
          </Group>
          <Switch label={tx('attendance.override.freeze')} description={tx('attendance.override.freezeHint')} {...form.getInputProps('frozen', { type: 'checkbox' })} />
          <Textarea label={tx('attendance.override.reason')} withAsterisk autosize minRows={2} maxLength={500} data-autofocus {...form.getInputProps('reason')} />
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
              {tx('attendance.override.cancel')}
            </Button>
            <Button type="submit" loading={override.isPending}>
              {tx('attendance.override.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
