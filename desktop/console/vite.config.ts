import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { musterServiceWorker } from './pwa-plugin.ts';

const consoleRoot = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(consoleRoot, '../..');

/**
 * The HR console: built into `<repo>/dist/console`, which the server serves at `/`; with its service
 * worker (`sw.js`, precaching the built files) it installs as the phone app.
 */
export default defineConfig({
  root: consoleRoot,
  base: '/',
  plugins: [react(), musterServiceWorker({ template: path.join(consoleRoot, 'service-worker.js') })],
  build: {
    outDir: path.join(repoRoot, 'dist/console'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    fs: { allow: [repoRoot] },
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
});
