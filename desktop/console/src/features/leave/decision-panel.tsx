import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconFileAlert, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LEAVE_NOTE_MAX, type LeaveRequest, noteLength } from '../../../../../shared/leave/index.ts';
import { RejectDialog } from '../../components/reject-dialog.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { withUndo } from '../../lib/undo.tsx';
import { useCan, useSessionUser } from '../../session/session-context.tsx';
import { formatSpan, leaveTypeLabel } from './leave-format.tsx';
import { type Decision, useDecide } from './leave-queries.ts';

/** What the signed-in user may do with a request (the server checks again). */
export function useActions(r: LeaveRequest) {
  const can = useCan();
  const user = useSessionUser();
  const own = r.employeeId === user.employeeId;
  const hr = can('leave:hr-approve');
  const decide =
    !own &&
    ((r.status === 'PendingManager' && (hr || can('leave:approve'))) || (r.status === 'ManagerApprovedPendingHR' && hr));
  const open = r.status === 'PendingManager' || r.status === 'ManagerApprovedPendingHR';
  return { decide, withdraw: own && open, cancel: hr && !own && r.status === 'Approved' };
}

/**
 * A note (with its 500-character counter) and the buttons the user may press.
 * Approve is one click with a few seconds to undo it; Reject opens a dialog that
 * asks for the note first.
 */
export function DecisionPanel({ request, onDone }: { request: LeaveRequest; onDone?: (r: LeaveRequest) => void }) {
  const { t } = useTranslation('manager');
  const actions = useActions(request);
  const decideMutation = useDecide();
  const [note, setNote] = useState('');
  const [pending, setPending] = useState<Decision | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (!actions.decide && !actions.withdraw && !actions.cancel) return null;
  const length = noteLength(note);
  const over = length > LEAVE_NOTE_MAX;
  const typeName = leaveTypeLabel(request.leaveTypeCode, request.leaveTypeName);
  const what = `${request.employeeName}, ${typeName} ${formatSpan(request.fromDate, request.toDate, request.duration)}`;

  const run = (decision: Decision, text: string | null = note.trim() || null) => {
    setPending(decision);
    decideMutation.mutate(
      { id: request.id, decision, note: text },
      {
        onSuccess: (r) => {
          if (decision !== 'approve') notifySuccess(t('decision.done', { decision, what }));
          setNote('');
          setRejecting(false);
          onDone?.(r);
        },
        onError: (e) => notifyError(e, t('decision.failed', { decision })),
        onSettled: () => setPending(null),
      },
    );
  };

  const approve = () => {
    const text = note.trim() || null;
    setPending('approve');
    withUndo({
      key: `leave-approve-${request.id}`,
      title: t('decision.approved'),
      message: what,
      commit: () => run('approve', text),
      onUndo: () => setPending(null),
    });
  };

  return (
    <Stack gap="xs">
      <Textarea
        label={actions.cancel ? t('decision.reasonCancel') : t('decision.note')}
        description={actions.decide ? t('decision.noteSeen') : undefined}
        placeholder={actions.withdraw ? t('decision.withdrawPlaceholder') : t('decision.notePlaceholder')}
        autosize
        minRows={2}
        maxRows={6}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        error={over ? t('decision.tooLong', { max: LEAVE_NOTE_MAX }) : undefined}
      />
      <Group justify="space-between">
        <Text size="xs" c={over ? 'red' : 'dimmed'} data-testid="note-counter">
          {length} / {LEAVE_NOTE_MAX}
        </Text>
        <Group gap="xs">
          {actions.decide && (
            <>
              <Button color="red" variant="light" leftSection={<IconX size={16} />} disabled={pending !== null} onClick={() => setRejecting(true)}>
                {t('decision.reject')}
              </Button>
              <Button
                color="teal"
                leftSection={<IconCheck size={16} />}
                disabled={over || (pending !== null && pending !== 'approve')}
                loading={pending === 'approve'}
                // A required supporting document is not there: say so before approving (approving is still allowed).
                onClick={() => (request.documentMissing ? setConfirming(true) : approve())}
              >
                {t('decision.approve')}
              </Button>
            </>
          )}
          {actions.withdraw && (
            <Button variant="light" color="gray" disabled={over} loading={pending === 'withdraw'} onClick={() => run('withdraw')}>
              {t('decision.withdraw')}
            </Button>
          )}
          {actions.cancel && (
            <Button color="red" variant="light" disabled={over || note.trim() === ''} loading={pending === 'cancel'} onClick={() => run('cancel')}>
              {t('decision.cancel')}
            </Button>
          )}
        </Group>
      </Group>
      <RejectDialog
        opened={rejecting}
        title={t('decision.rejectTitle', { name: request.employeeName, span: formatSpan(request.fromDate, request.toDate, request.duration) })}
        summary={request.reason ? t('decision.rejectSummaryReason', { type: typeName, count: request.workingDays, reason: request.reason }) : t('decision.rejectSummary', { type: typeName, count: request.workingDays })}
        readerName={request.employeeName.split(' ')[0] ?? request.employeeName}
        max={LEAVE_NOTE_MAX}
        initialNote={note}
        loading={pending === 'reject'}
        onConfirm={(text) => run('reject', text)}
        onClose={() => setRejecting(false)}
      />
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('decision.noDocumentTitle')}>
        <Stack gap="sm">
          <Alert color="orange" variant="light" icon={<IconFileAlert size={18} />} title={t('decision.documentMissing')} data-testid="approve-document-warning">
            {t('decision.documentMissingText', { name: request.employeeName, type: typeName, count: request.workingDays })}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('decision.back')}
            </Button>
            <Button
              color="teal"
              leftSection={<IconCheck size={16} />}
              onClick={() => {
                setConfirming(false);
                run('approve');
              }}
            >
              {t('decision.approveAnyway')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
