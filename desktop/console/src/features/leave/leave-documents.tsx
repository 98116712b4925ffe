import { Alert, Anchor, Badge, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileAlert, IconFileCheck, IconPaperclip, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LeaveRequest } from '../../../../../shared/leave/index.ts';
import { ApiError } from '../../lib/api.ts';
import { formatInstant } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useCan, useSessionUser } from '../../session/session-context.tsx';
import { DocumentStatusBadge, formatSize } from '../documents/labels.tsx';
import { leaveTypeLabel } from './leave-format.tsx';
import { useAttachLeaveDocument } from './leave-queries.ts';

/** What a supporting file may be (the server decides by the bytes and says so when it refuses one). */
export const SUPPORTING_ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp';

/** "Document missing": the type needs a supporting file at this length and none is attached yet. */
export function DocumentMissingBadge({ request, size = 'xs' }: { request: Pick<LeaveRequest, 'documentMissing'>; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('employee');
  if (!request.documentMissing) return null;
  return (
    <Badge size={size} color="orange" variant="light" radius="sm" leftSection={<IconFileAlert size={12} />} data-testid="document-missing" style={{ flexShrink: 0 }}>
      {t('leave.documents.missing')}
    </Badge>
  );
}

/** How many files are attached, as a paperclip (lists). */
export function AttachmentCount({ request }: { request: Pick<LeaveRequest, 'attachments'> }) {
  const { t } = useTranslation('employee');
  if (request.attachments.length === 0) return null;
  const n = request.attachments.length;
  return (
    <Badge size="xs" color="gray" variant="outline" radius="sm" leftSection={<IconPaperclip size={12} />} data-testid="attachment-count" style={{ flexShrink: 0 }}>
      {t('leave.documents.files', { count: n })}
    </Badge>
  );
}

/** Whether the signed-in user may attach a file to this request (the server checks again): the employee or HR, while pending or approved. */
export function useMayAttach(r: LeaveRequest): boolean {
  const can = useCan();
  const user = useSessionUser();
  return r.status !== 'Rejected' && (r.employeeId === user.employeeId || can('leave:hr-approve'));
}

/** A request's supporting files: download links, the "document missing" warning, and attaching one. */
export function SupportingDocuments({ request: r, onChange }: { request: LeaveRequest; onChange?: (r: LeaveRequest) => void }) {
  const { t } = useTranslation('employee');
  const mayAttach = useMayAttach(r);
  const own = r.employeeId === useSessionUser().employeeId;
  const attach = useAttachLeaveDocument();
  if (!r.documentsRequired && r.attachments.length === 0 && !mayAttach) return null;

  const upload = (file: File | null) => {
    if (!file) return;
    attach.mutate(
      { id: r.id, file },
      {
        onSuccess: (next) => {
          notifySuccess(t('leave.documents.attached', { file: file.name }));
          onChange?.(next);
        },
        onError: (e) => notifyError(e, e instanceof ApiError && (e.status === 413 || e.status === 415) ? t('leave.documents.notAccepted') : t('leave.documents.couldNotAttach')),
      },
    );
  };

  return (
    <Card withBorder padding="lg" data-testid="supporting-documents">
      <Group justify="space-between" mb="xs">
        <Title order={5}>{t('leave.documents.title')}</Title>
        {mayAttach && (
          <FileButton onChange={upload} accept={SUPPORTING_ACCEPT}>
            {(props) => (
              <Button {...props} size="compact-sm" variant="light" leftSection={<IconUpload size={14} />} loading={attach.isPending}>
                {t('leave.documents.attach')}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      <Stack gap="xs">
        {r.documentMissing ? (
          <Alert color="orange" variant="light" icon={<IconFileAlert size={18} />} title={t('leave.documents.missing')} data-testid="document-missing-alert">
            {t(own ? 'leave.documents.missingOwn' : 'leave.documents.missingOther', { type: leaveTypeLabel(r.leaveTypeCode, r.leaveTypeName) })}
          </Alert>
        ) : (
          r.documentsRequired &&
          r.attachments.length > 0 && (
            <Text size="sm" c="teal" data-testid="document-present">
              <IconFileCheck size={14} style={{ verticalAlign: -2 }} /> {t('leave.documents.present', { type: leaveTypeLabel(r.leaveTypeCode, r.leaveTypeName) })}
            </Text>
          )
        )}
        {r.attachments.length === 0 && !r.documentMissing && (
          <Text size="sm" c="dimmed">
            {t('leave.documents.none')}
          </Text>
        )}
        {r.attachments.map((a) => (
          <Group key={a.id} justify="space-between" wrap="nowrap" gap="xs" data-testid="attachment">
            <div style={{ minWidth: 0 }}>
              <Anchor href={a.downloadUrl} download={a.originalName} size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
                <IconPaperclip size={14} style={{ verticalAlign: -2 }} /> {a.originalName}
              </Anchor>
              <Text size="xs" c="dimmed">
                {t('leave.documents.uploaded', { size: formatSize(a.sizeBytes), when: formatInstant(a.uploadedAt), name: a.uploadedByName })}
              </Text>
            </div>
            <DocumentStatusBadge status={a.status} />
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
