import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
// Noto Sans for the Indian scripts, bundled (no CDN); each face loads only when its script is on the page (unicode-range).
import '@fontsource/noto-sans-devanagari/400.css';
import '@fontsource/noto-sans-devanagari/700.css';
import '@fontsource/noto-sans-kannada/400.css';
import '@fontsource/noto-sans-kannada/700.css';
import '@fontsource/noto-sans-tamil/400.css';
import '@fontsource/noto-sans-tamil/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { LanguageDatesProvider } from './i18n/dates.tsx';
import { i18n } from './i18n/i18n.ts';
import { LanguageSync } from './i18n/language.tsx';
import { setUnauthorizedHandler } from './lib/api.ts';
import { meKey } from './session/session-queries.ts';
import { queryClient } from './lib/query-client.ts';
import { forgetCachesOnSignOut, registerServiceWorker } from './pwa/service-worker.ts';
import { router } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

// Any 401 (an ended or revoked session) sends the user to sign in again.
setUnauthorizedHandler(() => {
  const { pathname, search } = router.state.location;
  if (pathname === '/login' || pathname === '/setup') return;
  // Forget the user first, or the login page would send them straight back.
  queryClient.removeQueries({ queryKey: meKey });
  void forgetCachesOnSignOut();
  void router.navigate('/login', { replace: true, state: { from: pathname + search, expired: true } });
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

registerServiceWorker();

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <I18nextProvider i18n={i18n}>
        {/* Inside i18next: the date pickers' month and weekday names follow the language. */}
        <LanguageDatesProvider>
          <Notifications position="top-right" limit={4} />
          <QueryClientProvider client={queryClient}>
            <LanguageSync />
            <RouterProvider router={router} />
          </QueryClientProvider>
        </LanguageDatesProvider>
      </I18nextProvider>
    </MantineProvider>
  </StrictMode>,
);
