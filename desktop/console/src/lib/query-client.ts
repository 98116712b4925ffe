import { MutationCache, QueryCache, QueryClient, onlineManager } from '@tanstack/react-query';
import { ApiError } from './api.ts';
import { notifyError } from './notify.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** 401s are handled by the redirect to the login page; everything else is shown unless marked silent. */
function shouldNotify(error: unknown, silent: boolean | undefined): boolean {
  if (silent) return false;
  return !(error instanceof ApiError && error.status === 401);
}

// TanStack Query only hears the browser's online/offline events; a phone app opened with no network starts
// offline, so its queries wait for the network (and say so) instead of failing.
onlineManager.setOnline(navigator.onLine);

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (shouldNotify(error, query.meta?.silent)) notifyError(error, 'Could not load data');
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _vars, _ctx, mutation) => {
      if (shouldNotify(error, mutation.meta?.silent)) notifyError(error);
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
    mutations: { retry: false },
  },
});
