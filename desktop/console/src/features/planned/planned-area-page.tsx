import { ComingSoon } from '../../components/coming-soon.tsx';
import { PLANNED_AREAS, type PlannedArea } from './planned-areas.tsx';

/** The "coming soon" panel of an area that is not built yet. */
export function PlannedAreaPage({ area }: { area: PlannedArea }) {
  const a = PLANNED_AREAS[area];
  return <ComingSoon title={a.title} summary={a.summary} features={a.features} />;
}
