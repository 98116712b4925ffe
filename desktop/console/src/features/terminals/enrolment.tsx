import { useState } from 'react';
import { ActionIcon, Button, Card, Group, Modal, Radio, Stack, Table, Text } from '@mantine/core';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UnmatchedGroup } from '../../../../../shared/terminals.ts';
import { EmployeePicker } from '../../components/employee-picker.tsx';
import { useTx } from '../../i18n/language.tsx';
import { formatInstant } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { RawUsers } from './raw-users.tsx';
import { useCreateEnrolment, useDeleteEnrolment, useEnrolments, useUnmatched } from './terminal-queries.ts';

function MapDialog({ group, onClose }: { group: UnmatchedGroup; onClose: () => void }) {
  const { t: tr } = useTranslation('hr');
  const tx = useTx('hr');
  const create = useCreateEnrolment();
  const [employeeId, setEmployeeId] = useState<string | null>(null);
  const [scope, setScope] = useState<'terminal' | 'all'>(group.terminal ? 'terminal' : 'all');
  const submit = () =>
    employeeId &&
    create.mutate(
      { terminalId: scope === 'terminal' ? (group.terminal?.id ?? null) : null, terminalUserId: group.terminalUserId, employeeId },
      {
        onSuccess: (r) => {
          notifySuccess(tr('terminals.map.attached', { attached: r.attached, days: r.daysReconciled }), tr('terminals.map.mapped'));
          onClose();
        },
        onError: (e) => notifyError(e, tr('terminals.map.failed')),
      },
    );
  return (
    <Modal opened onClose={onClose} title={tx('terminals.map.title', { id: group.terminalUserId })} centered>
      <Stack>
        <Text size="sm">
          {tx('terminals.map.waiting', { count: group.count, where: group.terminal?.name ?? group.serial })}
        </Text>
        <EmployeePicker label={tr('terminals.map.employee')} withAsterisk value={employeeId} onChange={setEmployeeId} />
        <Radio.Group label={tx('terminals.map.validOn')} value={scope} onChange={(v) => setScope(v as 'terminal' | 'all')}>
          <Group mt={4}>
            <Radio value="terminal" label={tx('terminals.map.thisTerminal')} disabled={!group.terminal} />
            <Radio value="all" label={tx('terminals.map.everyTerminal')} />
          </Group>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tx('terminals.map.cancel')}
          </Button>
          <Button disabled={!employeeId} loading={create.isPending} onClick={submit}>
            {tx('terminals.map.toEmployee')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The enrolment tab: raw user ids, punches nobody is mapped to yet, and the mappings made. */
export function Enrolment() {
  const { t: tr } = useTranslation('hr');
  const tx = useTx('hr');
  const unmatched = useUnmatched();
  const enrolments = useEnrolments();
  const remove = useDeleteEnrolment();
  const [mapping, setMapping] = useState<UnmatchedGroup | null>(null);
  return (
    <Stack gap="md">
      <RawUsers />
      <Card withBorder padding="md">
        <Text fw={600} mb={4}>
          {tx('terminals.unmatched.heading')}
        </Text>
        <Text size="sm" c="dimmed" mb="sm">
          {tx('terminals.unmatched.intro')}
        </Text>
        {unmatched.data?.items.length ? (
          <Table aria-label={tr('terminals.unmatched.heading')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{tx('terminals.unmatched.terminal')}</Table.Th>
                <Table.Th>{tx('terminals.unmatched.userId')}</Table.Th>
                <Table.Th>{tx('terminals.unmatched.punches')}</Table.Th>
                <Table.Th>{tx('terminals.unmatched.span')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {unmatched.data.items.map((u) => (
                <Table.Tr key={`${u.serial}-${u.terminalUserId}`} data-testid="unmatched-row">
                  <Table.Td>{u.terminal?.name ?? u.serial}</Table.Td>
                  <Table.Td ff="monospace">{u.terminalUserId}</Table.Td>
                  <Table.Td>{u.count}</Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {formatInstant(u.firstAt)} – {formatInstant(u.lastAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" leftSection={<IconUserPlus size={14} />} onClick={() => setMapping(u)}>
                      {tx('terminals.map.toEmployee')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            {tx('terminals.unmatched.none')}
          </Text>
        )}
      </Card>
      <Card withBorder padding="md">
        <Text fw={600} mb={4}>
          {tx('terminals.mappings.heading')}
        </Text>
        <Text size="sm" c="dimmed" mb="sm">
          {tx('terminals.mappings.intro')}
        </Text>
        <Table aria-label={tr('terminals.mappings.heading')}>
          <Table.Tbody>
            {(enrolments.data?.items ?? []).map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td ff="monospace">{e.terminalUserId}</Table.Td>
                <Table.Td>{e.terminal?.name ?? tx('terminals.mappings.everyTerminal')}</Table.Td>
                <Table.Td>
                  {e.employee.fullName} ({e.employee.code})
                </Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed">
                    {e.createdByName}, {formatInstant(e.createdAt)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label={tr('terminals.mappings.remove', { id: e.terminalUserId })} onClick={() => remove.mutate(e.id)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      {mapping && <MapDialog group={mapping} onClose={() => setMapping(null)} />}
    </Stack>
  );
}
