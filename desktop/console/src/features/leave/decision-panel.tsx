import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconFileAlert, IconX } from '@tabler/icons-react';
import { LEAVE_NOTE_MAX, type LeaveRequest, noteLength } from '../../../../../shared/leave/index.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useCan, useSessionUser } from '../../session/session-context.tsx';
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

const DONE: Record<Decision, string> = {
  approve: 'Approved',
  reject: 'Rejected',
  withdraw: 'Withdrawn',
  cancel: 'Cancelled',
};

/** A note (with its 500-character counter) and the buttons the user may press. */
export function DecisionPanel({ request, onDone }: { request: LeaveRequest; onDone?: (r: LeaveRequest) => void }) {
  const actions = useActions(request);
  const decideMutation = useDecide();
  const [note, setNote] = useState('');
  const [pending, setPending] = useState<Decision | null>(null);
  const [confirming, setConfirming] = useState(false);
  if (!actions.decide && !actions.withdraw && !actions.cancel) return null;
  const length = noteLength(note);
  const over = length > LEAVE_NOTE_MAX;

  const run = (decision: Decision) => {
    setPending(decision);
    decideMutation.mutate(
      { id: request.id, decision, note: note.trim() || null },
      {
        onSuccess: (r) => {
          notifySuccess(`${DONE[decision]}: ${r.employeeName}, ${r.leaveTypeCode}`);
          setNote('');
          onDone?.(r);
        },
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <Stack gap="xs">
      <Textarea
        label={actions.cancel ? 'Reason for cancelling' : 'Note'}
        description={actions.decide ? 'Optional; the employee sees it.' : undefined}
        placeholder={actions.withdraw ? 'Why you withdraw it (optional)' : 'A word for the employee'}
        autosize
        minRows={2}
        maxRows={6}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        error={over ? `At most ${LEAVE_NOTE_MAX} characters` : undefined}
      />
      <Group justify="space-between">
        <Text size="xs" c={over ? 'red' : 'dimmed'} data-testid="note-counter">
          {length} / {LEAVE_NOTE_MAX}
        </Text>
        <Group gap="xs">
          {actions.decide && (
            <>
              <Button color="red" variant="light" leftSection={<IconX size={16} />} disabled={over} loading={pending === 'reject'} onClick={() => run('reject')}>
                Reject
              </Button>
              <Button
                color="teal"
                leftSection={<IconCheck size={16} />}
                disabled={over}
                loading={pending === 'approve'}
                // A required supporting document is not there: say so before approving (approving is still allowed).
                onClick={() => (request.documentMissing ? setConfirming(true) : run('approve'))}
              >
                Approve
              </Button>
            </>
          )}
          {actions.withdraw && (
            <Button variant="light" color="gray" disabled={over} loading={pending === 'withdraw'} onClick={() => run('withdraw')}>
              Withdraw request
            </Button>
          )}
          {actions.cancel && (
            <Button color="red" variant="light" disabled={over || note.trim() === ''} loading={pending === 'cancel'} onClick={() => run('cancel')}>
              Cancel approved leave
            </Button>
          )}
        </Group>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Approve without the supporting document?">
        <Stack gap="sm">
          <Alert color="orange" variant="light" icon={<IconFileAlert size={18} />} title="Document missing" data-testid="approve-document-warning">
            {request.employeeName}'s {request.leaveTypeName.toLowerCase()} of {request.workingDays} day{request.workingDays === 1 ? '' : 's'} needs a supporting document (a medical certificate), and none is
            attached. You can approve anyway; {request.employeeName} can still attach it afterwards.
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Back
            </Button>
            <Button
              color="teal"
              leftSection={<IconCheck size={16} />}
              onClick={() => {
                setConfirming(false);
                run('approve');
              }}
            >
              Approve anyway
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
