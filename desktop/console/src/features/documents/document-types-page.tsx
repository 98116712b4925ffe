import { useEffect, useState } from 'react';
import { Badge, Button, Checkbox, Group, Modal, NumberInput, Select, Skeleton, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_CATEGORIES, type DocumentCategory, type DocumentType } from '../../../../../shared/documents.ts';
import type { EmploymentType } from '../../../../../shared/employees.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useTx } from '../../i18n/language.tsx';
import { ApiError } from '../../lib/api.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useDocumentTypes, useSaveDocumentType, useSetChecklist } from './document-queries.ts';

const EMPLOYMENT_TYPES: EmploymentType[] = ['FullTime', 'PartTime', 'Contract', 'Intern'];

/** The catalogue of document types, and which ones each employment type's onboarding checklist requires. */
export function DocumentTypesPage() {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const types = useDocumentTypes();
  const checklist = useSetChecklist();
  const [editing, setEditing] = useState<DocumentType | 'new' | null>(null);

  const toggle = (type: DocumentType, employmentType: EmploymentType) => {
    const current = (types.data?.items ?? []).filter((x) => x.requiredFor.includes(employmentType)).map((x) => x.id);
    const next = current.includes(type.id) ? current.filter((id) => id !== type.id) : [...current, type.id];
    checklist.mutate({ employmentType, body: { typeIds: next } }, { onError: (e) => notifyError(e, t('documents.types.checklistFailed')) });
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={tx('documents.types.title')}
        documentTitle={t('documents.types.title')}
        description={tx('documents.types.description')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {tx('documents.types.add')}
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
                <Table.Th>{tx('documents.types.column.document')}</Table.Th>
                <Table.Th>{tx('documents.types.column.category')}</Table.Th>
                <Table.Th>{tx('documents.types.column.expires')}</Table.Th>
                <Table.Th>{tx('documents.types.column.whoUploads')}</Table.Th>
                <Table.Th>{tx('documents.types.column.sensitive')}</Table.Th>
                {EMPLOYMENT_TYPES.map((e) => (
                  <Table.Th key={e} ta="center">
                    {t(`labels:employmentType.${e}`)}
                  </Table.Th>
                ))}
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {types.data.items.map((type) => (
                <Table.Tr key={type.id} c={type.active ? undefined : 'dimmed'}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {type.name}
                    </Text>
                    {!type.active && (
                      <Badge size="xs" color="gray">
                        {tx('documents.types.inactive')}
                      </Badge>
                    )}
                    {type.forLeaveRequests && (
                      <Badge size="xs" color="indigo" variant="light" title={t('documents.types.leaveRequestsHint')}>
                        {tx('documents.types.leaveRequests')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{t(`labels:documentCategory.${type.category}`)}</Table.Td>
                  <Table.Td>{type.expires ? tx('documents.types.remindBefore', { days: type.remindDaysBefore }) : tx('documents.types.no')}</Table.Td>
                  <Table.Td>{type.employeeMayUpload ? tx('documents.types.employeeOrHr') : tx('documents.types.hrOnly')}</Table.Td>
                  <Table.Td>{type.sensitive ? tx('documents.types.yes') : tx('documents.types.no')}</Table.Td>
                  {EMPLOYMENT_TYPES.map((e) => (
                    <Table.Td key={e} ta="center">
                      {type.forLeaveRequests ? (
                        <Text size="sm" c="dimmed" title={t('documents.types.notOnJoining')}>
                          —
                        </Text>
                      ) : (
                        <Checkbox
                          aria-label={t('documents.types.requiredFor', { name: type.name, employmentType: t(`labels:employmentType.${e}`) })}
                          checked={type.requiredFor.includes(e)}
                          disabled={!type.active || checklist.isPending}
                          onChange={() => toggle(type, e)}
                          style={{ display: 'inline-block' }}
                        />
                      )}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <Button size="compact-sm" variant="subtle" leftSection={<IconPencil size={14} />} onClick={() => setEditing(type)}>
                      {tx('documents.types.edit')}
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
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
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
      onSuccess: (saved) => {
        notifySuccess(t('documents.types.modal.saved', { name: saved.name }));
        onClose();
      },
      onError: (e) => (e instanceof ApiError && Object.keys(e.fieldErrors()).length ? setErrors(e.fieldErrors()) : notifyError(e, t('documents.types.modal.failed'))),
    });
  };

  return (
    <Modal opened={editing !== null} onClose={onClose} title={existing ? tx('documents.types.modal.editTitle', { name: existing.name }) : tx('documents.types.modal.addTitle')}>
      <Stack gap="sm">
        <TextInput label={tx('documents.types.modal.name')} withAsterisk value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} maxLength={80} />
        <Select label={tx('documents.types.modal.category')} data={DOCUMENT_CATEGORIES.map((c) => ({ value: c, label: t(`labels:documentCategory.${c}`) }))} value={category} onChange={(v) => v && setCategory(v as DocumentCategory)} allowDeselect={false} />
        {existing?.forLeaveRequests ? (
          <Text size="sm" c="dimmed">
            {tx('documents.types.modal.leaveNote')}
          </Text>
        ) : (
          <Switch label={tx('documents.types.modal.expires')} checked={expires} onChange={(e) => setExpires(e.currentTarget.checked)} />
        )}
        {expires && <NumberInput label={tx('documents.types.modal.remind')} min={1} max={365} value={remind} onChange={(v) => typeof v === 'number' && setRemind(v)} error={errors.remindDaysBefore} />}
        <Switch label={tx('documents.types.modal.employeeMayUpload')} checked={employeeMayUpload} onChange={(e) => setEmployeeMayUpload(e.currentTarget.checked)} />
        <Switch label={tx('documents.types.modal.sensitive')} checked={sensitive} onChange={(e) => setSensitive(e.currentTarget.checked)} />
        {existing && <Switch label={tx('documents.types.modal.active')} checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tx('documents.types.modal.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {tx('documents.types.modal.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
