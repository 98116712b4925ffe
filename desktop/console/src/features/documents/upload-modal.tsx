import { useEffect, useState } from 'react';
import { Button, FileInput, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DocumentTypeRef } from '../../../../../shared/documents.ts';
import { ApiError } from '../../lib/api.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { parseDay } from './labels.tsx';
import { useDocumentTypes, useUploadDocument } from './document-queries.ts';

export interface UploadTarget {
  /** A catalogue type chosen in advance (the item's), or none: pick one. */
  typeId?: string | undefined;
  /** A free-text document's name (an open request asked for it by name). */
  title?: string | undefined;
}

const ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp';

/** Upload a file as a new version of a document: type, file, expiry date when the type expires. */
export function UploadModal({
  employeeId,
  target,
  uploadableTypes,
  onClose,
}: {
  employeeId: string;
  target: UploadTarget | null;
  uploadableTypes: readonly DocumentTypeRef[];
  onClose: () => void;
}) {
  const { t } = useTranslation('employee');
  const types = useDocumentTypes();
  const upload = useUploadDocument();
  const [typeId, setTypeId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [expiresOn, setExpiresOn] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setTypeId(target?.typeId ?? null);
    setFile(null);
    setExpiresOn(null);
    setNote('');
    setErrors({});
  }, [target]);
  const type = types.data?.items.find((x) => x.id === typeId);
  const freeText = Boolean(target?.title);

  const submit = () => {
    const missing: Record<string, string> = {};
    if (!freeText && !typeId) missing.typeId = t('documents.uploadModal.chooseKind');
    if (!file) missing.file = t('documents.uploadModal.chooseFile');
    if (type?.expires && !expiresOn) missing.expiresOn = t('documents.uploadModal.expiryNeeded');
    setErrors(missing);
    if (Object.keys(missing).length || !file) return;
    upload.mutate(
      { employeeId, file, typeId: freeText ? undefined : (typeId ?? undefined), title: target?.title, expiresOn: type?.expires ? (expiresOn ?? undefined) : undefined, note: note.trim() || undefined },
      {
        onSuccess: (doc) => {
          notifySuccess(t('documents.uploadModal.done', { title: doc.title, version: doc.version }));
          onClose();
        },
        onError: (e) => {
          if (e instanceof ApiError) {
            const fields = e.fieldErrors();
            setErrors({ ...fields, ...(Object.keys(fields).length ? {} : { file: e.problem.detail ?? e.problem.title }) });
          } else setErrors({ file: String(e) });
        },
      },
    );
  };

  return (
    <Modal opened={target !== null} onClose={onClose} title={freeText ? t('documents.uploadModal.titleNamed', { name: target?.title }) : t('documents.uploadModal.title')}>
      <Stack gap="sm">
        {!freeText && (
          <Select
            label={t('documents.uploadModal.document')}
            withAsterisk
            placeholder={t('documents.uploadModal.chooseKind')}
            searchable
            data={uploadableTypes.map((x) => ({ value: x.id, label: x.name }))}
            value={typeId}
            onChange={setTypeId}
            error={errors.typeId}
          />
        )}
        <FileInput
          label={t('documents.uploadModal.file')}
          withAsterisk
          placeholder={t('documents.uploadModal.filePlaceholder')}
          accept={ACCEPT}
          leftSection={<IconUpload size={16} />}
          value={file}
          onChange={setFile}
          error={errors.file}
          clearable
        />
        {type?.expires && (
          <DateInput label={t('documents.uploadModal.validUntil')} withAsterisk valueFormat="D MMM YYYY" dateParser={parseDay} value={expiresOn} onChange={setExpiresOn} error={errors.expiresOn} placeholder={t('documents.uploadModal.expiryPlaceholder')} />
        )}
        <TextInput label={t('documents.uploadModal.note')} placeholder={t('documents.uploadModal.optional')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={500} error={errors.note} />
        {type?.description && (
          <Text size="xs" c="dimmed">
            {type.description}
          </Text>
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('documents.uploadModal.cancel')}
          </Button>
          <Button onClick={submit} loading={upload.isPending} leftSection={<IconUpload size={16} />}>
            {t('documents.uploadModal.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
