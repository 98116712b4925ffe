import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, readSettings, updateSettings, writeSettings } from '../../desktop/main/settings.ts';

let dir: string;
let file: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-settings-'));
  file = path.join(dir, 'nested', 'desktop-settings.json');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('desktop settings file', () => {
  it('defaults to local-only on port 8080 when there is no file', () => {
    expect(DEFAULT_SETTINGS).toEqual({ lanAccess: false, port: 8080 });
    expect(readSettings(file)).toEqual(DEFAULT_SETTINGS);
  });

  it('remembers what was written', () => {
    writeSettings(file, { lanAccess: true, port: 8181 });
    expect(readSettings(file)).toEqual({ lanAccess: true, port: 8181 });
    expect(fs.readdirSync(path.dirname(file))).toEqual(['desktop-settings.json']); // no temp file left
  });

  it('updateSettings changes one field and keeps the rest', () => {
    writeSettings(file, { lanAccess: false, port: 8181 });
    expect(updateSettings(file, { lanAccess: true })).toEqual({ lanAccess: true, port: 8181 });
    expect(readSettings(file)).toEqual({ lanAccess: true, port: 8181 });
  });

  it('falls back to defaults for a damaged file, and per field for a bad value', () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '{ "lanAccess": tru');
    expect(readSettings(file)).toEqual(DEFAULT_SETTINGS);
    fs.writeFileSync(file, JSON.stringify({ lanAccess: true, port: 'eighty' }));
    expect(readSettings(file)).toEqual({ lanAccess: true, port: 8080 });
    fs.writeFileSync(file, '[]');
    expect(readSettings(file)).toEqual(DEFAULT_SETTINGS);
  });
});
