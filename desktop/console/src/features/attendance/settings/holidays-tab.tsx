import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, Paper, Select, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { AttendanceHoliday } from '../../../../../../shared/attendance/index.ts';
import { QueryError } from '../../../components/query-error.tsx';
import { TableSkeleton } from '../../../components/table-skeleton.tsx';
import { useTx } from '../../../i18n/language.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useLocations } from '../../settings/org-queries.ts';
import { useDeleteHoliday, useHolidays, useSaveHoliday } from '../attendance-queries.ts';
import { todayLocal } from '../status.tsx';

function HolidayModal({ holiday, onClose }: { holiday: AttendanceHoliday | null; onClose: () => void }) {
  const locations = useLocations();
  const save = useSaveHoliday();
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const [date, setDate] = useState<string | null>(holiday?.date ?? null);
  const [name, setName] = useState(holiday?.name ?? '');
  const [locationId, setLocationId] = useState<string | null>(holiday?.locationId ?? null);
  const [optional, setOptional] = useState(holiday?.optional ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    if (!date || !name.trim()) {
      setErrors({ ...(date ? {} : { date: t('attendanceSettings.holidays.pickDay') }), ...(name.trim() ? {} : { name: t('attendanceSettings.holidays.giveName') }) });
      return;
    }
    save.mutate(
      { id: holiday?.id ?? null, input: { date, name: name.trim(), locationId, optional } },
      {
        onSuccess: () => {
          notifySuccess(date <= todayLocal() ? t('attendanceSettings.holidays.savedReconciled') : t('attendanceSettings.holidays.saved'));
          onClose();
        },
        onError: (e) => {
          if (e instanceof ApiError) setErrors(e.fieldErrors());
          notifyError(e, t('attendanceSettings.holidays.saveFailed'));
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={holiday ? tx('attendanceSettings.common.editName', { name: holiday.name }) : tx('attendanceSettings.holidays.addTitle')} centered>
      <Stack>
        <DateInput label={tx('attendanceSettings.holidays.day')} withAsterisk valueFormat="D MMM YYYY" value={date} onChange={setDate} error={errors.date} />
        <TextInput label={tx('attendanceSettings.holidays.name')} withAsterisk value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} />
        <Select
          label={tx('attendanceSettings.holidays.location')}
          placeholder={t('attendanceSettings.holidays.everyLocation')}
          clearable
          data={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
          value={locationId}
          onChange={setLocationId}
          error={errors.locationId}
        />
        <Switch label={tx('attendanceSettings.holidays.optional')} checked={optional} onChange={(e) => setOptional(e.currentTarget.checked)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tx('attendanceSettings.common.cancel')}
          </Button>
          <Button loading={save.isPending} onClick={submit}>
            {tx('attendanceSettings.common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Holidays per location and year, with optional holidays and their opt-ins. */
export function HolidaysTab() {
  const thisYear = Number(todayLocal().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const holidays = useHolidays(year);
  const remove = useDeleteHoliday();
  const [editing, setEditing] = useState<AttendanceHoliday | 'new' | null>(null);
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  if (holidays.error) return <QueryError error={holidays.error} onRetry={() => void holidays.refetch()} />;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Select aria-label={t('attendanceSettings.holidays.year')} w={120} allowDeselect={false} data={[thisYear - 1, thisYear, thisYear + 1].map(String)} value={String(year)} onChange={(v) => v && setYear(Number(v))} />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {tx('attendanceSettings.holidays.add')}
        </Button>
      </Group>
      <Paper withBorder style={{ overflow: 'hidden' }}>
        {!holidays.data ? (
          <TableSkeleton rows={6} />
        ) : holidays.data.length === 0 ? (
          <Text p="md" c="dimmed">
            {tx('attendanceSettings.holidays.none', { year: String(year) })}
          </Text>
        ) : (
          <Table aria-label={t('attendanceSettings.holidays.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{tx('attendanceSettings.holidays.day')}</Table.Th>
                <Table.Th>{tx('attendanceSettings.holidays.holiday')}</Table.Th>
                <Table.Th>{tx('attendanceSettings.holidays.location')}</Table.Th>
                <Table.Th>{tx('attendanceSettings.holidays.kind')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {holidays.data.map((h) => (
                <Table.Tr key={h.id}>
                  <Table.Td>{formatDate(h.date)}</Table.Td>
                  <Table.Td>{h.name}</Table.Td>
                  <Table.Td>{h.locationName ?? tx('attendanceSettings.holidays.everyLocation')}</Table.Td>
                  <Table.Td>
                    {h.optional ? (
                      <Badge color="grape" variant="light">
                        {tx('attendanceSettings.holidays.optionalBadge', { count: h.optInCount })}
                      </Badge>
                    ) : (
                      <Badge variant="light">{tx('attendanceSettings.holidays.holidayBadge')}</Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ActionIcon variant="subtle" aria-label={t('attendanceSettings.common.editName', { name: h.name })} onClick={() => setEditing(h)}>
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('attendanceSettings.common.deleteName', { name: h.name })}
                        onClick={() => remove.mutate(h.id, { onSuccess: () => notifySuccess(t('attendanceSettings.holidays.deleted', { name: h.name })) })}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {editing && <HolidayModal holiday={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
