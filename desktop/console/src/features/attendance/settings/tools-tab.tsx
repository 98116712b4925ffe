import { useState } from 'react';
import { Badge, Button, Card, FileButton, Group, Progress, Select, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconFileUpload, IconRefresh } from '@tabler/icons-react';
import type { PunchImportResult } from '../../../../../../shared/attendance/index.ts';
import { EmployeePicker } from '../../../components/employee-picker.tsx';
import { api } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useQuery } from '@tanstack/react-query';
import type { TerminalList } from '../../../../../../shared/terminals.ts';
import { useImportPunches, useRecomputeJob, useStartRecompute } from '../attendance-queries.ts';
import { todayLocal } from '../status.tsx';

function Recompute() {
  const [from, setFrom] = useState<string | null>(`${todayLocal().slice(0, 7)}-01`);
  const [to, setTo] = useState<string | null>(todayLocal());
  const [employeeId, setEmployeeId] = useState<string | null>(null);
  const start = useStartRecompute();
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useRecomputeJob(jobId);
  const j = job.data;
  return (
    <Card withBorder padding="md">
      <Title order={5} mb="xs">
        Recompute a range
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Reconciles the days again from their punches with today&apos;s policy (frozen days are kept). Use it after changing a shift or a weekly off.
      </Text>
      <Group align="flex-end" wrap="wrap">
        <DateInput label="From" w={150} valueFormat="D MMM YYYY" value={from} onChange={setFrom} maxDate={todayLocal()} />
        <DateInput label="To" w={150} valueFormat="D MMM YYYY" value={to} onChange={setTo} maxDate={todayLocal()} />
        <EmployeePicker label="Employee" placeholder="Everyone" w={260} value={employeeId} onChange={setEmployeeId} />
        <Button
          leftSection={<IconRefresh size={16} />}
          loading={start.isPending || j?.status === 'running'}
          disabled={!from || !to}
          onClick={() =>
            from &&
            to &&
            start.mutate({ from, to, employeeId }, { onSuccess: (r) => setJobId(r.id), onError: (e) => notifyError(e, 'Could not start') })
          }
        >
          Recompute
        </Button>
      </Group>
      {j && (
        <Stack gap={4} mt="md" data-testid="recompute-progress">
          <Progress value={j.total ? (100 * j.done) / j.total : 100} animated={j.status === 'running'} />
          <Text size="sm">
            {j.status === 'running' ? 'Working' : j.status === 'done' ? 'Done' : `Failed: ${j.error ?? ''}`}: {j.done} of {j.total} employee-days
          </Text>
        </Stack>
      )}
    </Card>
  );
}

function Import() {
  const terminals = useQuery({ queryKey: ['terminals', 'list'], queryFn: () => api.get<TerminalList>('/api/terminals'), retry: false, meta: { silent: true } });
  const [content, setContent] = useState('');
  const [terminalId, setTerminalId] = useState<string | null>(null);
  const [result, setResult] = useState<PunchImportResult | null>(null);
  const run = useImportPunches();
  const go = (commit: boolean) =>
    run.mutate(
      { content, terminalId, commit },
      {
        onSuccess: (r) => {
          setResult(r);
          if (r.committed) notifySuccess(`${r.counts.ok + r.counts.unmatched} punches stored; their days were reconciled.`, 'Imported');
        },
        onError: (e) => notifyError(e, 'Could not read the file'),
      },
    );
  return (
    <Card withBorder padding="md">
      <Title order={5} mb="xs">
        Import punches from a USB export
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        One punch a line: the terminal user id (or employee code), the date and time, optionally the state and verify mode (ZK attlog.dat works as is).
        Preview first; only good rows are stored, duplicates are skipped.
      </Text>
      <Stack gap="sm">
        <Group align="flex-end">
          <Select
            label="From terminal"
            placeholder="No terminal (ids must be employees' biometric ids)"
            clearable
            w={320}
            data={(terminals.data?.items ?? []).map((t) => ({ value: t.id, label: t.name }))}
            value={terminalId}
            onChange={setTerminalId}
          />
          <FileButton onChange={(f) => void f?.text().then(setContent)} accept=".dat,.txt,.csv">
            {(props) => (
              <Button variant="default" leftSection={<IconFileUpload size={16} />} {...props}>
                Choose file
              </Button>
            )}
          </FileButton>
        </Group>
        <Textarea label="File content" autosize minRows={4} maxRows={10} ff="monospace" value={content} onChange={(e) => setContent(e.currentTarget.value)} />
        <Group>
          <Button variant="default" disabled={!content.trim()} loading={run.isPending} onClick={() => go(false)}>
            Preview
          </Button>
          <Button disabled={!result || result.committed || result.counts.ok + result.counts.unmatched === 0} loading={run.isPending} onClick={() => go(true)}>
            Import good rows
          </Button>
        </Group>
        {result && (
          <>
            <SimpleGrid cols={4}>
              <Badge color="teal" size="lg">ok {result.counts.ok}</Badge>
              <Badge color="gray" size="lg">duplicate {result.counts.duplicate}</Badge>
              <Badge color="orange" size="lg">unmatched {result.counts.unmatched}</Badge>
              <Badge color="red" size="lg">error {result.counts.error}</Badge>
            </SimpleGrid>
            <Table aria-label="Import rows" verticalSpacing={2}>
              <Table.Tbody>
                {result.rows.filter((r) => r.result !== 'ok').slice(0, 200).map((r) => (
                  <Table.Tr key={r.line}>
                    <Table.Td w={60}>{r.line}</Table.Td>
                    <Table.Td ff="monospace" style={{ fontSize: 12 }}>
                      {r.raw}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={r.result === 'error' ? 'red' : r.result === 'duplicate' ? 'gray' : 'orange'} variant="light">
                        {r.result}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{r.message}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Stack>
    </Card>
  );
}

/** Recompute a range with progress, and the CSV import with preview and a per-row report. */
export function ToolsTab() {
  return (
    <Stack gap="md">
      <Recompute />
      <Import />
    </Stack>
  );
}
