// Muster's service worker: the console as an installable app (docs/architecture.md, "The phone app's worker").
// Built into dist/console/sw.js by desktop/console/pwa-plugin.ts, which replaces the two placeholders below with
// the build's id and its precache list. Plain JavaScript on purpose: a classic worker script every phone runs.
//
// Caching rules:
// - The application shell (index.html, the hashed assets, icons, manifest, offline page) is precached per build in
//   `muster-shell-<build>`; the caches of older builds are deleted when the new worker activates.
// - Nothing under /api is ever cached or even touched: those requests go straight to the network, so no person's
//   data ever lands in Cache Storage.
// - Pages (navigations) are network-first, so an online phone always runs the build the PC serves; offline they get
//   the cached shell, and the offline page when the shell is not cached.
// - Other same-origin static files not in the precache (none today) go to `muster-runtime`, which is emptied when
//   the console says the user signed out.
/* eslint-env serviceworker */
'use strict';

const BUILD = '__MUSTER_BUILD__';
/** @type {{ url: string, revision: string | null }[]} */
const PRECACHE = /* __MUSTER_PRECACHE__ */ [];

const SHELL_PREFIX = 'muster-shell-';
const SHELL = SHELL_PREFIX + BUILD;
const RUNTIME = 'muster-runtime';
const SHELL_PAGE = '/index.html';
const OFFLINE_PAGE = '/offline.html';
const STATIC_PATH = /^\/(assets|icons)\/|\.(js|css|svg|png|woff2?|webmanifest)$/;

/** Whether a URL is the server's API: never cached, never answered by this worker. */
function isApi(url) {
  return url.pathname === '/api' || url.pathname.startsWith('/api/');
}

self.addEventListener('install', (event) => {
  // Where the browser can (Chromium's static routing), /api requests do not even wake the worker: straight to
  // the network. Elsewhere the fetch handler below lets them pass untouched.
  if (typeof event.addRoutes === 'function') {
    event.addRoutes([{ condition: { urlPattern: { pathname: '/api/*' } }, source: 'network' }]).catch(() => undefined);
  }
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      // `reload` skips the HTTP cache: the shell must be this build's files, not an hour-old index.html.
      await cache.addAll(PRECACHE.map((entry) => new Request(entry.url, { cache: 'reload', credentials: 'same-origin' })));
      // A new build takes over at once; the console shows an "updated" note when it does (src/pwa/register.ts).
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name !== SHELL).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || typeof data !== 'object') return;
  if (data.type === 'signed-out') {
    // Everything but this build's shell goes: no file fetched during the session outlives it.
    const done = (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name !== SHELL).map((name) => caches.delete(name)));
    })();
    event.waitUntil(done.then(() => event.ports[0]?.postMessage({ type: 'caches-cleared' })));
  } else if (data.type === 'build') {
    event.ports[0]?.postMessage({ type: 'build', build: BUILD });
  }
});

/** The cached shell, else the offline page, else a plain offline answer: a navigation while the network is gone. */
async function offlineAnswer() {
  const shell = await caches.open(SHELL);
  const page = (await shell.match(SHELL_PAGE)) ?? (await caches.match(OFFLINE_PAGE));
  if (page) return page;
  return new Response(
    '<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
      '<title>Muster is offline</title><h1>You are offline</h1><p>Muster cannot be reached. <a href="/">Try again</a></p>',
    { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } },
  );
}

async function navigate(request) {
  try {
    return await fetch(request);
  } catch {
    return offlineAnswer();
  }
}

async function staticFile(request, url) {
  const cached = await caches.match(request, { cacheName: SHELL });
  if (cached) return cached;
  const response = await fetch(request);
  const cacheControl = response.headers.get('Cache-Control') ?? '';
  if (response.ok && response.type === 'basic' && STATIC_PATH.test(url.pathname) && !/no-store|private/.test(cacheControl)) {
    const copy = response.clone();
    void caches.open(RUNTIME).then((cache) => cache.put(request, copy));
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isApi(url)) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(request));
    return;
  }
  if (url.pathname === '/sw.js') return;
  event.respondWith(staticFile(request, url));
});
