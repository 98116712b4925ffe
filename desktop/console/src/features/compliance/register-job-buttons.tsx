import { useState } from 'react';
import { Stack } from '@mantine/core';
import { FormatButtons } from '../../components/export-buttons.tsx';
import { notifyError } from '../../lib/notify.ts';
import { useJob, useStartRegisterExport } from './compliance-queries.ts';
import { JobProgress } from './job-progress.tsx';

/** Downloads of a large register: built by a job (progress, cancel), then downloaded from its result. */
export function RegisterJobButtons({ registerKey, query }: { registerKey: string; query: { period: string; profile: string | null; location: string | null } }) {
  const start = useStartRegisterExport(registerKey);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useJob(jobId);
  const running = start.isPending || job.data?.status === 'running';
  return (
    <Stack gap={6} miw={280}>
      <FormatButtons
        busy={running ? 'all' : null}
        onPick={(format) =>
          start.mutate(
            { period: query.period, format, ...(query.profile ? { profile: query.profile } : {}), ...(query.location ? { location: query.location } : {}) },
            { onSuccess: (j) => setJobId(j.id), onError: (e) => notifyError(e, 'Export failed') },
          )
        }
      />
      {job.data && <JobProgress job={job.data} unit="steps" />}
    </Stack>
  );
}
