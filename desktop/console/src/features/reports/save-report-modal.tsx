import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { SAVED_REPORT_NAME_MAX } from '../../../../../shared/reports.ts';
import { useTx } from '../../i18n/language.tsx';
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
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
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
          notifySuccess(t('reports.save.done', { name: r.name }), t('reports.save.doneTitle'));
          onClose();
          void navigate(`/reports/${r.id}`);
        },
        onError: (e) => {
          if (e instanceof ApiError && e.fieldErrors().name) setError(e.fieldErrors().name);
          else notifyError(e, t('reports.save.failed'));
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title={tx('reports.save.title')} centered>
      <Stack>
        <TextInput label={tx('reports.save.name')} required maxLength={SAVED_REPORT_NAME_MAX} value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} data-autofocus />
        <Checkbox label={tx('reports.save.keepPeriod')} description={tx('reports.save.keepPeriodHint')} checked={fixPeriod} onChange={(e) => setFixPeriod(e.currentTarget.checked)} />
        <Checkbox label={tx('reports.save.share')} description={tx('reports.save.shareHint')} checked={shared} onChange={(e) => setShared(e.currentTarget.checked)} />
        <Text size="xs" c="dimmed">
          {tx('reports.save.filters')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tx('reports.save.cancel')}
          </Button>
          <Button loading={save.isPending} disabled={!name.trim()} onClick={submit}>
            {tx('reports.save.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
