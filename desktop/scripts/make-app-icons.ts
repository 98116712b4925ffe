// Renders the console's app icons (web app manifest, Apple touch icon) from their SVG sources with sharp.
// The PNGs are committed under desktop/console/public/icons/; run this after changing an SVG:
//   npx tsx desktop/scripts/make-app-icons.ts
// test/unit/app-icons.test.ts fails when a PNG no longer matches its source.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const consoleDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../console');

export interface AppIcon {
  source: string;
  file: string;
  size: number;
}

/** Every PNG the manifest and index.html name, with the SVG it is drawn from. */
export const APP_ICONS: readonly AppIcon[] = [
  { source: 'icons/app-icon.svg', file: 'public/icons/icon-192.png', size: 192 },
  { source: 'icons/app-icon.svg', file: 'public/icons/icon-512.png', size: 512 },
  { source: 'icons/app-icon-maskable.svg', file: 'public/icons/icon-maskable-192.png', size: 192 },
  { source: 'icons/app-icon-maskable.svg', file: 'public/icons/icon-maskable-512.png', size: 512 },
  { source: 'icons/app-icon-maskable.svg', file: 'public/icons/apple-touch-icon.png', size: 180 },
];

/** The PNG of one icon: the SVG rasterised at a density that gives `size` pixels, no metadata (stable bytes). */
export async function renderIcon(icon: AppIcon): Promise<Buffer> {
  return sharp(path.join(consoleDir, icon.source), { density: (72 * icon.size) / 512 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9, palette: false })
    .toBuffer();
}

export function iconPath(icon: AppIcon): string {
  return path.join(consoleDir, icon.file);
}

async function main(): Promise<void> {
  for (const icon of APP_ICONS) {
    await sharp(await renderIcon(icon)).toFile(iconPath(icon));
    console.log(`${icon.file} (${icon.size}×${icon.size}) from ${icon.source}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
