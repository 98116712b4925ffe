import { useMemo, useState } from 'react';
import { Accordion, Alert, Anchor, Badge, Button, Card, Group, Menu, Progress, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconDots, IconEye, IconFileUpload, IconSend, IconTrash, IconX } from '@tabler/icons-react';
import type { ChecklistItem, EmployeeDocument } from '../../../../../shared/documents.ts';
import { QueryError } from '../../components/query-error.tsx';
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
          notifySuccess(action === 'verify' ? `${doc.title} verified.` : action === 'reject' ? `${doc.title} rejected; ${employeeName} is told why.` : `${doc.title} (version ${doc.version}) deleted.`);
          setPending(null);
        },
        onError: (e) => notifyError(e, 'That did not work'),
      },
    );
  };

  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={4} style={{ flex: 1, minWidth: 220 }}>
            <Group gap="xs">
              <Title order={4}>Checklist</Title>
              {data.complete ? (
                <Badge color="teal" leftSection={<IconCheck size={12} />} data-testid="checklist-complete">
                  Complete
                </Badge>
              ) : (
                <Badge color="gray" variant="light" data-testid="checklist-incomplete">
                  Incomplete
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" data-testid="checklist-progress">
              {data.haveCount} of {data.requiredCount} required documents verified
            </Text>
            <Progress value={percent} color={data.complete ? 'teal' : 'blue'} size="sm" aria-label="Checklist progress" />
          </Stack>
          <Group gap="xs">
            {manage && (
              <Button variant="light" leftSection={<IconSend size={16} />} onClick={() => setRequesting(true)}>
                Request documents
              </Button>
            )}
            {data.uploadableTypes.length > 0 && (
              <Button leftSection={<IconFileUpload size={16} />} onClick={() => setUpload({})}>
                Upload
              </Button>
            )}
          </Group>
        </Group>
      </Card>

      {openRequests.length > 0 && (
        <Alert color="blue" variant="light" title={self ? 'HR has asked you for these documents' : 'Open requests'} data-testid="open-requests">
          <Stack gap={6}>
            {openRequests.map((r) => (
              <Group key={r.id} justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm">
                  <Text span fw={600}>
                    {r.name}
                  </Text>{' '}
                  · asked by {r.requestedByName} on {formatInstant(r.requestedAt)}
                </Text>
                {manage && (
                  <Button size="compact-xs" variant="subtle" color="gray" onClick={() => closeRequest.mutate({ id: r.id }, { onError: (e) => notifyError(e) })}>
                    Withdraw
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
            onFulfil={(doc) => item.openRequest && closeRequest.mutate({ id: item.openRequest.id, documentId: doc.id }, { onSuccess: () => notifySuccess('Request marked fulfilled.'), onError: (e) => notifyError(e) })}
          />
        ))}
      </Stack>

      <Accordion variant="contained">
        <Accordion.Item value="versions">
          <Accordion.Control>All versions ({data.documents.length})</Accordion.Control>
          <Accordion.Panel>
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing={6} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Document</Table.Th>
                    <Table.Th>Version</Table.Th>
                    <Table.Th>File</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Uploaded</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.documents.map((d) => (
                    <Table.Tr key={d.id} c={d.deletedAt ? 'dimmed' : undefined}>
                      <Table.Td>
                        {d.title}
                        {d.leaveRequestId && (
                          <Text size="xs" c="dimmed">
                            attached to a leave request
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
                            Deleted by {d.deletedByName}: {d.deleteReason}
                            {d.purged ? ' (file removed)' : ''}
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
        title={pending ? `${pending.action === 'verify' ? 'Verify' : pending.action === 'reject' ? 'Reject' : 'Delete'} ${pending.doc.title} (version ${pending.doc.version})` : ''}
        label={pending?.action === 'verify' ? 'Note (optional)' : pending?.action === 'reject' ? `Why? ${employeeName} reads this` : 'Why is it deleted?'}
        confirm={pending?.action === 'verify' ? 'Verify' : pending?.action === 'reject' ? 'Reject' : 'Delete'}
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
                Not on the checklist
              </Badge>
            )}
            {item.openRequest && (
              <Badge color="blue" variant="outline" size="xs">
                Requested
              </Badge>
            )}
          </Group>
          {d ? (
            <Text size="xs" c="dimmed">
              <Anchor size="xs" component="button" onClick={() => onPreview(d)} aria-label={`Preview ${item.name}`}>
                {d.originalName}
              </Anchor>{' '}
              · version {d.version} · {formatInstant(d.uploadedAt)}
              {item.expiresOn ? ` · valid until ${formatDate(item.expiresOn)}` : ''}
            </Text>
          ) : (
            <Text size="xs" c="dimmed">
              {item.type?.category ?? 'Other'}
            </Text>
          )}
          {item.rejectionNote && (
            <Text size="xs" c="orange.8">
              Rejected: {item.rejectionNote}
            </Text>
          )}
        </Stack>
        <Group gap={6}>
          {d && (
            <Button size="compact-sm" variant="subtle" leftSection={<IconEye size={14} />} onClick={() => onPreview(d)}>
              View
            </Button>
          )}
          {manage && d?.status === 'AwaitingVerification' && (
            <>
              <Button size="compact-sm" color="teal" leftSection={<IconCheck size={14} />} onClick={() => onReview(d, 'verify')}>
                Verify
              </Button>
              <Button size="compact-sm" variant="light" color="orange" leftSection={<IconX size={14} />} onClick={() => onReview(d, 'reject')}>
                Reject
              </Button>
            </>
          )}
          {item.canUpload && (
            <Button size="compact-sm" variant={d ? 'default' : 'filled'} leftSection={<IconFileUpload size={14} />} onClick={onUpload} aria-label={`Upload ${item.name}`}>
              {d ? 'New version' : 'Upload'}
            </Button>
          )}
          {manage && d && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button size="compact-sm" variant="subtle" color="gray" aria-label={`More actions for ${item.name}`}>
                  <IconDots size={16} />
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {d.status === 'Verified' && (
                  <Menu.Item leftSection={<IconX size={14} />} onClick={() => onReview(d, 'reject')}>
                    Reject
                  </Menu.Item>
                )}
                {d.status === 'Rejected' && (
                  <Menu.Item leftSection={<IconCheck size={14} />} onClick={() => onReview(d, 'verify')}>
                    Verify
                  </Menu.Item>
                )}
                {item.openRequest && !item.type && (
                  <Menu.Item leftSection={<IconCheck size={14} />} onClick={() => onFulfil(d)}>
                    Mark the request fulfilled
                  </Menu.Item>
                )}
                <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onReview(d, 'delete')}>
                  Delete this version
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
    </Card>
  );
}
