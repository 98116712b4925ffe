import { useMemo, useState } from 'react';
import { Accordion, Alert, Anchor, Badge, Button, Card, Group, Menu, Progress, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconDots, IconEye, IconFileUpload, IconSend, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChecklistItem, EmployeeDocument } from '../../../../../shared/documents.ts';
import { QueryError } from '../../components/query-error.tsx';
import { useTx } from '../../i18n/language.tsx';
import { formatDate, formatInstant } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useCan } from '../../session/session-context.tsx';
import { useCloseRequest, useEmployeeDocuments, useReviewDocument } from './document-queries.ts';
import { DocumentStatusBadge, ItemStateBadge, formatSize } from './labels.tsx';
import { PreviewModal } from './preview-modal.tsx';
import { ReasonModal } from './reason-modal.tsx';
import { RequestModal } from './request-modal.tsx';
import { type UploadTarget, UploadModal } from './upload-modal.tsx';

type Review = { doc: EmployeeDocument; action: 'verify' | 'reject' | 'delete' } | null;

/**
 * One employee's file: the checklist of their employment type with where each
 * item stands, open requests, and every version. HR verifies, rejects,
 * deletes and requests; the employee uploads where the type allows it. Laid
 * out as cards, so it reads on a phone too.
 */
export function EmployeeDocumentsPanel({ employeeId, employeeName, self }: { employeeId: string; employeeName: string; self: boolean }) {
  // What the employee reads comes from `employee` (every language); HR's actions from `hr` (English where a language lacks them).
  const { t } = useTranslation('employee');
  const { t: th } = useTranslation('hr');
  const tx = useTx('hr');
  const file = useEmployeeDocuments(employeeId);
  const can = useCan();
  const manage = can('documents:manage');
  const review = useReviewDocument();
  const closeRequest = useCloseRequest();
  const [preview, setPreview] = useState<EmployeeDocument | null>(null);
  const [upload, setUpload] = useState<UploadTarget | null>(null);
  const [pending, setPending] = useState<Review>(null);
  const [requesting, setRequesting] = useState(false);
  const missing = useMemo(() => (file.data?.items ?? []).filter((i) => i.required && i.state === 'Missing' && !i.openRequest).map((i) => i.name), [file.data]);

  if (file.error && !file.data) return <QueryError error={file.error} onRetry={() => void file.refetch()} />;
  if (!file.data) return <Skeleton height={320} />;
  const data = file.data;
  const openRequests = data.requests.filter((r) => r.status === 'Open');
  const percent = data.requiredCount ? Math.round((data.haveCount / data.requiredCount) * 100) : 100;

  const act = (note: string) => {
    if (!pending) return;
    const { doc, action } = pending;
    review.mutate(
      { id: doc.id, action, note },
      {
        onSuccess: () => {
          notifySuccess(th('documents.file.done', { action, title: doc.title, name: employeeName, version: doc.version }));
          setPending(null);
        },
        onError: (e) => notifyError(e, th('documents.file.failed')),
      },
    );
  };

  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={4} style={{ flex: 1, minWidth: 220 }}>
            <Group gap="xs">
              <Title order={4}>{t('documents.checklist')}</Title>
              {data.complete ? (
                <Badge color="teal" leftSection={<IconCheck size={12} />} data-testid="checklist-complete">
                  {t('documents.complete')}
                </Badge>
              ) : (
                <Badge color="gray" variant="light" data-testid="checklist-incomplete">
                  {t('documents.incomplete')}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" data-testid="checklist-progress">
              {t('documents.progress', { have: data.haveCount, required: data.requiredCount })}
            </Text>
            <Progress value={percent} color={data.complete ? 'teal' : 'blue'} size="sm" aria-label={t('documents.progressLabel')} />
          </Stack>
          <Group gap="xs">
            {manage && (
              <Button variant="light" leftSection={<IconSend size={16} />} onClick={() => setRequesting(true)}>
                {tx('documents.file.requestDocuments')}
              </Button>
            )}
            {data.uploadableTypes.length > 0 && (
              <Button leftSection={<IconFileUpload size={16} />} onClick={() => setUpload({})}>
                {t('documents.upload')}
              </Button>
            )}
          </Group>
        </Group>
      </Card>

      {openRequests.length > 0 && (
        <Alert color="blue" variant="light" title={self ? t('documents.askedYou') : tx('documents.file.openRequests')} data-testid="open-requests">
          <Stack gap={6}>
            {openRequests.map((r) => (
              <Group key={r.id} justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm">
                  <Text span fw={600}>
                    {r.name}
                  </Text>{' '}
                  {t('documents.askedBy', { name: r.requestedByName, at: formatInstant(r.requestedAt) })}
                </Text>
                {manage && (
                  <Button size="compact-xs" variant="subtle" color="gray" onClick={() => closeRequest.mutate({ id: r.id }, { onError: (e) => notifyError(e) })}>
                    {tx('documents.file.withdraw')}
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        </Alert>
      )}

      <Stack gap="xs" data-testid="checklist">
        {data.items.map((item) => (
          <ItemCard
            key={item.key}
            item={item}
            manage={manage}
            onPreview={setPreview}
            onUpload={() => setUpload(item.type ? { typeId: item.type.id } : { title: item.name })}
            onReview={(doc, action) => setPending({ doc, action })}
            onFulfil={(doc) => item.openRequest && closeRequest.mutate({ id: item.openRequest.id, documentId: doc.id }, { onSuccess: () => notifySuccess(th('documents.file.fulfilled')), onError: (e) => notifyError(e) })}
          />
        ))}
      </Stack>

      <Accordion variant="contained">
        <Accordion.Item value="versions">
          <Accordion.Control>{t('documents.allVersions', { count: data.documents.length })}</Accordion.Control>
          <Accordion.Panel>
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing={6} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('documents.column.document')}</Table.Th>
                    <Table.Th>{t('documents.column.version')}</Table.Th>
                    <Table.Th>{t('documents.column.file')}</Table.Th>
                    <Table.Th>{t('documents.column.status')}</Table.Th>
                    <Table.Th>{t('documents.column.uploaded')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.documents.map((d) => (
                    <Table.Tr key={d.id} c={d.deletedAt ? 'dimmed' : undefined}>
                      <Table.Td>
                        {d.title}
                        {d.leaveRequestId && (
                          <Text size="xs" c="dimmed">
                            {t('documents.attachedToLeave')}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{d.version}</Table.Td>
                      <Table.Td>
                        {d.purged ? (
                          <Text size="sm">{d.originalName}</Text>
                        ) : (
                          <Anchor size="sm" component="button" onClick={() => setPreview(d)}>
                            {d.originalName}
                          </Anchor>
                        )}{' '}
                        <Text span size="xs" c="dimmed">
                          {formatSize(d.sizeBytes)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {d.deletedAt ? (
                          <Text size="xs" c="red">
                            {t(d.purged ? 'documents.deletedPurged' : 'documents.deleted', { name: d.deletedByName, reason: d.deleteReason })}
                          </Text>
                        ) : (
                          <DocumentStatusBadge status={d.status} />
                        )}
                      </Table.Td>
                      <Table.Td>
                        {formatInstant(d.uploadedAt)} · {d.uploadedByName}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>

      <PreviewModal document={preview} onClose={() => setPreview(null)} />
      <UploadModal employeeId={employeeId} target={upload} uploadableTypes={data.uploadableTypes} onClose={() => setUpload(null)} />
      <RequestModal employeeId={employeeId} employeeName={employeeName} initial={missing} opened={requesting} onClose={() => setRequesting(false)} />
      <ReasonModal
        opened={pending !== null}
        busy={review.isPending}
        onClose={() => setPending(null)}
        onConfirm={act}
        required={pending?.action !== 'verify'}
        colour={pending?.action === 'verify' ? 'teal' : 'red'}
        title={pending ? tx('documents.file.reviewTitle', { action: pending.action, title: pending.doc.title, version: pending.doc.version }) : ''}
        label={pending?.action === 'verify' ? tx('documents.file.noteOptional') : pending?.action === 'reject' ? tx('documents.file.whyReject', { name: employeeName }) : tx('documents.file.whyDelete')}
        confirm={tx('documents.file.confirm', { action: pending?.action ?? 'delete' })}
      />
    </Stack>
  );
}

function ItemCard({
  item,
  manage,
  onPreview,
  onUpload,
  onReview,
  onFulfil,
}: {
  item: ChecklistItem;
  manage: boolean;
  onPreview: (d: EmployeeDocument) => void;
  onUpload: () => void;
  onReview: (d: EmployeeDocument, action: 'verify' | 'reject' | 'delete') => void;
  onFulfil: (d: EmployeeDocument) => void;
}) {
  const { t } = useTranslation('employee');
  const { t: th } = useTranslation('hr');
  const tx = useTx('hr');
  const d = item.current;
  return (
    <Card withBorder padding="sm" data-testid={`item-${item.name}`}>
      <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
        <Stack gap={2} style={{ flex: 1, minWidth: 180 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} size="sm">
              {item.name}
            </Text>
            <ItemStateBadge state={item.state} expiringSoon={item.expiringSoon} />
            {!item.required && (
              <Badge color="gray" variant="outline" size="xs">
                {t('documents.notOnChecklist')}
              </Badge>
            )}
            {item.openRequest && (
              <Badge color="blue" variant="outline" size="xs">
                {t('documents.requested')}
              </Badge>
            )}
          </Group>
          {d ? (
            <Text size="xs" c="dimmed">
              <Anchor size="xs" component="button" onClick={() => onPreview(d)} aria-label={t('documents.previewName', { name: item.name })}>
                {d.originalName}
              </Anchor>{' '}
              {t('documents.versionAt', { version: d.version, at: formatInstant(d.uploadedAt) })}
              {item.expiresOn ? t('documents.validUntil', { date: formatDate(item.expiresOn) }) : ''}
            </Text>
          ) : (
            <Text size="xs" c="dimmed">
              {t(`labels:documentCategory.${item.type?.category ?? 'Other'}`)}
            </Text>
          )}
          {item.rejectionNote && (
            <Text size="xs" c="orange.8">
              {t('documents.rejected', { note: item.rejectionNote })}
            </Text>
          )}
        </Stack>
        <Group gap={6}>
          {d && (
            <Button size="compact-sm" variant="subtle" leftSection={<IconEye size={14} />} onClick={() => onPreview(d)}>
              {t('documents.view')}
            </Button>
          )}
          {manage && d?.status === 'AwaitingVerification' && (
            <>
              <Button size="compact-sm" color="teal" leftSection={<IconCheck size={14} />} onClick={() => onReview(d, 'verify')}>
                {tx('documents.file.verify')}
              </Button>
              <Button size="compact-sm" variant="light" color="orange" leftSection={<IconX size={14} />} onClick={() => onReview(d, 'reject')}>
                {tx('documents.file.reject')}
              </Button>
            </>
          )}
          {item.canUpload && (
            <Button size="compact-sm" variant={d ? 'default' : 'filled'} leftSection={<IconFileUpload size={14} />} onClick={onUpload} aria-label={t('documents.uploadName', { name: item.name })}>
              {d ? t('documents.newVersion') : t('documents.upload')}
            </Button>
          )}
          {manage && d && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button size="compact-sm" variant="subtle" color="gray" aria-label={th('documents.file.moreActions', { name: item.name })}>
                  <IconDots size={16} />
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {d.status === 'Verified' && (
                  <Menu.Item leftSection={<IconX size={14} />} onClick={() => onReview(d, 'reject')}>
                    {tx('documents.file.reject')}
                  </Menu.Item>
                )}
                {d.status === 'Rejected' && (
                  <Menu.Item leftSection={<IconCheck size={14} />} onClick={() => onReview(d, 'verify')}>
                    {tx('documents.file.verify')}
                  </Menu.Item>
                )}
                {item.openRequest && !item.type && (
                  <Menu.Item leftSection={<IconCheck size={14} />} onClick={() => onFulfil(d)}>
                    {tx('documents.file.markFulfilled')}
                  </Menu.Item>
                )}
                <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onReview(d, 'delete')}>
                  {tx('documents.file.deleteVersion')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
    </Card>
  );
}
