import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Modal, NumberInput, Stack, Table, Text } from '@mantine/core';
import { IconHash, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RawUser } from '../../../../../shared/terminals.ts';
import { EmployeePicker } from '../../components/employee-picker.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useTx } from '../../i18n/language.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useMapRawUser, useRawUsers, useUnmapRawUser } from './terminal-queries.ts';

function MapRawDialog({ raw, mode, onClose }: { raw: RawUser; mode: 'number' | 'employee'; onClose: () => void }) {
  const { t: tr } = useTranslation('hr');
  const tx = useTx('hr');
  const map = useMapRawUser();
  const [employeeId, setEmployeeId] = useState<string | null>(null);
  const [number, setNumber] = useState<number | string>(/^0\d+$/.test(raw.rawUserId) ? Number(raw.rawUserId) : '');
  const [error, setError] = useState<string | null>(null);
  const ready = mode === 'employee' ? employeeId !== null : number !== '';
  const submit = () =>
    map.mutate(
      { terminalId: raw.terminal.id, rawUserId: raw.rawUserId, ...(mode === 'employee' ? { employeeId: employeeId as string } : { terminalUserId: Number(number) }) },
      {
        onSuccess: (r) => {
          notifySuccess(
            r.employee
              ? tr('terminals.raw.sentAsEmployee', { raw: r.rawUserId, number: r.terminalUserId, name: r.employee.fullName })
              : tr('terminals.raw.sentAs', { raw: r.rawUserId, number: r.terminalUserId }),
            tr('terminals.map.mapped'),
          );
          onClose();
        },
        onError: (e) => {
          setError(e instanceof Error ? e.message : String(e));
          notifyError(e, tr('terminals.map.failed'));
        },
      },
    );
  return (
    <Modal opened onClose={onClose} title={tx('terminals.raw.title', { raw: raw.rawUserId })} centered>
      <Stack>
        <Text size="sm">
          {tx(/^0\d+$/.test(raw.rawUserId) ? 'terminals.raw.storesZero' : 'terminals.raw.storesChars', { terminal: raw.terminal.name })}{' '}
          {raw.records ? tx('terminals.raw.recordsWaiting', { count: raw.records }) : ''}
        </Text>
        {mode === 'number' ? (
          <NumberInput
            label={tx('terminals.raw.number')}
            description={tx('terminals.raw.numberDescription')}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            withAsterisk
            value={number}
            onChange={setNumber}
            error={error ?? undefined}
          />
        ) : (
          <EmployeePicker label={tr('terminals.map.employee')} withAsterisk value={employeeId} onChange={setEmployeeId} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tx('terminals.map.cancel')}
          </Button>
          <Button disabled={!ready} loading={map.isPending} onClick={submit}>
            {mode === 'number' ? tx('terminals.map.toNumber') : tx('terminals.map.toEmployee')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** User ids a terminal stores as text or with a leading zero, and the number (or employee) each is sent as. */
export function RawUsers() {
  const { t: tr } = useTranslation('hr');
  const tx = useTx('hr');
  const raw = useRawUsers();
  const unmap = useUnmapRawUser();
  const [mapping, setMapping] = useState<{ raw: RawUser; mode: 'number' | 'employee' } | null>(null);
  const items = raw.data?.items ?? [];
  if (raw.error) return <QueryError error={raw.error} onRetry={() => void raw.refetch()} />;
  return (
    <Card withBorder padding="md">
      <Text fw={600} mb={4}>
        {tx('terminals.raw.heading')}
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        {tx('terminals.raw.intro')}
      </Text>
      {items.length ? (
        <Table aria-label={tr('terminals.raw.heading')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{tx('terminals.raw.terminal')}</Table.Th>
              <Table.Th>{tx('terminals.raw.idOnTerminal')}</Table.Th>
              <Table.Th>{tx('terminals.raw.recordsHeader')}</Table.Th>
              <Table.Th>{tx('terminals.raw.sentAsHeader')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((r) => (
              <Table.Tr key={r.id} data-testid="raw-user-row">
                <Table.Td>{r.terminal.name}</Table.Td>
                <Table.Td ff="monospace">{r.rawUserId}</Table.Td>
                <Table.Td>{r.records ? <Badge color="orange">{r.records}</Badge> : 0}</Table.Td>
                <Table.Td>
                  {r.terminalUserId === null ? (
                    <Text size="sm" c="dimmed">
                      {tx('terminals.raw.notMapped')}
                    </Text>
                  ) : (
                    <Text size="sm">
                      <Text span ff="monospace">
                        {r.terminalUserId}
                      </Text>
                      {r.employee ? ` · ${r.employee.fullName} (${r.employee.code})` : <> · {tx('terminals.raw.nobody')}</>}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    {r.terminalUserId === null ? (
                      <>
                        <Button size="xs" variant="light" leftSection={<IconHash size={14} />} onClick={() => setMapping({ raw: r, mode: 'number' })}>
                          {tx('terminals.map.toNumber')}
                        </Button>
                        <Button size="xs" leftSection={<IconUserPlus size={14} />} onClick={() => setMapping({ raw: r, mode: 'employee' })}>
                          {tx('terminals.map.toEmployee')}
                        </Button>
                      </>
                    ) : (
                      <ActionIcon variant="subtle" color="red" aria-label={tr('terminals.raw.removeMapping', { raw: r.rawUserId })} onClick={() => unmap.mutate(r.id)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          {tx('terminals.raw.none')}
        </Text>
      )}
      {mapping && <MapRawDialog raw={mapping.raw} mode={mapping.mode} onClose={() => setMapping(null)} />}
    </Card>
  );
}
