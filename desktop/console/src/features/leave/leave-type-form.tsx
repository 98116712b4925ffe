import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Divider, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  ACCRUAL_METHODS,
  COLOR_TONES,
  HR_APPROVAL_RULES,
  LeaveTypeCreate,
  SANDWICH_RULES,
  type LeaveType,
  type LeaveTypeCreateInput,
} from '../../../../../shared/leave/index.ts';
import { useTx } from '../../i18n/language.tsx';
import { ApiError } from '../../lib/api.ts';
import { zodFormErrors } from '../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useSaveLeaveType } from './leave-queries.ts';

type Values = Omit<LeaveTypeCreateInput, 'policy'> & { policy: NonNullable<LeaveTypeCreateInput['policy']> };

const EMPTY: Values = {
  code: '',
  name: '',
  colorTone: 'neutral',
  paid: true,
  halfDayAllowed: true,
  hrApproval: 'never',
  hrApprovalAboveDays: null,
  noticeDays: 0,
  backdateDays: 0,
  maxConsecutiveDays: null,
  documentsAboveDays: null,
  minServiceDays: null,
  eligibleGender: null,
  sandwich: 'none',
  allowNegative: false,
  active: true,
  policy: { accrual: 'annual', annualDays: 0, monthlyDays: 0, prorateJoiners: true, carryForwardCap: 0, encashable: false, creditExpiryDays: null },
};

function valuesOf(t: LeaveType): Values {
  const { id: _id, policy, ...rest } = t;
  return { ...rest, policy: { ...policy } };
}

const num = (v: string | number): number | null => (v === '' || v === null ? null : Number(v));

