import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconX } from '@tabler/icons-react';
import type { Job } from '../../../../../shared/jobs.ts';
import { download } from '../../lib/api.ts';
import { notifyError } from '../../lib/notify.ts';
import { useCancelJob } from './compliance-queries.ts';

/** A job's progress bar, with cancel while it runs and the download once its file is ready. */
export function JobProgress({ job, unit = 'files' }: { job: Job; unit?: string }) {
  const cancel = useCancelJob();
  const percent = job.total ? Math.round((100 * job.done) / job.total) : job.status === 'running' ? 0 : 100;
  return (
    <Stack gap={4} data-testid="job-progress">
      <Progress value={percent} animated={job.status === 'running'} color={job.status === 'failed' ? 'red' : job.status === 'cancelled' ? 'gray' : 'teal'} />
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">
          {job.status === 'running' && `${job.done} of ${job.total} ${unit}${job.message ? ` — ${job.message}` : ''}`}
          {job.status === 'done' && `Done: ${job.total} ${unit}${job.file ? ` (${(job.file.sizeBytes / 1e6).toFixed(1)} MB)` : ''}`}
          {job.status === 'failed' && `Failed: ${job.error ?? ''}`}
          {job.status === 'cancelled' && (job.error ?? 'Cancelled')}
        </Text>
        {job.status === 'running' && (
          <Button size="xs" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={() => cancel.mutate(job.id)}>
            Cancel
          </Button>
        )}
        {job.status === 'done' && job.file && (
          <Button
            size="xs"
            leftSection={<IconDownload size={14} />}
            onClick={() => download(`/api/jobs/${job.id}/result`, {}, job.file?.filename ?? 'bundle.zip').catch((e) => notifyError(e, 'Download failed'))}
          >
            Download {job.file.filename}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
