import { useMemo, useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  type DayDetail,
  type Direction,
  type RegularizationKind,
  REGULARIZATION_KINDS,
  REGULARIZATION_REASON_MAX,
} from '../../../../../shared/attendance/index.ts';
import { ApiError } from '../../lib/api.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useSessionUser } from '../../session/session-context.tsx';
import { useEmployeeDay, useRegularizationPreview, useRequestRegularization } from './attendance-queries.ts';
import { DayEffect } from './day-effect.tsx';
import { clockOf, todayLocal } from './status.tsx';

interface Row {
  time: string;
  direction: Direction;
}

function defaultsFor(kind: RegularizationKind): Row[] {
  if (kind === 'MissingPunchIn') return [{ time: '09:30', direction: 'in' }];
  if (kind === 'MissingPunchOut') return [{ time: '18:30', direction: 'out' }];
  if (kind === 'ManualEntry') return [
    { time: '09:30', direction: 'in' },
    { time: '18:30', direction: 'out' },
  ];
  return [];
}

/** The request an employee sends to fix a day: kind, the punches it proposes, a reason. */
export function RegularizationForm({ date: initialDate, detail, opened, onClose }: { date?: string; detail?: DayDetail; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('employee');
  const me = useSessionUser();
  const [date, setDate] = useState<string | null>(initialDate ?? null);
  const day = useEmployeeDay(detail ? null : me.employeeId, detail ? null : date);
  const context = detail ?? day.data;
  const flagged = (context?.punches ?? []).filter((p) => p.flags.length > 0 && p.role !== 'superseded');
  const initialKind: RegularizationKind = flagged.length ? (flagged[0]?.flags[0] === 'WrongLocation' ? 'WrongLocation' : 'OffZone') : context?.day?.reasons.some((r) => r.text.includes('has no in')) ? 'MissingPunchIn' : 'MissingPunchOut';
  const [kind, setKind] = useState<RegularizationKind>(initialKind);
  const [rows, setRows] = useState<Row[]>(defaultsFor(initialKind));
  const [supersedes, setSupersedes] = useState<string[]>(flagged.map((p) => p.id));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const request = useRequestRegularization();
  const flaggedKind = kind === 'OffZone' || kind === 'WrongLocation';
  // The effect on the day, worked out by the server as approval would, once the times are complete.
  const proposal = useMemo(
    () =>
      date && rows.every((r) => /^\d\d:\d\d$/.test(r.time))
        ? { date, kind, punches: flaggedKind ? [] : rows, supersedes: flaggedKind ? supersedes : [] }
        : null,
    [date, kind, rows, supersedes, flaggedKind],
  );
  const [debouncedProposal] = useDebouncedValue(proposal, 350);
  const effect = useRegularizationPreview(opened ? debouncedProposal : null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!date) local.date = t('regularization.pickDay');
    if (!reason.trim()) local.reason = t('regularization.sayWhy');
    setErrors(local);
    if (Object.keys(local).length || !date) return;
    request.mutate(
      { date, kind, reason: reason.trim(), punches: flaggedKind ? [] : rows, supersedes: flaggedKind ? supersedes : [] },
      {
        onSuccess: () => {
          notifySuccess(t('regularization.sent'), t('regularization.sentTitle'));
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fieldErrors());
          notifyError(error, t('regularization.couldNotSend'));
        },
      },
    );
  };

  const setRow = (i: number, patch: Partial<Row>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  return (
    <Modal opened={opened} onClose={onClose} title={t('regularization.title')} centered size="lg">
      <form onSubmit={submit} noValidate aria-label={t('regularization.formLabel')}>
        <Stack>
          <DateInput
            label={t('regularization.day')}
            withAsterisk
            valueFormat="D MMM YYYY"
            maxDate={todayLocal()}
            value={date}
            onChange={(v) => setDate(v)}
            readOnly={Boolean(detail)}
            error={errors.date}
          />
          <Select
            label={t('regularization.kind')}
            allowDeselect={false}
            data={REGULARIZATION_KINDS.map((k) => ({ value: k, label: t(`labels:regularizationKind.${k}`) }))}
            value={kind}
            onChange={(v) => {
              const k = (v ?? 'MissingPunchOut') as RegularizationKind;
              setKind(k);
              setRows(defaultsFor(k));
            }}
            error={errors.kind}
          />
          {flaggedKind ? (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('regularization.flagged')}
              </Text>
              {flagged.length === 0 && <Text size="sm" c="dimmed">{t('regularization.noFlagged')}</Text>}
              {flagged.map((p) => (
                <Checkbox
                  key={p.id}
                  label={`${clockOf(p.at)} ${p.direction ? t(`labels:direction.${p.direction}`) : ''} · ${p.flags.map((f) => t(`labels:punchFlag.${f}`, { defaultValue: f })).join(', ')}`}
                  checked={supersedes.includes(p.id)}
                  onChange={(e) => setSupersedes(e.currentTarget.checked ? [...supersedes, p.id] : supersedes.filter((x) => x !== p.id))}
                />
              ))}
              {errors.supersedes && (
                <Text size="xs" c="red">
                  {errors.supersedes}
                </Text>
              )}
            </Stack>
          ) : (
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {t('regularization.punchesToAdd')}
              </Text>
              {rows.map((r, i) => (
                <Group key={i} gap="xs" align="flex-start">
                  <TextInput
                    aria-label={t('regularization.punchTime', { n: i + 1 })}
                    type="time"
                    w={130}
                    value={r.time}
                    onChange={(e) => setRow(i, { time: e.currentTarget.value })}
                    error={errors[`punches.${i}.time`]}
                  />
                  <SegmentedControl
                    aria-label={t('regularization.punchDirection', { n: i + 1 })}
                    data={[
                      { value: 'in', label: t('labels:direction.in') },
                      { value: 'out', label: t('labels:direction.out') },
                    ]}
                    value={r.direction}
                    onChange={(v) => setRow(i, { direction: v as Direction })}
                  />
                  {kind === 'ManualEntry' && rows.length > 1 && (
                    <ActionIcon variant="subtle" color="red" aria-label={t('regularization.removePunch')} onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Group>
              ))}
              {kind === 'ManualEntry' && rows.length < 8 && (
                <Button variant="subtle" size="xs" w="fit-content" leftSection={<IconPlus size={14} />} onClick={() => setRows([...rows, { time: '13:00', direction: 'out' }])}>
                  {t('regularization.addPunch')}
                </Button>
              )}
              {errors.punches && (
                <Text size="xs" c="red">
                  {errors.punches}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {t('regularization.localTimes')}
              </Text>
            </Stack>
          )}
          {debouncedProposal && <DayEffect preview={effect.data} loading={effect.isFetching} error={effect.error} />}
          <Textarea
            label={t('regularization.reason')}
            withAsterisk
            autosize
            minRows={2}
            maxLength={REGULARIZATION_REASON_MAX}
            description={`${reason.length}/${REGULARIZATION_REASON_MAX}`}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.reason}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={request.isPending}>
              {t('regularization.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
