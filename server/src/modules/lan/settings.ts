/**
 * The LAN settings an administrator changes from the console, kept beside the
 * certificates in the data dir (they belong to this PC, not to the
 * organisation's data).
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const LAN_SETTINGS_FILE = 'lan-settings.json';

const Stored = z.object({ hsts: z.boolean().default(false).catch(false) });
export type LanSettings = z.infer<typeof Stored>;

export class LanSettingsFile {
  readonly #file: string;
  #settings: LanSettings;

  constructor(dataDir: string) {
    this.#file = path.join(dataDir, LAN_SETTINGS_FILE);
    this.#settings = LanSettingsFile.#read(this.#file);
  }

  static #read(file: string): LanSettings {
    try {
      return Stored.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
    } catch {
      return Stored.parse({});
    }
  }

  get current(): LanSettings {
    return this.#settings;
  }

  /** Writes through a temporary file and rename; returns the new settings. */
  update(changes: Partial<LanSettings>): LanSettings {
    const next = Stored.parse({ ...this.#settings, ...changes });
    const temporary = `${this.#file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, `${JSON.stringify(next, null, 2)}\n`);
    fs.renameSync(temporary, this.#file);
    this.#settings = next;
    return next;
  }
}
