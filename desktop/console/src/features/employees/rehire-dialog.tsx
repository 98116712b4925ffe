import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EmployeeRehire, EXIT_REASON_MAX, type Employee } from '../../../../../shared/employees.ts';
import { useTx } from '../../i18n/language.tsx';
import { applyServerErrors, zodFormErrors } from '../../lib/form-errors.ts';
import { formatDate } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useRehireEmployee } from './employee-queries.ts';

interface RehireValues {
  joinedDate: string | null;
  reason: string;
}

/** Today, or the day after the exit when that is later: a rehire cannot start before the exit. */
function earliestRehireDate(exitDate: string | null): string {
  const today = dayjs().format('YYYY-MM-DD');
  if (!exitDate) return today;
  const dayAfterExit = dayjs(exitDate).add(1, 'day').format('YYYY-MM-DD');
  return dayAfterExit > today ? dayAfterExit : today;
}

function toRequest(v: RehireValues) {
  return { joinedDate: v.joinedDate ?? '', ...(v.reason.trim() ? { reason: v.reason } : {}) };
}

/** Brings an exited employee back with a new joining date. */
export function RehireDialog({ employee, opened, onClose }: { employee: Employee; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const rehire = useRehireEmployee(employee.id);
  const form = useForm<RehireValues>({
    initialValues: { joinedDate: earliestRehireDate(employee.exitDate), reason: '' },
    validate: (v) => zodFormErrors(EmployeeRehire, toRequest(v)),
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((v) => {
    rehire.mutate(EmployeeRehire.parse(toRequest(v)), {
      onSuccess: () => {
        notifySuccess(t('people.rehire.done', { name: employee.fullName }));
        close();
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setFieldError, ['joinedDate', 'reason'])) notifyError(error);
      },
    });
  });

  return (
    <Modal opened={opened} onClose={close} title={tx('people.rehire.title', { name: employee.fullName })} centered>
      <form onSubmit={submit}>
        <Stack>
          <Text size="sm" c="dimmed">
            {tx('people.rehire.intro', { name: employee.fullName, date: formatDate(employee.exitDate) })}
          </Text>
          <DateInput
            label={tx('people.rehire.joinedDate')}
            valueFormat="D MMM YYYY"
            withAsterisk
            minDate={employee.exitDate ? dayjs(employee.exitDate).add(1, 'day').format('YYYY-MM-DD') : undefined} {...form.getInputProps('joinedDate')} />
          <Textarea data-autofocus label={tx('people.rehire.note')} autosize minRows={2} maxLength={EXIT_REASON_MAX} {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {tx('people.rehire.cancel')}
            </Button>
            <Button type="submit" loading={rehire.isPending}>
              {tx('people.rehire.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
