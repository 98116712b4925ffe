import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ApiError } from '../lib/api.ts';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { FullPageError } from '../components/full-page-error.tsx';
import { SessionContext } from './session-context.tsx';
import { useMe, useSetupStatus } from './session-queries.ts';

/** Renders its children for a signed-in user; otherwise sends to /setup or /login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  const setup = useSetupStatus();
  const me = useMe();

  if (setup.data?.needsSetup) return <Navigate to="/setup" replace />;
  if (me.isPending || setup.isPending) return <FullPageLoader />;
  if (me.error) {
    if (me.error instanceof ApiError && me.error.status === 401) {
      return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
    }
    return <FullPageError error={me.error} onRetry={() => void me.refetch()} />;
  }
  return <SessionContext.Provider value={me.data}>{children}</SessionContext.Provider>;
}
