import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent, IconChartBar, IconDeviceDesktopAnalytics, IconFingerprint, IconStar, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReportCategory, ReportDefinition } from '../../../../../shared/reports.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { useTx } from '../../i18n/language.tsx';
import { CATEGORY_ORDER } from './report-format.ts';
import { useReportCatalogue } from './report-queries.ts';
import { useReportWords } from './report-words.tsx';

/** A category's look; its name and blurb are `reports.category.<name>` and `reports.blurb.<name>`. */
const CATEGORY: Record<ReportCategory, { icon: ReactNode; color: string }> = {
  Attendance: { icon: <IconFingerprint size={18} />, color: 'teal' },
  Leave: { icon: <IconCalendarEvent size={18} />, color: 'blue' },
  People: { icon: <IconUsers size={18} />, color: 'grape' },
  Devices: { icon: <IconDeviceDesktopAnalytics size={18} />, color: 'orange' },
};

/** The report catalogue by category, and the reports saved by me or shared with HR. */
export function ReportsPage() {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const catalogue = useReportCatalogue();
  if (catalogue.error) return <QueryError error={catalogue.error} onRetry={() => void catalogue.refetch()} />;
  const items = catalogue.data?.items;
  const saved = items?.filter((r) => r.saved) ?? [];
  return (
    <>
      <PageHeader title={tx('reports.title')} documentTitle={t('reports.title')} description={tx('reports.description')} />
      {!items ? (
        <TableSkeleton rows={8} />
      ) : (
        <Stack gap="xl">
          {saved.length > 0 && (
            <Section title={tx('reports.saved')} label={t('reports.saved')} icon={<IconStar size={18} />} color="yellow" blurb={tx('reports.savedBlurb')}>
              {saved.map((r) => (
                <ReportCard key={r.id} report={r} />
              ))}
            </Section>
          )}
          {/* Big categories take a row each; the small ones share one, side by side. */}
          {CATEGORY_ORDER.filter((c) => builtIn(items, c).length > 2).map((category) => (
            <Section key={category} title={tx(`reports.category.${category}`)} label={t(`reports.category.${category}`)} icon={CATEGORY[category].icon} color={CATEGORY[category].color} blurb={tx(`reports.blurb.${category}`)}>
              {builtIn(items, category).map((r) => (
                <ReportCard key={r.id} report={r} />
              ))}
            </Section>
          ))}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {CATEGORY_ORDER.filter((c) => builtIn(items, c).length > 0 && builtIn(items, c).length <= 2).map((category) => (
              <Section key={category} title={tx(`reports.category.${category}`)} label={t(`reports.category.${category}`)} icon={CATEGORY[category].icon} color={CATEGORY[category].color} blurb={tx(`reports.blurb.${category}`)} columns={1}>
                {builtIn(items, category).map((r) => (
                  <ReportCard key={r.id} report={r} />
                ))}
              </Section>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </>
  );
}

function builtIn(items: readonly ReportDefinition[], category: ReportCategory): ReportDefinition[] {
  return items.filter((r) => r.builtIn && r.category === category);
}

function Section({ title, label, icon, color, blurb, children, columns }: { title: ReactNode; label: string; icon: ReactNode; color: string; blurb: ReactNode; children: ReactNode; columns?: number }) {
  return (
    <Stack gap="sm" component="section" aria-label={label}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color={color} size={32}>
          {icon}
        </ThemeIcon>
        <div>
          <Title order={4}>{title}</Title>
          <Text size="xs" c="dimmed">
            {blurb}
          </Text>
        </div>
      </Group>
      <SimpleGrid cols={columns ?? { base: 1, sm: 2, lg: 3 }}>{children}</SimpleGrid>
    </Stack>
  );
}

function ReportCard({ report }: { report: ReportDefinition }) {
  const tx = useTx('hr');
  const words = useReportWords();
  return (
    <Card withBorder padding="md" component={Link} to={`/reports/${report.id}`} data-testid="report-card">
      <Stack gap={6} h="100%" justify="space-between">
        <div>
          <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
            <Text fw={600}>{words.name(report).node}</Text>
            <IconChartBar size={16} color="var(--mantine-color-gray-5)" />
          </Group>
          <Text size="sm" c="dimmed" lineClamp={3}>
            {words.description(report).node}
          </Text>
        </div>
        <Group gap={6}>
          <Badge size="sm" variant="light" color="gray">
            {tx(`reports.parameter.${report.parameter.kind}`)}
          </Badge>
          {report.saved && (
            <Badge size="sm" variant="light" color={report.saved.shared ? 'grape' : 'yellow'}>
              {report.saved.mine ? tx(report.saved.shared ? 'reports.mineShared' : 'reports.mine') : tx('reports.sharedBy', { name: report.saved.ownerName })}
            </Badge>
          )}
          <Anchor component="span" size="xs" ml="auto">
            {tx('reports.open')}
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
