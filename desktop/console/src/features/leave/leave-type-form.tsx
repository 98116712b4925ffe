import { useState } from 'react';
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

const SANDWICH_LABEL: Record<string, string> = {
  none: 'No: only working days count',
  weekends: 'Weekly offs between leave days count',
  holidays: 'Holidays between leave days count',
  both: 'Weekly offs and holidays between leave days count',
  calendar: 'Every calendar day counts (maternity)',
};

const num = (v: string | number): number | null => (v === '' || v === null ? null : Number(v));

/** Add or edit a leave type: its rules and its accrual policy. */
export function LeaveTypeForm({ type, onClose }: { type: LeaveType | null; onClose: () => void }) {
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
        onSuccess: (t) => {
          notifySuccess(`${t.name} saved.`);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fieldErrors());
          notifyError(error, 'Could not save the leave type');
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={type ? `Edit ${type.name}` : 'Add leave type'} size="xl" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={3}>
            <TextInput label="Code" withAsterisk value={v.code} onChange={(e) => set('code', e.currentTarget.value)} error={errors.code} />
            <TextInput label="Name" withAsterisk value={v.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} />
            <Select label="Colour" data={[...COLOR_TONES]} value={v.colorTone ?? 'neutral'} onChange={(x) => set('colorTone', (x ?? 'neutral') as Values['colorTone'])} allowDeselect={false} />
          </SimpleGrid>
          <Group>
            <Checkbox label="Paid (unchecked: loss of pay)" checked={v.paid ?? true} onChange={(e) => set('paid', e.currentTarget.checked)} />
            <Checkbox label="Half days allowed" checked={v.halfDayAllowed ?? true} onChange={(e) => set('halfDayAllowed', e.currentTarget.checked)} />
            <Checkbox label="Balance may go negative" checked={v.allowNegative ?? false} onChange={(e) => set('allowNegative', e.currentTarget.checked)} />
            <Checkbox label="Active" checked={v.active ?? true} onChange={(e) => set('active', e.currentTarget.checked)} />
          </Group>
          <SimpleGrid cols={3}>
            <Select label="HR approval" data={HR_APPROVAL_RULES.map((r) => ({ value: r, label: r === 'aboveDays' ? 'Above N days' : r === 'always' ? 'Always' : 'Never' }))} value={v.hrApproval ?? 'never'} onChange={(x) => set('hrApproval', (x ?? 'never') as Values['hrApproval'])} allowDeselect={false} />
            <NumberInput label="HR approval above (days)" disabled={v.hrApproval !== 'aboveDays'} value={v.hrApprovalAboveDays ?? ''} onChange={(x) => set('hrApprovalAboveDays', num(x))} error={errors.hrApprovalAboveDays} min={0} />
            <Select label="Sandwich rule" data={SANDWICH_RULES.map((r) => ({ value: r, label: SANDWICH_LABEL[r] ?? r }))} value={v.sandwich ?? 'none'} onChange={(x) => set('sandwich', (x ?? 'none') as Values['sandwich'])} allowDeselect={false} />
            <NumberInput label="Notice (days)" value={v.noticeDays ?? 0} onChange={(x) => set('noticeDays', num(x) ?? 0)} min={0} allowDecimal={false} />
            <NumberInput label="May apply back (days)" value={v.backdateDays ?? 0} onChange={(x) => set('backdateDays', num(x) ?? 0)} min={0} allowDecimal={false} />
            <NumberInput label="Most days in a row" placeholder="No limit" value={v.maxConsecutiveDays ?? ''} onChange={(x) => set('maxConsecutiveDays', num(x))} min={0.5} step={0.5} />
            <NumberInput label="Documents above (days)" placeholder="Never" value={v.documentsAboveDays ?? ''} onChange={(x) => set('documentsAboveDays', num(x))} min={0} />
            <NumberInput label="Eligible after (days of service)" placeholder="From joining" value={v.minServiceDays ?? ''} onChange={(x) => set('minServiceDays', num(x))} min={0} allowDecimal={false} />
            <Select label="Only for" placeholder="Everyone" clearable data={['Female', 'Male']} value={v.eligibleGender ?? null} onChange={(x) => set('eligibleGender', x as Values['eligibleGender'])} />
          </SimpleGrid>
          <Divider label="Accrual policy" labelPosition="left" />
          <SimpleGrid cols={3}>
            <Select label="Credited" data={ACCRUAL_METHODS.map((a) => ({ value: a, label: a === 'annual' ? 'Annual grant' : a === 'monthly' ? 'Monthly accrual' : 'Only by HR (or no entitlement)' }))} value={v.policy.accrual} onChange={(x) => setPolicy('accrual', (x ?? 'none') as Values['policy']['accrual'])} allowDeselect={false} />
            <NumberInput label="Days per year" disabled={v.policy.accrual !== 'annual'} value={v.policy.annualDays ?? 0} onChange={(x) => setPolicy('annualDays', num(x) ?? 0)} min={0} step={0.5} error={errors['policy.annualDays']} />
            <NumberInput label="Days per month" disabled={v.policy.accrual !== 'monthly'} value={v.policy.monthlyDays ?? 0} onChange={(x) => setPolicy('monthlyDays', num(x) ?? 0)} min={0} step={0.25} error={errors['policy.monthlyDays']} />
            <NumberInput label="Carry-forward cap" placeholder="No cap" value={v.policy.carryForwardCap ?? ''} onChange={(x) => setPolicy('carryForwardCap', num(x))} min={0} step={0.5} />
            <NumberInput label="Credits expire after (days)" placeholder="Never" value={v.policy.creditExpiryDays ?? ''} onChange={(x) => setPolicy('creditExpiryDays', num(x))} min={1} allowDecimal={false} />
            <Stack gap={6} justify="flex-end">
              <Checkbox label="Pro-rate joiners" checked={v.policy.prorateJoiners ?? true} onChange={(e) => setPolicy('prorateJoiners', e.currentTarget.checked)} />
              <Checkbox label="Encash above the cap" checked={v.policy.encashable ?? false} onChange={(e) => setPolicy('encashable', e.currentTarget.checked)} />
            </Stack>
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Changes apply to new requests and to future credits; requests already made keep their cost and approval route.
          </Text>
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
