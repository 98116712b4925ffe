import { useState } from 'react';
import { Alert, Badge, Button, Card, FileInput, Grid, Group, List, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconAlertTriangle, IconPaperclip, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LEAVE_REASON_MAX, type LeaveDuration, type LeaveQuote, type LeaveRequest, type LeaveType } from '../../../../../shared/leave/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { SUPPORTING_ACCEPT } from './leave-documents.tsx';
import { formatDays, leaveTypeLabel } from './leave-format.tsx';
import { useApplyLeave, useColleagues, useLeaveTypes, useQuote } from './leave-queries.ts';
import { TeamLoadStrip } from './team-load.tsx';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Accepts `2026-12-14` and `14 Dec 2026`. */
export function parseDay(text: string): string | null {
  const t = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return t;
  const m = /^(\d{1,2})\s+([A-Za-z]{3})[A-Za-z]*\.?,?\s+(\d{4})$/.exec(t);
  if (!m) return null;
  const month = MONTHS.indexOf((m[2] ?? '').toLowerCase());
  if (month < 0) return null;
  return `${m[3]}-${String(month + 1).padStart(2, '0')}-${String(Number(m[1])).padStart(2, '0')}`;
}

const DURATIONS: readonly LeaveDuration[] = ['FullDay', 'FirstHalf', 'SecondHalf'];

/** Apply for leave: the cost, the balance after and the team's load show before submitting. */
export function ApplyLeavePage() {
  const navigate = useNavigate();
  const { t } = useTranslation('employee');
  return (
    <>
      <PageHeader title={t('leave.apply')} description={t('leave.applyDescription')} />
      <ApplyLeaveForm onDone={() => void navigate('/leave/my')} onCancel={() => void navigate('/leave/my')} />
    </>
  );
}

interface ApplyLeaveFormProps {
  /** HR records leave for this employee (notice and backdate checks waived); the caller's own leave when absent. */
  employeeId?: string;
  employeeName?: string;
  onDone: (request: LeaveRequest) => void;
  onCancel?: () => void;
}

