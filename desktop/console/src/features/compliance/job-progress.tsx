import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Job } from '../../../../../shared/jobs.ts';
import { useTx } from '../../i18n/language.tsx';
import { download } from '../../lib/api.ts';
import { notifyError } from '../../lib/notify.ts';
import { useCancelJob } from './compliance-queries.ts';

/** A job's progress bar, with cancel while it runs and the download once its file is ready. */
export function JobProgress({ job, unit = 'files' }: { job: Job; unit?: 'files' | 'steps' }) {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const cancel = useCancelJob();
  const percent = job.total ? Math.round((100 * job.done) / job.total) : job.status === 'running' ? 0 : 100;
  return (
    <Stack gap={4} data-testid="job-progress">
      <Progress value={percent} animated={job.status === 'running'} color={job.status === 'failed' ? 'red' : job.status === 'cancelled' ? 'gray' : 'teal'} />
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">
          {job.status === 'running' && (job.message ? tx('compliance.job.runningWith', { done: job.done, total: job.total, unit, message: job.message }) : tx('compliance.job.running', { done: job.done, total: job.total, unit }))}
          {job.status === 'done' && (job.file ? tx('compliance.job.doneSized', { total: job.total, unit, mb: (job.file.sizeBytes / 1e6).toFixed(1) }) : tx('compliance.job.done', { total: job.total, unit }))}
          {job.status === 'failed' && tx('compliance.job.failed', { error: job.error ?? '' })}
          {job.status === 'cancelled' && (job.error ?? tx('compliance.job.cancelled'))}
        </Text>
        {job.status === 'running' && (
          <Button size="xs" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={() => cancel.mutate(job.id)}>
            {tx('compliance.job.cancel')}
          </Button>
        )}
        {job.status === 'done' && job.file && (
          <Button
            size="xs"
            leftSection={<IconDownload size={14} />}
            onClick={() => download(`/api/jobs/${job.id}/result`, {}, job.file?.filename ?? 'bundle.zip').catch((e) => notifyError(e, t('compliance.job.downloadFailed')))}
          >
            {tx('compliance.job.download', { file: job.file.filename })}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
