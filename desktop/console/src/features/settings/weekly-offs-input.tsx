import { Chip, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatWeekdayIn } from '../../../../../shared/i18n/index.ts';
import type { WeeklyOffRule } from '../../../../../shared/org.ts';
import { useLocale, useTx } from '../../i18n/language.tsx';

/** 1 Jan 2023 was a Sunday: day `n` of that week is weekday `n` (0 = Sunday), as the rules number them. */
const WEEKDAY_DAYS = ['2023-01-01', '2023-01-02', '2023-01-03', '2023-01-04', '2023-01-05', '2023-01-06', '2023-01-07'];
const WEEKS = [1, 2, 3, 4, 5];

type Mode = 'working' | 'all' | 'some';

interface WeeklyOffsInputProps {
  value: WeeklyOffRule[];
  onChange: (value: WeeklyOffRule[]) => void;
  error?: React.ReactNode;
}

/** Which weekdays are off: every week, or only some occurrences in the month (e.g. 2nd and 4th Saturday). */
export function WeeklyOffsInput({ value, onChange, error }: WeeklyOffsInputProps) {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const locale = useLocale();
  // Intl's names in the reader's language ("Sunday", "रविवार"), not a list of our own.
  const weekdays = useMemo(() => WEEKDAY_DAYS.map((day) => formatWeekdayIn(locale, day)), [locale]);
  const ruleOf = (weekday: number) => value.find((r) => r.weekday === weekday);
  const modeOf = (rule: WeeklyOffRule | undefined): Mode => (!rule ? 'working' : rule.weeks === 'all' ? 'all' : 'some');

  const setRule = (weekday: number, rule: WeeklyOffRule | null) => {
    const others = value.filter((r) => r.weekday !== weekday);
    onChange((rule ? [...others, rule] : others).sort((a, b) => a.weekday - b.weekday));
  };

  const setMode = (weekday: number, mode: Mode) => {
    if (mode === 'working') setRule(weekday, null);
    else if (mode === 'all') setRule(weekday, { weekday, weeks: 'all' });
    else setRule(weekday, { weekday, weeks: [2, 4] });
  };

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {tx('orgSettings.weeklyOffs.title')}
      </Text>
      <Table withTableBorder verticalSpacing={6} highlightOnHover={false}>
        <Table.Tbody>
          {weekdays.map((name, weekday) => {
            const rule = ruleOf(weekday);
            const mode = modeOf(rule);
            return (
              <Table.Tr key={name}>
                <Table.Td w={120}>
                  <Text size="sm">{name}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="sm" wrap="wrap">
                    <SegmentedControl
                      size="xs"
                      aria-label={t('orgSettings.weeklyOffs.schedule', { weekday: name })}
                      value={mode}
                      onChange={(m) => setMode(weekday, m as Mode)}
                      data={[
                        { value: 'working', label: tx('orgSettings.weeklyOffs.working') },
                        { value: 'all', label: tx('orgSettings.weeklyOffs.offEveryWeek') },
                        { value: 'some', label: tx('orgSettings.weeklyOffs.offSomeWeeks') },
                      ]}
                    />
                    {mode === 'some' && rule && rule.weeks !== 'all' && (
                      <Chip.Group
                        multiple
                        value={rule.weeks.map(String)}
                        onChange={(weeks) => {
                          const picked = weeks.map(Number).sort();
                          setRule(weekday, picked.length ? { weekday, weeks: picked } : null);
                        }}
                      >
                        <Group gap={4}>
                          {WEEKS.map((w) => (
                            <Chip key={w} value={String(w)} size="xs">
                              {tx('orgSettings.weeklyOffs.week', { week: w })}
                            </Chip>
                          ))}
                        </Group>
                      </Chip.Group>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}
