import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { SAVED_REPORT_NAME_MAX } from '../../../../../shared/reports.ts';
import { ApiError } from '../../lib/api.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useSaveReport } from './report-queries.ts';

interface Props {
  opened: boolean;
  onClose: () => void;
  reportId: string;
  defaultName: string;
  param: number;
  filters: Record<string, string | undefined>;
}

/** Saves the report as it is on screen (parameter and filters) under a name, for me or shared with HR. */
export function SaveReportModal({ opened, onClose, reportId, defaultName, param, filters }: Props) {
  const save = useSaveReport();
  const navigate = useNavigate();
  const [name, setName] = useState(defaultName);
  const [shared, setShared] = useState(false);
  const [fixPeriod, setFixPeriod] = useState(true);
  const [error, setError] = useState<string | undefined>();
  const submit = () => {
    const clean = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined));
    save.mutate(
      { name: name.trim(), reportId, param: fixPeriod ? param : null, filters: clean, shared },
      {
        onSuccess: (r) => {
          notifySuccess(`“${r.name}” is in your reports.`, 'Report saved');
          onClose();
          void navigate(`/reports/${r.id}`);
        },
        onError: (e) => {
          if (e instanceof ApiError && e.fieldErrors().name) setError(e.fieldErrors().name);
          else notifyError(e, 'Could not save the report');
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Save this report" centered>
      <Stack>
        <TextInput label="Name" required maxLength={SAVED_REPORT_NAME_MAX} value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} data-autofocus />
        <Checkbox label="Keep this period" description="Unticked, it opens on the current period each time (this month, this year…)." checked={fixPeriod} onChange={(e) => setFixPeriod(e.currentTarget.checked)} />
        <Checkbox label="Share with HR" description="HR and administrators see it in their reports too. Everyone still sees only the people they may see." checked={shared} onChange={(e) => setShared(e.currentTarget.checked)} />
        <Text size="xs" c="dimmed">
          The filters on screen are saved with it.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} disabled={!name.trim()} onClick={submit}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