/** The apply form with its live quote; with `employeeId`, HR's form for recording someone else's leave. */
export function ApplyLeaveForm({ employeeId, employeeName, onDone, onCancel }: ApplyLeaveFormProps) {
  const forOther = Boolean(employeeId);
  const { t } = useTranslation('employee');
  const types = useLeaveTypes();
  const colleagues = useColleagues(employeeId);
  const apply = useApplyLeave();
  const [typeId, setTypeId] = useState<string | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [duration, setDuration] = useState<LeaveDuration>('FullDay');
  const [reason, setReason] = useState('');
  const [backupId, setBackupId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const type = types.data?.items.find((t) => t.id === typeId);
  const singleDay = Boolean(from && to && from === to);
  const effectiveDuration: LeaveDuration = singleDay && type?.halfDayAllowed ? duration : 'FullDay';
  const ready = typeId && from && to && to >= from;
  const quote = useQuote(ready ? { leaveTypeId: typeId, fromDate: from, toDate: to, duration: effectiveDuration, employeeId } : null);
  const needsDocument = Boolean(ready) && quote.data?.documentsRequired === true;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const missing: Record<string, string> = {};
    if (!typeId) missing.leaveTypeId = t('leave.form.missingType');
    if (!from) missing.fromDate = t('leave.form.missingFrom');
    if (!to) missing.toDate = t('leave.form.missingTo');
    if (reason.length > LEAVE_REASON_MAX) missing.reason = t('leave.form.tooLong', { max: LEAVE_REASON_MAX });
    setErrors(missing);
    if (Object.keys(missing).length || !typeId || !from || !to) return;
    apply.mutate(
      { input: { leaveTypeId: typeId, fromDate: from, toDate: to, duration: effectiveDuration, reason: reason.trim() || null, backupEmployeeId: backupId, employeeId }, file },
      {
        onSuccess: (r) => {
          const files = r.attachments.map((a) => a.originalName).join(', ');
          const values = { days: formatDays(r.workingDays), type: leaveTypeLabel(r.leaveTypeCode, r.leaveTypeName), employee: r.employeeName, approver: r.context.managerName ?? t('leave.hr'), files };
          if (forOther) notifySuccess(t(files ? 'leave.recordedWithFiles' : 'leave.recorded', values), t('leave.recordedTitle'));
          else notifySuccess(t(files ? 'leave.appliedWithFiles' : 'leave.applied', values), t('leave.appliedTitle'));
          onDone(r);
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            // A refused file (too large, not a PDF or image by its content) made no request: say so at the file.
            const fileProblem: Record<string, string> = error.status === 413 || error.status === 415 ? { file: error.problem.detail ?? error.problem.title } : {};
            setErrors({ ...error.fieldErrors(), ...fileProblem });
          }
          notifyError(error, t('leave.couldNotApply'));
        },
      },
    );
  };

  return (
    <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder padding="lg">
            <form onSubmit={submit} noValidate>
              <Stack>
                <Select
                  label={t('leave.form.type')}
                  placeholder={types.isLoading ? t('leave.form.loading') : t('leave.form.pickType')}
                  withAsterisk
                  data={(types.data?.items ?? []).map((lt: LeaveType) => ({ value: lt.id, label: leaveTypeLabel(lt.code, lt.name) }))}
                  value={typeId}
                  onChange={setTypeId}
                  error={errors.leaveTypeId}
                  allowDeselect={false}
                  data-autofocus
                />
                <SimpleGrid cols={2}>
                  <DateInput label={t('leave.form.from')} withAsterisk valueFormat="D MMM YYYY" dateParser={parseDay} value={from} onChange={(v) => { setFrom(v); if (v && (!to || to < v)) setTo(v); }} error={errors.fromDate} placeholder={t('leave.form.firstDay')} />
                  <DateInput label={t('leave.form.to')} withAsterisk valueFormat="D MMM YYYY" dateParser={parseDay} value={to} minDate={from ?? undefined} onChange={setTo} error={errors.toDate} placeholder={t('leave.form.lastDay')} />
                </SimpleGrid>
                {singleDay && type?.halfDayAllowed && (
                  <div>
                    <Text size="sm" fw={500} mb={4}>
                      {t('leave.form.duration')}
                    </Text>
                    <SegmentedControl
                      fullWidth
                      data={DURATIONS.map((d) => ({ value: d, label: t(`labels:leaveDuration.${d}`) }))}
                      value={duration}
                      onChange={(v) => setDuration(v as LeaveDuration)}
                      aria-label={t('leave.form.duration')}
                    />
                  </div>
                )}
                {errors.duration && (
                  <Text size="sm" c="red">
                    {errors.duration}
                  </Text>
                )}
                <Textarea label={t('leave.form.reason')} placeholder={t('leave.form.optional')} autosize minRows={2} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={errors.reason} description={`${reason.length} / ${LEAVE_REASON_MAX}`} />
                <Select
                  label={forOther ? t('leave.form.backupThem') : t('leave.form.backupYou')}
                  placeholder={t('leave.form.optional')}
                  clearable
                  searchable
                  data={(colleagues.data?.items ?? []).map((c) => ({ value: c.id, label: `${c.fullName} · ${c.code}` }))}
                  value={backupId}
                  onChange={setBackupId}
                  error={errors.backupEmployeeId}
                />
                {(needsDocument || file) && (
                  <FileInput
                    label={t('leave.form.document')}
                    description={needsDocument ? t('leave.form.documentNeeded', { type: type ? leaveTypeLabel(type.code, type.name) : '' }) : t('leave.form.documentAny')}
                    placeholder={t('leave.form.chooseFile')}
                    accept={SUPPORTING_ACCEPT}
                    clearable
                    leftSection={<IconPaperclip size={16} />}
                    value={file}
                    onChange={setFile}
                    error={errors.file}
                    data-testid="supporting-file"
                  />
                )}
                <Group justify="flex-end">
                  {onCancel && (
                    <Button variant="default" onClick={onCancel}>
                      {t('leave.form.cancel')}
                    </Button>
                  )}
                  <Button type="submit" leftSection={<IconSend size={16} />} loading={apply.isPending}>
                    {forOther ? t('leave.form.record') : t('leave.form.submit')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <QuotePanel quote={quote.data} loading={quote.isFetching && !quote.data} ready={Boolean(ready)} stale={quote.isPlaceholderData} whose={forOther ? (employeeName ? t('leave.quote.namedTeam', { name: employeeName }) : t('leave.quote.theirTeam')) : t('leave.quote.yourTeam')} />
        </Grid.Col>
      </Grid>
  );
}

function QuotePanel({ quote, loading, ready, stale, whose }: { quote: LeaveQuote | undefined; loading: boolean; ready: boolean; stale: boolean; whose: string }) {
  const { t } = useTranslation('employee');
  if (!ready) {
    return (
      <Card withBorder padding="lg">
        <Text c="dimmed" size="sm">
          {t('leave.quote.pick')}
        </Text>
      </Card>
    );
  }
  if (loading || !quote) return <Skeleton height={240} radius="md" />;
  return (
    <Card withBorder padding="lg" style={{ opacity: stale ? 0.6 : 1 }} data-testid="leave-quote">
      <Stack gap="md">
        <SimpleGrid cols={3}>
          <Figure label={t('leave.quote.workingDays')} value={quote.workingDays} testId="quote-working-days" />
          <Figure label={t('leave.quote.balanceNow')} value={quote.balance - quote.pending} />
          <Figure label={t('leave.quote.balanceAfter')} value={quote.balanceAfter} testId="quote-balance-after" color={quote.balanceAfter < 0 ? 'red' : undefined} />
        </SimpleGrid>
        <Group gap="xs">
          {quote.requiresHrApproval ? <Badge color="orange" variant="light">{t('leave.quote.managerThenHr')}</Badge> : <Badge variant="light">{t('leave.quote.manager')}</Badge>}
          {quote.documentsRequired && <Badge color="orange" variant="light">{t('leave.quote.documents')}</Badge>}
        </Group>
        {quote.problems.length > 0 && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('leave.quote.refused')} data-testid="quote-problems">
            <List size="sm">
              {quote.problems.map((p) => (
                <List.Item key={p.path + p.message}>{p.message}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <div>
          <Title order={6} mb={6}>
            {whose}
          </Title>
          <TeamLoadStrip context={quote.context} />
        </div>
      </Stack>
    </Card>
  );
}

function Figure({ label, value, testId, color }: { label: string; value: number; testId?: string; color?: string | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={26} fw={700} c={color} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}
