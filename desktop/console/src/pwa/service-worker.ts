import { notifications } from '@mantine/notifications';

/**
 * The console's side of the phone app's service worker (desktop/console/service-worker.js): registers it in the
 * built console, shows a small note when a new build's worker takes over, and tells it when the user signs out.
 * The dev server (`vite`) has no worker.
 */

const UPDATE_CHECK_MS = 60 * 60_000;

function supported(): boolean {
  return import.meta.env.PROD && 'serviceWorker' in navigator && window.isSecureContext;
}

/** Registers `/sw.js` once the page has loaded; checks for a new build hourly and whenever the app comes back. */
export function registerServiceWorker(): void {
  if (!supported()) return;
  const container = navigator.serviceWorker;
  // Only a worker replacing another one is an update; the very first install is not worth a note.
  let hadController = Boolean(container.controller);
  container.addEventListener('controllerchange', () => {
    if (hadController) showUpdatedNote();
    hadController = true;
  });
  const register = () => {
    container
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        const check = () => void registration.update().catch(() => undefined);
        window.setInterval(check, UPDATE_CHECK_MS);
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') check();
        });
      })
      .catch((error: unknown) => console.warn('The service worker did not register:', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** The note a new build's worker leaves: the page in front may still be the old build, so offer a reload. */
function showUpdatedNote(): void {
  notifications.show({
    id: 'muster-updated',
    color: 'indigo',
    title: 'Muster was updated',
    message: 'A new version is installed. Reload to use it everywhere.',
    autoClose: 10_000,
    withCloseButton: true,
    onClick: () => window.location.reload(),
    style: { cursor: 'pointer' },
  });
}

/**
 * Asks the worker to empty every cache but the application shell after a sign-out; resolves when it has (or at
 * once when there is no worker). Never throws: signing out must not wait on, or fail because of, the worker.
 */
export async function forgetCachesOnSignOut(timeoutMs = 2000): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const worker = navigator.serviceWorker.controller;
  if (!worker) return;
  await new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    const timer = window.setTimeout(resolve, timeoutMs);
    channel.port1.onmessage = () => {
      window.clearTimeout(timer);
      resolve();
    };
    worker.postMessage({ type: 'signed-out' }, [channel.port2]);
  });
}
