import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../context.ts';
import { AppError } from '../../http/problem.ts';
import type { Cell } from './builders/types.ts';
import { type Generated, describeCell, rowHash, rowValues } from './generate.ts';
import * as repo from './repo.ts';

/**
 * What a filing keeps of each register: its printed rows (values in column
 * order, the row hashes amendments are detected with), stored as JSON beside
 * the filed files under `<data dir>/compliance/<filing id>/`.
 */

export interface FiledRows {
  columns: string[];
  rows: { key: string; employeeId: string | null; values: Cell[] }[];
}

/** A filed copy whose bytes no longer match their stored SHA-256 is refused, never served. */
function altered(file: string): AppError {
  return new AppError(409, 'filed-copy-altered', 'Filed copy altered', `The filed copy ${file} does not match its stored SHA-256: it was changed outside Muster. Restore it from a backup.`);
}

export function complianceDir(dataDir: string): string {
  return path.join(dataDir, 'compliance');
}

export function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function filedRowsOf(g: Generated): FiledRows {
  return { columns: g.columns.map((c) => c.heading), rows: g.built.rows.map((r) => ({ key: r.key, employeeId: r.employeeId, values: rowValues(g, r) })) };
}

/** Reads a filed register's rows, checking them against their stored hash. */
export function readFiledRows(dataDir: string, rowsPath: string, expectedSha: string): FiledRows {
  const bytes = fs.readFileSync(path.join(complianceDir(dataDir), rowsPath));
  if (sha256(bytes) !== expectedSha) throw altered(rowsPath);
  return JSON.parse(bytes.toString('utf8')) as FiledRows;
}

export interface Differences {
  lines: string[];
  /** Employees whose rows changed (for their audit trails). */
  employees: Map<string, string[]>;
  rowsChanged: number;
}

/** Differences between the filed rows and the register as it is now: rows added, removed, and each changed cell. */
export function diffRows(filed: FiledRows, now: Generated, label: string): Differences {
  const out: Differences = { lines: [], employees: new Map(), rowsChanged: 0 };
  const current = new Map(now.built.rows.map((r) => [r.key, r]));
  const before = new Map(filed.rows.map((r) => [r.key, r]));
  const note = (employeeId: string | null, line: string) => {
    out.lines.push(`${label}: ${line}`);
    if (employeeId) out.employees.set(employeeId, [...(out.employees.get(employeeId) ?? []), `${label}: ${line}`]);
  };
  for (const f of filed.rows) {
    const c = current.get(f.key);
    if (!c) {
      out.rowsChanged++;
      note(f.employeeId, `${f.key}: row removed`);
      continue;
    }
    const values = rowValues(now, c);
    if (rowHash(values) === rowHash(f.values)) continue;
    out.rowsChanged++;
    values.forEach((v, i) => {
      if (JSON.stringify(v) !== JSON.stringify(f.values[i] ?? null)) note(c.employeeId, describeCell(now, f.key, i, f.values[i] ?? null, v));
    });
  }
  for (const c of now.built.rows) {
    if (before.has(c.key)) continue;
    out.rowsChanged++;
    note(c.employeeId, `${c.key}: row added`);
  }
  return out;
}

export async function storedFileBytes(dataDir: string, storagePath: string, expectedSha: string): Promise<Buffer> {
  const bytes = await fs.promises.readFile(path.join(complianceDir(dataDir), storagePath));
  if (sha256(bytes) !== expectedSha) throw altered(storagePath);
  return bytes;
}

export type FiledRegisterRow = NonNullable<Awaited<ReturnType<typeof repo.findFiledRegister>>>;

export async function filedRegisterFor(db: Db, input: { key: string; profile: string; period: string; locationKey: string }) {
  return repo.findFiledRegister(db, input);
}