/** Add or edit a leave type: its rules and its accrual policy. */
export function LeaveTypeForm({ type, onClose }: { type: LeaveType | null; onClose: () => void }) {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const [v, setV] = useState<Values>(type ? valuesOf(type) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveLeaveType();
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setV((prev) => ({ ...prev, [key]: value }));
  const setPolicy = <K extends keyof Values['policy']>(key: K, value: Values['policy'][K]) => setV((prev) => ({ ...prev, policy: { ...prev.policy, [key]: value } }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = zodFormErrors(LeaveTypeCreate, v);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(
      { id: type?.id ?? null, input: v },
      {
        onSuccess: (saved) => {
          notifySuccess(t('leaveSettings.form.saved', { name: saved.name }));
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fieldErrors());
          notifyError(error, t('leaveSettings.form.failed'));
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={type ? tx('leaveSettings.form.titleEdit', { name: type.name }) : tx('leaveSettings.form.titleAdd')} size="xl" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={3}>
            <TextInput label={tx('leaveSettings.form.code')} withAsterisk value={v.code} onChange={(e) => set('code', e.currentTarget.value)} error={errors.code} />
            <TextInput label={tx('leaveSettings.form.name')} withAsterisk value={v.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} />
            <Select label={tx('leaveSettings.form.colour')} data={COLOR_TONES.map((tone) => ({ value: tone, label: t('leaveSettings.form.tone', { tone }) }))} value={v.colorTone ?? 'neutral'} onChange={(x) => set('colorTone', (x ?? 'neutral') as Values['colorTone'])} allowDeselect={false} />
          </SimpleGrid>
          <Group>
            <Checkbox label={tx('leaveSettings.form.paid')} checked={v.paid ?? true} onChange={(e) => set('paid', e.currentTarget.checked)} />
            <Checkbox label={tx('leaveSettings.form.halfDays')} checked={v.halfDayAllowed ?? true} onChange={(e) => set('halfDayAllowed', e.currentTarget.checked)} />
            <Checkbox label={tx('leaveSettings.form.negative')} checked={v.allowNegative ?? false} onChange={(e) => set('allowNegative', e.currentTarget.checked)} />
            <Checkbox label={tx('leaveSettings.form.active')} checked={v.active ?? true} onChange={(e) => set('active', e.currentTarget.checked)} />
          </Group>
          <SimpleGrid cols={3}>
            <Select label={tx('leaveSettings.form.hrApproval')} data={HR_APPROVAL_RULES.map((r) => ({ value: r, label: t('leaveSettings.form.hrApprovalRule', { rule: r }) }))} value={v.hrApproval ?? 'never'} onChange={(x) => set('hrApproval', (x ?? 'never') as Values['hrApproval'])} allowDeselect={false} />
            <NumberInput label={tx('leaveSettings.form.hrApprovalAbove')} disabled={v.hrApproval !== 'aboveDays'} value={v.hrApprovalAboveDays ?? ''} onChange={(x) => set('hrApprovalAboveDays', num(x))} error={errors.hrApprovalAboveDays} min={0} />
            <Select label={tx('leaveSettings.form.sandwich')} data={SANDWICH_RULES.map((r) => ({ value: r, label: t('leaveSettings.form.sandwichRule', { rule: r }) }))} value={v.sandwich ?? 'none'} onChange={(x) => set('sandwich', (x ?? 'none') as Values['sandwich'])} allowDeselect={false} />
            <NumberInput label={tx('leaveSettings.form.notice')} value={v.noticeDays ?? 0} onChange={(x) => set('noticeDays', num(x) ?? 0)} min={0} allowDecimal={false} />
            <NumberInput label={tx('leaveSettings.form.backdate')} value={v.backdateDays ?? 0} onChange={(x) => set('backdateDays', num(x) ?? 0)} min={0} allowDecimal={false} />
            <NumberInput label={tx('leaveSettings.form.maxInRow')} placeholder={t('leaveSettings.form.noLimit')} value={v.maxConsecutiveDays ?? ''} onChange={(x) => set('maxConsecutiveDays', num(x))} min={0.5} step={0.5} />
            <NumberInput label={tx('leaveSettings.form.documentsAbove')} placeholder={t('leaveSettings.form.never')} value={v.documentsAboveDays ?? ''} onChange={(x) => set('documentsAboveDays', num(x))} min={0} />
            <NumberInput label={tx('leaveSettings.form.minService')} placeholder={t('leaveSettings.form.fromJoining')} value={v.minServiceDays ?? ''} onChange={(x) => set('minServiceDays', num(x))} min={0} allowDecimal={false} />
            <Select label={tx('leaveSettings.form.onlyFor')} placeholder={t('leaveSettings.form.everyone')} clearable data={(['Female', 'Male'] as const).map((g) => ({ value: g, label: t(`labels:gender.${g}`) }))} value={v.eligibleGender ?? null} onChange={(x) => set('eligibleGender', x as Values['eligibleGender'])} />
          </SimpleGrid>
          <Divider label={tx('leaveSettings.form.accrualPolicy')} labelPosition="left" />
          <SimpleGrid cols={3}>
            <Select label={tx('leaveSettings.form.credited')} data={ACCRUAL_METHODS.map((a) => ({ value: a, label: t('leaveSettings.form.accrual', { method: a }) }))} value={v.policy.accrual} onChange={(x) => setPolicy('accrual', (x ?? 'none') as Values['policy']['accrual'])} allowDeselect={false} />
            <NumberInput label={tx('leaveSettings.form.perYear')} disabled={v.policy.accrual !== 'annual'} value={v.policy.annualDays ?? 0} onChange={(x) => setPolicy('annualDays', num(x) ?? 0)} min={0} step={0.5} error={errors['policy.annualDays']} />
            <NumberInput label={tx('leaveSettings.form.perMonth')} disabled={v.policy.accrual !== 'monthly'} value={v.policy.monthlyDays ?? 0} onChange={(x) => setPolicy('monthlyDays', num(x) ?? 0)} min={0} step={0.25} error={errors['policy.monthlyDays']} />
            <NumberInput label={tx('leaveSettings.form.cap')} placeholder={t('leaveSettings.form.noCap')} value={v.policy.carryForwardCap ?? ''} onChange={(x) => setPolicy('carryForwardCap', num(x))} min={0} step={0.5} />
            <NumberInput label={tx('leaveSettings.form.expiry')} placeholder={t('leaveSettings.form.never')} value={v.policy.creditExpiryDays ?? ''} onChange={(x) => setPolicy('creditExpiryDays', num(x))} min={1} allowDecimal={false} />
            <Stack gap={6} justify="flex-end">
              <Checkbox label={tx('leaveSettings.form.prorate')} checked={v.policy.prorateJoiners ?? true} onChange={(e) => setPolicy('prorateJoiners', e.currentTarget.checked)} />
              <Checkbox label={tx('leaveSettings.form.encash')} checked={v.policy.encashable ?? false} onChange={(e) => setPolicy('encashable', e.currentTarget.checked)} />
            </Stack>
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {tx('leaveSettings.form.note')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {tx('leaveSettings.form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {tx('leaveSettings.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
