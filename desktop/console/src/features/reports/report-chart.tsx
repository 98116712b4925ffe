import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportChart } from '../../../../../shared/reports.ts';
import { useTx } from '../../i18n/language.tsx';

/** The chart rows Mantine draws: one per category, a value per series. */
export function chartData(chart: ReportChart): Record<string, string | number>[] {
  return chart.categories.map((category, i) => {
    const row: Record<string, string | number> = { category };
    chart.series.forEach((s, k) => (row[`s${k}`] = s.values[i] ?? 0));
    return row;
  });
}

/** A report's chart: bars (grouped or stacked) or lines, with a legend and the unit on the values. */
export function ReportChartView({ chart, height = 260 }: { chart: ReportChart; height?: number }) {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const data = chartData(chart);
  const series = chart.series.map((s, k) => ({ name: `s${k}`, label: s.label, color: s.color }));
  // The server names the unit by a code ("days", "hours", "people", "%"); the reader gets it in their language (as the exports write it).
  const unitWord = chart.unit ? t('reportWords.unit', { unit: chart.unit }) : '';
  const unit = unitWord ? ` ${unitWord}` : '';
  const valueFormatter = (v: number) => `${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(v)}${unit}`;
  const common = {
    h: height,
    data,
    dataKey: 'category',
    series,
    withLegend: series.length > 1,
    legendProps: { verticalAlign: 'bottom' as const, height: 40 },
    valueFormatter,
    tickLine: 'y' as const,
    gridAxis: 'y' as const,
    xAxisProps: { interval: 'preserveStartEnd' as const, minTickGap: 8 },
    yAxisProps: { tickFormatter: (v: number) => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 }).format(v), allowDecimals: chart.unit !== 'people' && chart.unit !== 'days' },
  };
  return (
    <Paper withBorder p="md" data-testid="report-chart" aria-label={chart.title}>
      <Text fw={600} size="sm" mb="xs">
        {chart.title}
        {chart.unit ? (
          <Text span c="dimmed" size="xs">
            {' '}
            ({tx('reportWords.unit', { unit: chart.unit })})
          </Text>
        ) : null}
      </Text>
      {data.length === 0 ? (
        <Text c="dimmed" size="sm" py="xl" ta="center">
          {tx('reports.chart.empty')}
        </Text>
      ) : chart.type === 'line' ? (
        <LineChart {...common} curveType="linear" withDots={data.length <= 40} />
      ) : (
        <BarChart {...common} type={chart.stacked ? 'stacked' : 'default'} />
      )}
    </Paper>
  );
}
