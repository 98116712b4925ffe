import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '../../../../shared/common.ts';
import { download, type QueryParams } from '../lib/api.ts';
import { notifyError } from '../lib/notify.ts';

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'XLSX' },
  { format: 'pdf', label: 'PDF' },
];

interface ExportButtonsProps {
  path: string;
  query: QueryParams;
  fileStem: string;
}

/** CSV / XLSX / PDF downloads of an export endpoint with the current filters. */
export function ExportButtons({ path, query, fileStem }: ExportButtonsProps) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await download(path, { ...query, format }, `${fileStem}.${format}`);
    } catch (error) {
      notifyError(error, t('export.failed'));
    } finally {
      setBusy(null);
    }
  };

  return <FormatButtons busy={busy} onPick={(format) => void run(format)} />;
}

/** The CSV / XLSX / PDF button group; `busy` is the format in progress (the others wait). */
export function FormatButtons({ busy, onPick }: { busy: ExportFormat | 'all' | null; onPick: (format: ExportFormat) => void }) {
  const { t } = useTranslation('common');
  return (
    <Group gap={0}>
      <Button.Group>
        {FORMATS.map(({ format, label }) => (
          <Button
            key={format}
            variant="default"
            size="sm"
            leftSection={format === 'csv' ? <IconDownload size={16} /> : undefined}
            loading={busy === format}
            disabled={busy !== null && busy !== format}
            onClick={() => onPick(format)}
            aria-label={t('export.as', { format: label })}
          >
            {label}
          </Button>
        ))}
      </Button.Group>
    </Group>
  );
}
