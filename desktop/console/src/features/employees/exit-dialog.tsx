import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { EmployeeExit, EXIT_REASON_MAX, type Employee } from '../../../../../shared/employees.ts';
import { applyServerErrors, zodFormErrors } from '../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useExitEmployee } from './employee-queries.ts';

interface ExitValues {
  exitDate: string | null;
  reason: string;
}

/** Records an exit: the last working day and why. A future date puts the employee on notice. */
export function ExitDialog({ employee, opened, onClose }: { employee: Employee; opened: boolean; onClose: () => void }) {
  const exit = useExitEmployee(employee.id);
  const form = useForm<ExitValues>({
    initialValues: { exitDate: dayjs().format('YYYY-MM-DD'), reason: '' },
    validate: (v) => zodFormErrors(EmployeeExit, { exitDate: v.exitDate ?? '', reason: v.reason }),
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((v) => {
    exit.mutate(EmployeeExit.parse({ exitDate: v.exitDate, reason: v.reason }), {
      onSuccess: () => {
        notifySuccess(`${employee.fullName}'s exit has been recorded.`);
        close();
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setFieldError, ['exitDate', 'reason'])) notifyError(error);
      },
    });
  });

  return (
    <Modal opened={opened} onClose={close} title={`Exit ${employee.fullName}`} centered>
      <form onSubmit={submit}>
        <Stack>
          <Text size="sm" c="dimmed">
            The exit date is the last working day. A date in the future keeps {employee.fullName} on notice until then.
          </Text>
          <DateInput label="Exit date" valueFormat="D MMM YYYY" withAsterisk minDate={employee.joinedDate} {...form.getInputProps('exitDate')} />
          <Textarea data-autofocus label="Reason" withAsterisk autosize minRows={3} maxLength={EXIT_REASON_MAX} {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={exit.isPending}>
              Record exit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
