import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '../../../../../shared/dashboard.ts';
import { api } from '../../lib/api.ts';

/** The dashboard, refreshed every 30 s while the page is open (like the live board). */
export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => api.get<Dashboard>('/api/dashboard', undefined, { signal }),
    refetchInterval: 30_000,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });
}
