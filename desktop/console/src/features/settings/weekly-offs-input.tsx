import { Chip, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import type { WeeklyOffRule } from '../../../../../shared/org.ts';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const WEEKS = [1, 2, 3, 4, 5];
const ORDINALS = ['1st', '2nd', '3rd', '4th', '5th'];

type Mode = 'working' | 'all' | 'some';

interface WeeklyOffsInputProps {
  value: WeeklyOffRule[];
  onChange: (value: WeeklyOffRule[]) => void;
  error?: React.ReactNode;
}

/** Which weekdays are off: every week, or only some occurrences in the month (e.g. 2nd and 4th Saturday). */
export function WeeklyOffsInput({ value, onChange, error }: WeeklyOffsInputProps) {
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
        Weekly offs
      </Text>
      <Table withTableBorder verticalSpacing={6} highlightOnHover={false}>
        <Table.Tbody>
          {WEEKDAYS.map((name, weekday) => {
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
                      aria-label={`${name} schedule`}
                      value={mode}
                      onChange={(m) => setMode(weekday, m as Mode)}
                      data={[
                        { value: 'working', label: 'Working' },
                        { value: 'all', label: 'Off every week' },
                        { value: 'some', label: 'Off some weeks' },
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
                              {ORDINALS[w - 1]}
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
