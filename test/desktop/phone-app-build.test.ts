// The phone app's build pieces: the committed icons match their SVG sources, and the worker's precache list.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { precacheEntries } from '../../desktop/console/pwa-plugin.ts';
import { APP_ICONS, iconPath, renderIcon } from '../../desktop/scripts/make-app-icons.ts';

describe('app icons', () => {
  it.each(APP_ICONS.map((icon) => [icon.file, icon] as const))('%s is its SVG rendered at its size (run desktop/scripts/make-app-icons.ts after changing one)', async (_file, icon) => {
    const committed = await sharp(iconPath(icon)).raw().toBuffer({ resolveWithObject: true });
    expect([committed.info.width, committed.info.height]).toEqual([icon.size, icon.size]);
    const fresh = await sharp(await renderIcon(icon)).raw().toBuffer({ resolveWithObject: true });
    expect(fresh.info.channels).toBe(committed.info.channels);
    // Pixel for pixel, allowing a rasteriser's rounding of a step or two on edges.
    let worst = 0;
    for (let i = 0; i < fresh.data.length; i++) worst = Math.max(worst, Math.abs(fresh.data[i]! - committed.data[i]!));
    expect(worst).toBeLessThanOrEqual(8);
  });
});

describe('precache list', () => {
  it('lists every built file but the worker and source maps; hashed assets by name, the rest with a content revision', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-precache-'));
    try {
      fs.mkdirSync(path.join(dir, 'assets'));
      fs.mkdirSync(path.join(dir, 'icons'));
      fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
      fs.writeFileSync(path.join(dir, 'sw.js'), '// the worker');
      fs.writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), 'console.log(1)');
      fs.writeFileSync(path.join(dir, 'assets', 'index-AbC123.js.map'), '{}');
      fs.writeFileSync(path.join(dir, 'icons', 'icon-192.png'), 'png');
      const entries = precacheEntries(dir);
      expect(entries.map((e) => e.url)).toEqual(['/assets/index-AbC123.js', '/icons/icon-192.png', '/index.html']);
      expect(entries[0]!.revision).toBeNull();
      expect(entries[2]!.revision).toMatch(/^[0-9a-f]{16}$/);
      fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>next build</title>');
      expect(precacheEntries(dir)[2]!.revision).not.toBe(entries[2]!.revision);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
