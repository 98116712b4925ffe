import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ExportFormat } from '../../../../../shared/common.ts';
import { notifyError } from '../../lib/notify.ts';
import { useJob, useStartRegisterExport } from './compliance-queries.ts';
import { JobProgress } from './job-progress.tsx';

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'XLSX' },
  { format: 'pdf', label: 'PDF' },
];

/** Downloads of a large register: built by a job (progress, cancel), then downloaded from its result. */
export function RegisterJobButtons({ registerKey, query }: { registerKey: string; query: { period: string; profile: string | null; location: string | null } }) {
  const start = useStartRegisterExport(registerKey);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useJob(jobId);
  const running = start.isPending || job.data?.status === 'running';
  return (
    <Stack gap={6} miw={280}>
      <Button.Group>
        {FORMATS.map(({ format, label }) => (
          <Button
            key={format}
            variant="default"
            size="sm"
            leftSection={format === 'csv' ? <IconDownload size={16} /> : undefined}
            disabled={running}
            onClick={() =>
              start.mutate(
                { period: query.period, format, ...(query.profile ? { profile: query.profile } : {}), ...(query.location ? { location: query.location } : {}) },
                { onSuccess: (j) => setJobId(j.id), onError: (e) => notifyError(e, 'Export failed') },
              )
            }
            aria-label={`Export ${label}`}
          >
            {label}
          </Button>
        ))}
      </Button.Group>
      {job.data && <JobProgress job={job.data} unit="steps" />}
    </Stack>
  );
}
