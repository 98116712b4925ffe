import { useState } from 'react';
import { Button, Card, Checkbox, Group, NumberInput, Select, SimpleGrid, Skeleton, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type AttendanceSettings, type RegularizationKind, REGULARIZATION_KINDS } from '../../../../../../shared/attendance/index.ts';
import { QueryError } from '../../../components/query-error.tsx';
import { useTx } from '../../../i18n/language.tsx';
import { formatInstant } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAttendanceSettings, usePolicyLog, useUpdateAttendanceSettings } from '../attendance-queries.ts';

function RulesForm({ settings }: { settings: AttendanceSettings }) {
  const update = useUpdateAttendanceSettings();
  const [v, setV] = useState(settings);
  const { t } = useTranslation(['hr', 'labels']);
  const tx = useTx('hr');
  return (
    <Card withBorder padding="md">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput label={tx('attendanceSettings.rules.debounce')} description={tx('attendanceSettings.rules.debounceHint')} min={0} max={900} value={v.debounceSeconds} onChange={(x) => setV({ ...v, debounceSeconds: Number(x) })} />
          <NumberInput label={tx('attendanceSettings.rules.regularizationWindow')} min={1} max={366} value={v.regularizationWindowDays} onChange={(x) => setV({ ...v, regularizationWindowDays: Number(x) })} />
          <NumberInput label={tx('attendanceSettings.rules.optionalHolidays')} min={0} max={30} value={v.optionalHolidaysPerYear} onChange={(x) => setV({ ...v, optionalHolidaysPerYear: Number(x) })} />
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {tx('attendanceSettings.rules.hrKinds')}
          </Text>
          <Group>
            {REGULARIZATION_KINDS.map((k) => (
              <Checkbox
                key={k}
                label={t(`labels:regularizationKind.${k}`)}
                checked={v.hrApprovalKinds.includes(k)}
                onChange={(e) => setV({ ...v, hrApprovalKinds: e.currentTarget.checked ? [...v.hrApprovalKinds, k] : v.hrApprovalKinds.filter((x: RegularizationKind) => x !== k) })}
              />
            ))}
          </Group>
        </Stack>
        <Switch label={tx('attendanceSettings.rules.lateMark')} checked={v.lateMark !== null} onChange={(e) => setV({ ...v, lateMark: e.currentTarget.checked ? { every: 3, days: 0.5 } : null })} />
        {v.lateMark && (
          <Group>
            <NumberInput label={tx('attendanceSettings.rules.lateEvery')} min={1} max={31} w={220} value={v.lateMark.every} onChange={(x) => setV({ ...v, lateMark: { every: Number(x), days: v.lateMark?.days ?? 0.5 } })} />
            <Select
              label={tx('attendanceSettings.rules.costs')}
              w={140}
              allowDeselect={false}
              data={[
                { value: '0.5', label: t('attendanceSettings.rules.halfDay') },
                { value: '1', label: t('attendanceSettings.rules.fullDay') },
              ]}
              value={String(v.lateMark.days)}
              onChange={(x) => setV({ ...v, lateMark: { every: v.lateMark?.every ?? 3, days: Number(x) } })}
            />
          </Group>
        )}
        <Group justify="flex-end">
          <Button
            loading={update.isPending}
            onClick={() =>
              update.mutate(v, { onSuccess: () => notifySuccess(t('attendanceSettings.rules.saved')), onError: (e) => notifyError(e, t('attendanceSettings.rules.saveFailed')) })
            }
          >
            {tx('attendanceSettings.rules.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The organisation's attendance rules and who changed which policy. */
export function RulesTab() {
  const settings = useAttendanceSettings();
  const log = usePolicyLog();
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  if (settings.error) return <QueryError error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <Stack gap="md">
      {settings.data ? <RulesForm settings={settings.data} /> : <Skeleton height={240} />}
      <Card withBorder padding="md">
        <Title order={5} mb="xs">
          {tx('attendanceSettings.rules.log')}
        </Title>
        <Table verticalSpacing={4} aria-label={t('attendanceSettings.rules.logTable')}>
          <Table.Tbody>
            {(log.data ?? []).slice(0, 30).map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td w={180}>
                  <Text size="xs" c="dimmed">
                    {formatInstant(e.at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{e.summary}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed">
                    {e.actorName}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}
