import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent, IconChartBar, IconDeviceDesktopAnalytics, IconFingerprint, IconStar, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ReportCategory, ReportDefinition } from '../../../../../shared/reports.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { CATEGORY_ORDER } from './report-format.ts';
import { useReportCatalogue } from './report-queries.ts';

const CATEGORY: Record<ReportCategory, { icon: ReactNode; color: string; blurb: string }> = {
  Attendance: { icon: <IconFingerprint size={18} />, color: 'teal', blurb: 'From the reconciled days: presence, punctuality, overtime, absence.' },
  Leave: { icon: <IconCalendarEvent size={18} />, color: 'blue', blurb: 'From the leave ledger: balances and leave taken.' },
  People: { icon: <IconUsers size={18} />, color: 'grape', blurb: 'From the directory: headcount and attrition.' },
  Devices: { icon: <IconDeviceDesktopAnalytics size={18} />, color: 'orange', blurb: 'The biometric terminals and their sync.' },
};

const PARAMETER: Record<ReportDefinition['parameter']['kind'], string> = {
  period: 'Month or year',
  month: 'Month',
  year: 'Year',
  leaveYear: 'Leave year',
  days: 'Last days',
};

/** The report catalogue by category, and the reports saved by me or shared with HR. */
export function ReportsPage() {
  const catalogue = useReportCatalogue();
  if (catalogue.error) return <QueryError error={catalogue.error} onRetry={() => void catalogue.refetch()} />;
  const items = catalogue.data?.items;
  const saved = items?.filter((r) => r.saved) ?? [];
  return (
    <>
      <PageHeader title="Reports" description="Ready-made reports with charts; every one exports to CSV, Excel and PDF. Managers see their reporting line." />
      {!items ? (
        <TableSkeleton rows={8} />
      ) : (
        <Stack gap="xl">
          {saved.length > 0 && (
            <Section title="Saved reports" icon={<IconStar size={18} />} color="yellow" blurb="Saved with their period and filters.">
              {saved.map((r) => (
                <ReportCard key={r.id} report={r} />
              ))}
            </Section>
          )}
          {/* Big categories take a row each; the small ones share one, side by side. */}
          {CATEGORY_ORDER.filter((c) => builtIn(items, c).length > 2).map((category) => (
            <Section key={category} title={category} icon={CATEGORY[category].icon} color={CATEGORY[category].color} blurb={CATEGORY[category].blurb}>
              {builtIn(items, category).map((r) => (
                <ReportCard key={r.id} report={r} />
              ))}
            </Section>
          ))}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {CATEGORY_ORDER.filter((c) => builtIn(items, c).length > 0 && builtIn(items, c).length <= 2).map((category) => (
              <Section key={category} title={category} icon={CATEGORY[category].icon} color={CATEGORY[category].color} blurb={CATEGORY[category].blurb} columns={1}>
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

function Section({ title, icon, color, blurb, children, columns }: { title: string; icon: ReactNode; color: string; blurb: string; children: ReactNode; columns?: number }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
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
  return (
    <Card withBorder padding="md" component={Link} to={`/reports/${report.id}`} data-testid="report-card">
      <Stack gap={6} h="100%" justify="space-between">
        <div>
          <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
            <Text fw={600}>{report.name}</Text>
            <IconChartBar size={16} color="var(--mantine-color-gray-5)" />
          </Group>
          <Text size="sm" c="dimmed" lineClamp={3}>
            {report.description}
          </Text>
        </div>
        <Group gap={6}>
          <Badge size="sm" variant="light" color="gray">
            {PARAMETER[report.parameter.kind]}
          </Badge>
          {report.saved && (
            <Badge size="sm" variant="light" color={report.saved.shared ? 'grape' : 'yellow'}>
              {report.saved.mine ? (report.saved.shared ? 'Mine, shared with HR' : 'Mine') : `Shared by ${report.saved.ownerName}`}
            </Badge>
          )}
          <Anchor component="span" size="xs" ml="auto">
            Open →
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
