import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const SETTINGS_FILE = 'desktop-settings.json';

// `.catch` per field: one bad value falls back to its default instead of losing the rest.
const DesktopSettingsSchema = z.object({
  lanAccess: z.boolean().default(false).catch(false),
  port: z.number().int().min(1).max(65535).default(8080).catch(8080),
});

export type DesktopSettings = z.infer<typeof DesktopSettingsSchema>;

export const DEFAULT_SETTINGS: Readonly<DesktopSettings> = Object.freeze(DesktopSettingsSchema.parse({}));

/** The settings in `file`; defaults for a missing or unreadable file or field. */
export function readSettings(file: string): DesktopSettings {
  let stored: unknown;
  try {
    stored = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
  const parsed = DesktopSettingsSchema.safeParse(stored);
  return parsed.success ? parsed.data : { ...DEFAULT_SETTINGS };
}

/** Writes via a temporary file and rename, so a crash never leaves half a file. */
export function writeSettings(file: string, settings: DesktopSettings): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(DesktopSettingsSchema.parse(settings), null, 2) + '\n');
  fs.renameSync(temporary, file);
}

/** Reads, applies `changes`, writes. Returns the new settings. */
export function updateSettings(file: string, changes: Partial<DesktopSettings>): DesktopSettings {
  const next = { ...readSettings(file), ...changes };
  writeSettings(file, next);
  return next;
}
