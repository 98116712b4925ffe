import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildTemplates, TEMPLATE_DIR_ENV } from './templates.ts';

/** Vitest global setup: template databases shared (by copy) by every test file. */
export default async function setup(): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-templates-'));
  await buildTemplates(dir);
  process.env[TEMPLATE_DIR_ENV] = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
