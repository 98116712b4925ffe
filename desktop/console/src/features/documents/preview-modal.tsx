import { useEffect, useState } from 'react';
import { Button, Center, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EmployeeDocument } from '../../../../../shared/documents.ts';
import { QueryError } from '../../components/query-error.tsx';
import { api, download } from '../../lib/api.ts';
import { notifyError } from '../../lib/notify.ts';
import { formatSize } from './labels.tsx';

/**
 * A document shown inline: the file is fetched with the session (never a
 * public URL) and shown from a blob: URL, a PDF in the browser's own viewer,
 * an image as an image.
 */
export function PreviewModal({ document: doc, onClose }: { document: EmployeeDocument | null; onClose: () => void }) {
  const { t } = useTranslation('employee');
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (!doc) return;
    let revoked = false;
    let objectUrl: string | null = null;
    setUrl(null);
    setError(null);
    api
      .blob(`/api/documents/${doc.id}/file`)
      .then((blob) => {
        if (revoked) return;
        objectUrl = URL.createObjectURL(new Blob([blob], { type: doc.mediaType }));
        setUrl(objectUrl);
      })
      .catch((e: unknown) => setError(e));
    return () => {
      revoked = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [doc]);

  return (
    <Modal opened={doc !== null} onClose={onClose} size="xl" title={doc ? t('documents.preview.title', { title: doc.title, version: doc.version }) : ''}>
      {doc && (
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              {doc.originalName} · {formatSize(doc.sizeBytes)}
            </Text>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} />}
              onClick={() => download(`/api/documents/${doc.id}/file`, {}, doc.originalName).catch((e: unknown) => notifyError(e, t('documents.preview.downloadFailed')))}
            >
              {t('documents.preview.download')}
            </Button>
          </Group>
          {error ? (
            <QueryError error={error} />
          ) : !url ? (
            <Center h={300}>
              <Loader />
            </Center>
          ) : doc.mediaType === 'application/pdf' ? (
            <iframe title={t('documents.preview.frame', { title: doc.title })} src={url} style={{ width: '100%', height: '70vh', border: 0 }} />
          ) : (
            <Image src={url} alt={t('documents.preview.image', { title: doc.title })} fit="contain" mah="70vh" />
          )}
        </Stack>
      )}
    </Modal>
  );
}
