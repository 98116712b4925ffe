import { useState } from 'react';
import { Badge, Button, Card, FileButton, Group, Progress, Select, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconFileUpload, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PunchImportResult } from '../../../../../../shared/attendance/index.ts';
import { EmployeePicker } from '../../../components/employee-picker.tsx';
import { useTx } from '../../../i18n/language.tsx';
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
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  return (
    <Card withBorder padding="md">
      <Title order={5} mb="xs">
        {tx('attendanceSettings.tools.recomputeTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {tx('attendanceSettings.tools.recomputeIntro')}
      </Text>
      <Group align="flex-end" wrap="wrap">
        <DateInput label={tx('attendanceSettings.tools.from')} w={150} valueFormat="D MMM YYYY" value={from} onChange={setFrom} maxDate={todayLocal()} />
        <DateInput label={tx('attendanceSettings.tools.to')} w={150} valueFormat="D MMM YYYY" value={to} onChange={setTo} maxDate={todayLocal()} />
        <EmployeePicker label={tx('attendanceSettings.tools.employee')} placeholder={t('attendanceSettings.tools.everyone')} w={260} value={employeeId} onChange={setEmployeeId} />
        <Button
          leftSection={<IconRefresh size={16} />}
          loading={start.isPending || j?.status === 'running'}
          disabled={!from || !to}
          onClick={() =>
            from &&
            to &&
            start.mutate({ from, to, employeeId }, { onSuccess: (r) => setJobId(r.id), onError: (e) => notifyError(e, t('attendanceSettings.tools.couldNotStart')) })
          }
        >
          {tx('attendanceSettings.tools.recompute')}
        </Button>
      </Group>
      {j && (
        <Stack gap={4} mt="md" data-testid="recompute-progress">
          <Progress value={j.total ? (100 * j.done) / j.total : 100} animated={j.status === 'running'} />
          <Text size="sm">
            {tx('attendanceSettings.tools.progress', { state: j.status, error: j.error ?? '', done: j.done, total: j.total })}
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
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const go = (commit: boolean) =>
    run.mutate(
      { content, terminalId, commit },
      {
        onSuccess: (r) => {
          setResult(r);
          if (r.committed) notifySuccess(t('attendanceSettings.tools.stored', { count: r.counts.ok + r.counts.unmatched }), t('attendanceSettings.tools.imported'));
        },
        onError: (e) => notifyError(e, t('attendanceSettings.tools.readFailed')),
      },
    );
  return (
    <Card withBorder padding="md">
      <Title order={5} mb="xs">
        {tx('attendanceSettings.tools.importTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {tx('attendanceSettings.tools.importIntro')}
      </Text>
      <Stack gap="sm">
        <Group align="flex-end">
          <Select
            label={tx('attendanceSettings.tools.fromTerminal')}
            placeholder={t('attendanceSettings.tools.noTerminal')}
            clearable
            w={320}
            data={(terminals.data?.items ?? []).map((t) => ({ value: t.id, label: t.name }))}
            value={terminalId}
            onChange={setTerminalId}
          />
          <FileButton onChange={(f) => void f?.text().then(setContent)} accept=".dat,.txt,.csv">
            {(props) => (
              <Button variant="default" leftSection={<IconFileUpload size={16} />} {...props}>
                {tx('attendanceSettings.tools.chooseFile')}
              </Button>
            )}
          </FileButton>
        </Group>
        <Textarea label={tx('attendanceSettings.tools.fileContent')} autosize minRows={4} maxRows={10} ff="monospace" value={content} onChange={(e) => setContent(e.currentTarget.value)} />
        <Group>
          <Button variant="default" disabled={!content.trim()} loading={run.isPending} onClick={() => go(false)}>
            {tx('attendanceSettings.tools.preview')}
          </Button>
          <Button disabled={!result || result.committed || result.counts.ok + result.counts.unmatched === 0} loading={run.isPending} onClick={() => go(true)}>
            {tx('attendanceSettings.tools.importGood')}
          </Button>
        </Group>
        {result && (
          <>
            <SimpleGrid cols={4}>
              <Badge color="teal" size="lg">
                {tx('attendanceSettings.tools.count', { result: 'ok', count: result.counts.ok })}
              </Badge>
              <Badge color="gray" size="lg">
                {tx('attendanceSettings.tools.count', { result: 'duplicate', count: result.counts.duplicate })}
              </Badge>
              <Badge color="orange" size="lg">
                {tx('attendanceSettings.tools.count', { result: 'unmatched', count: result.counts.unmatched })}
              </Badge>
              <Badge color="red" size="lg">
                {tx('attendanceSettings.tools.count', { result: 'error', count: result.counts.error })}
              </Badge>
            </SimpleGrid>
            <Table aria-label={t('attendanceSettings.tools.rowsTable')} verticalSpacing={2}>
              <Table.Tbody>
                {result.rows.filter((r) => r.result !== 'ok').slice(0, 200).map((r) => (
                  <Table.Tr key={r.line}>
                    <Table.Td w={60}>{r.line}</Table.Td>
                    <Table.Td ff="monospace" style={{ fontSize: 12 }}>
                      {r.raw}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={r.result === 'error' ? 'red' : r.result === 'duplicate' ? 'gray' : 'orange'} variant="light">
                        {tx('attendanceSettings.tools.result', { result: r.result })}
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
