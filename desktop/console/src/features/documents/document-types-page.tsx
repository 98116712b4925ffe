import { useEffect, useState } from 'react';
import { Badge, Button, Checkbox, Group, Modal, NumberInput, Select, Skeleton, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { DOCUMENT_CATEGORIES, type DocumentCategory, type DocumentType } from '../../../../../shared/documents.ts';
import type { EmploymentType } from '../../../../../shared/employees.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ApiError } from '../../lib/api.ts';
import { humanize } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useDocumentTypes, useSaveDocumentType, useSetChecklist } from './document-queries.ts';

const EMPLOYMENT_TYPES: EmploymentType[] = ['FullTime', 'PartTime', 'Contract', 'Intern'];

/** The catalogue of document types, and which ones each employment type's onboarding checklist requires. */
export function DocumentTypesPage() {
  const types = useDocumentTypes();
  const checklist = useSetChecklist();
  const [editing, setEditing] = useState<DocumentType | 'new' | null>(null);

  const toggle = (type: DocumentType, employmentType: EmploymentType) => {
    const current = (types.data?.items ?? []).filter((t) => t.requiredFor.includes(employmentType)).map((t) => t.id);
    const next = current.includes(type.id) ? current.filter((id) => id !== type.id) : [...current, type.id];
    checklist.mutate({ employmentType, body: { typeIds: next } }, { onError: (e) => notifyError(e, 'Could not change the checklist') });
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Document types and checklists"
        description="The documents Muster knows, and which ones each kind of employee must provide when they join."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add a type
          </Button>
        }
      />
      {types.error && !types.data ? (
        <QueryError error={types.error} onRetry={() => void types.refetch()} />
      ) : !types.data ? (
        <Skeleton height={400} />
      ) : (
        <Table.ScrollContainer minWidth={960}>
          <Table striped verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Document</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>Who uploads</Table.Th>
                <Table.Th>Sensitive</Table.Th>
                {EMPLOYMENT_TYPES.map((e) => (
                  <Table.Th key={e} ta="center">
                    {humanize(e)}
                  </Table.Th>
                ))}
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {types.data.items.map((t) => (
                <Table.Tr key={t.id} c={t.active ? undefined : 'dimmed'}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {t.name}
                    </Text>
                    {!t.active && (
                      <Badge size="xs" color="gray">
                        Inactive
                      </Badge>
                    )}
                    {t.forLeaveRequests && (
                      <Badge size="xs" color="indigo" variant="light" title="Attached to leave requests (a medical certificate); never on a checklist">
                        Leave requests
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{t.category}</Table.Td>
                  <Table.Td>{t.expires ? `Yes, remind ${t.remindDaysBefore} days before` : 'No'}</Table.Td>
                  <Table.Td>{t.employeeMayUpload ? 'Employee or HR' : 'HR only'}</Table.Td>
                  <Table.Td>{t.sensitive ? 'Yes' : 'No'}</Table.Td>
                  {EMPLOYMENT_TYPES.map((e) => (
                    <Table.Td key={e} ta="center">
                      {t.forLeaveRequests ? (
                        <Text size="sm" c="dimmed" title="Attached to leave requests, not asked for on joining">
                          —
                        </Text>
                      ) : (
                        <Checkbox
                          aria-label={`${t.name} required for ${humanize(e)}`}
                          checked={t.requiredFor.includes(e)}
                          disabled={!t.active || checklist.isPending}
                          onChange={() => toggle(t, e)}
                          style={{ display: 'inline-block' }}
                        />
                      )}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <Button size="compact-sm" variant="subtle" leftSection={<IconPencil size={14} />} onClick={() => setEditing(t)}>
                      Edit
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <TypeModal editing={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}

function TypeModal({ editing, onClose }: { editing: DocumentType | 'new' | null; onClose: () => void }) {
  const save = useSaveDocumentType();
  const existing = editing && editing !== 'new' ? editing : null;
  const [name, setName] = useState('');
  const [category, setCategory] = useState<DocumentCategory>('Other');
  const [expires, setExpires] = useState(false);
  const [remind, setRemind] = useState<number>(30);
  const [employeeMayUpload, setEmployeeMayUpload] = useState(true);
  const [sensitive, setSensitive] = useState(false);
  const [active, setActive] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setName(existing?.name ?? '');
    setCategory(existing?.category ?? 'Other');
    setExpires(existing?.expires ?? false);
    setRemind(existing?.remindDaysBefore ?? 30);
    setEmployeeMayUpload(existing?.employeeMayUpload ?? true);
    setSensitive(existing?.sensitive ?? false);
    setActive(existing?.active ?? true);
    setErrors({});
  }, [editing, existing]);

  const submit = () => {
    const fields = { name, category, expires, remindDaysBefore: expires ? remind : null, employeeMayUpload, sensitive };
    save.mutate(existing ? { id: existing.id, update: { ...fields, active } } : { create: fields }, {
      onSuccess: (t) => {
        notifySuccess(`${t.name} saved.`);
        onClose();
      },
      onError: (e) => (e instanceof ApiError && Object.keys(e.fieldErrors()).length ? setErrors(e.fieldErrors()) : notifyError(e, 'Could not save the type')),
    });
  };

  return (
    <Modal opened={editing !== null} onClose={onClose} title={existing ? `Edit ${existing.name}` : 'Add a document type'}>
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} maxLength={80} />
        <Select label="Category" data={[...DOCUMENT_CATEGORIES]} value={category} onChange={(v) => v && setCategory(v as DocumentCategory)} allowDeselect={false} />
        {existing?.forLeaveRequests ? (
          <Text size="sm" c="dimmed">
            Files of this type are attached to leave requests (a medical certificate): they do not expire and go on no checklist.
          </Text>
        ) : (
          <Switch label="Documents of this type expire" checked={expires} onChange={(e) => setExpires(e.currentTarget.checked)} />
        )}
        {expires && <NumberInput label="Remind the employee this many days before" min={1} max={365} value={remind} onChange={(v) => typeof v === 'number' && setRemind(v)} error={errors.remindDaysBefore} />}
        <Switch label="The employee may upload it themself" checked={employeeMayUpload} onChange={(e) => setEmployeeMayUpload(e.currentTarget.checked)} />
        <Switch label="Sensitive: only people allowed to see salaries and ids read other people's" checked={sensitive} onChange={(e) => setSensitive(e.currentTarget.checked)} />
        {existing && <Switch label="In use (an inactive type keeps its documents but takes no new ones)" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
