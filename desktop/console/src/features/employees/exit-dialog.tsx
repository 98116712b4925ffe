import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EmployeeExit, EXIT_REASON_MAX, type Employee } from '../../../../../shared/employees.ts';
import { useTx } from '../../i18n/language.tsx';
import { applyServerErrors, zodFormErrors } from '../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useExitEmployee } from './employee-queries.ts';

interface ExitValues {
  exitDate: string | null;
  reason: string;
}

/** Records an exit: the last working day and why. A future date puts the employee on notice. */
export function ExitDialog({ employee, opened, onClose }: { employee: Employee; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
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
        notifySuccess(t('people.exit.done', { name: employee.fullName }));
        close();
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setFieldError, ['exitDate', 'reason'])) notifyError(error);
      },
    });
  });

  return (
    <Modal opened={opened} onClose={close} title={tx('people.exit.title', { name: employee.fullName })} centered>
      <form onSubmit={submit}>
        <Stack>
          <Text size="sm" c="dimmed">
            {tx('people.exit.intro', { name: employee.fullName })}
          </Text>
          <DateInput label={tx('people.exit.exitDate')} valueFormat="D MMM YYYY" withAsterisk minDate={employee.joinedDate} {...form.getInputProps('exitDate')} />
          <Textarea data-autofocus label={tx('people.exit.reason')} withAsterisk autosize minRows={3} maxLength={EXIT_REASON_MAX} {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {tx('people.exit.cancel')}
            </Button>
            <Button type="submit" color="red" loading={exit.isPending}>
              {tx('people.exit.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
