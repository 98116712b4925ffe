import fs from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { BundleManifest, ManifestFile } from '../../../../shared/compliance.ts';
import type { ExportFormat } from '../../../../shared/common.ts';
import type { LocationEstablishment } from '../../../../shared/establishment.ts';
import { dayInZone } from '../../../../shared/dates.ts';
import { type Ctx, requirePermission } from '../../context.ts';
import { renderTable } from '../../exports/table.ts';
import { badRequest } from '../../http/problem.ts';
import { type RegisterDef, REGISTERS, isAvailable, layoutFor } from './catalogue.ts';
import { FactsLoader } from './facts.ts';
import { complianceDir, type FiledRows, filedRowsOf, sha256 } from './filed.ts';
import { type Generated, fileBase, generate, tableOf } from './generate.ts';
import { bundlePeriod } from './period.ts';
import * as repo from './repo.ts';

/**
 * The period bundle: every register relevant to a month (monthly ones for the
 * month, yearly ones for its calendar year up to the month's end, as-of ones
 * at its end), per location, in PDF and XLSX, and `manifest.json`. Files are
 * generated one at a time and handed to a sink (a streaming zip, or the
 * filing's store), so the bundle is never held whole in memory.
 */

export const BUNDLE_FORMATS: readonly ExportFormat[] = ['pdf', 'xlsx'];

export interface BundlePlan {
  month: string;
  locations: LocationEstablishment[];
  defs: RegisterDef[];
  wageStartDay: number;
  organisation: string;
  /** A filing of exactly this month and location choice. */
  filingId: string | null;
}

export interface BundleFile {
  name: string;
  folder: string;
  generated: Generated;
  format: ExportFormat;
  bytes: Buffer;
  manifest: ManifestFile;
}

export function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'location';
}

/** Checks the request and lists what the bundle holds (400 naming a bad location). */
export async function planBundle(ctx: Ctx, input: { period: string; location?: string | undefined }): Promise<BundlePlan> {
  requirePermission(ctx, 'compliance:read');
  const facts = new FactsLoader(ctx.db, null);
  const est = await facts.establishment();
  let locations = est.locations;
  if (input.location) {
    locations = est.locations.filter((l) => l.locationId === input.location);
    if (locations.length === 0) throw badRequest('No such location.', [{ path: 'query.location', message: 'no such location' }]);
  }
  const filing = await repo.findFiling(ctx.db, input.period, input.location ?? '*');
  return {
    month: input.period,
    locations,
    defs: REGISTERS.filter(isAvailable),
    wageStartDay: est.wagePeriodStartDay,
    organisation: est.organisationName,
    filingId: filing?.id ?? null,
  };
}

export function bundleFileCount(plan: BundlePlan): number {
  return plan.locations.length * plan.defs.length * BUNDLE_FORMATS.length;
}

/**
 * Generates every file of the bundle in order and hands each to `sink`
 * (awaited before the next is made); returns the manifest entries. `rows`
 * receives each register's printed rows (what a filing keeps).
 */
export async function generateBundleFiles(
  ctx: Ctx,
  plan: BundlePlan,
  sink: (file: BundleFile) => Promise<void>,
  opts: { progress?: (done: number, message: string) => Promise<void>; rows?: (folder: string, g: Generated, rows: FiledRows) => Promise<void> } = {},
): Promise<ManifestFile[]> {
  const today = dayInZone(ctx.clock.now(), ctx.timeZone);
  const manifest: ManifestFile[] = [];
  let done = 0;
  for (const location of plan.locations) {
    const facts = new FactsLoader(ctx.db, location.locationId);
    const folder = slug(location.locationName);
    for (const def of plan.defs) {
      const period = bundlePeriod(def.periodKind, plan.month, plan.wageStartDay);
      const picked = layoutFor(def, undefined, location.stateProfile);
      if (!picked) continue;
      const g = await generate({ def, layout: picked.layout, profile: picked.profile, period, facts, today, timeZone: ctx.timeZone });
      if (opts.rows) await opts.rows(folder, g, filedRowsOf(g));
      for (const format of BUNDLE_FORMATS) {
        await opts.progress?.(done, `${location.locationName}: ${def.title} (${picked.layout.form}, ${format.toUpperCase()})`);
        const generatedAt = ctx.clock.now();
        const bytes = await renderTable(tableOf(g), format, generatedAt);
        const name = `${folder}/${fileBase(g)}.${format}`;
        const entry: ManifestFile = {
          name,
          key: def.key,
          title: def.title,
          form: picked.layout.form,
          profile: picked.profile,
          period: `${period.from}..${period.to}`,
          location: location.locationName,
          legalBasis: def.legalBasis,
          format,
          rowCount: g.built.rows.length,
          sha256: sha256(bytes),
          sizeBytes: bytes.length,
          generatedAt: generatedAt.toISOString(),
          blankColumns: g.blankColumns,
          notes: g.built.notes,
        };
        manifest.push(entry);
        await sink({ name, folder, generated: g, format, bytes, manifest: entry });
        done++;
      }
    }
  }
  return manifest;
}

export function manifestOf(ctx: Ctx, plan: BundlePlan, files: ManifestFile[], filed: BundleManifest['filed']): BundleManifest {
  return {
    organisation: plan.organisation,
    period: plan.month,
    location: plan.locations.length === 1 ? (plan.locations[0]?.locationName ?? null) : null,
    generatedAt: ctx.clock.now().toISOString(),
    generatedBy: ctx.caller.name,
    filed,
    files,
  };
}

/** A zip written entry by entry to a stream (yazl), pausing while the reader is behind so memory stays bounded. */
export async function openZip(out: Writable) {
  const { ZipFile } = await import('yazl');
  const zip = new ZipFile();
  const finished = new Promise<void>((resolve, reject) => {
    out.on('finish', () => resolve());
    out.on('close', () => resolve());
    out.on('error', reject);
    zip.outputStream.on('error', reject);
  });
  const output = zip.outputStream as unknown as Readable;
  output.pipe(out);
  const HIGH = 4 * 1024 * 1024;
  return {
    async add(name: string, bytes: Buffer, mtime: Date): Promise<void> {
      zip.addBuffer(bytes, name, { mtime, compress: !name.endsWith('.xlsx') });
      // yazl writes what it is given; wait while more than a few MiB wait for the reader.
      for (let i = 0; output.readableLength > HIGH && !out.destroyed && i < 60_000; i++) await new Promise((r) => setTimeout(r, 5));
      if (out.destroyed) throw new Error('the download was closed');
    },
    async addFile(name: string, file: string, mtime: Date): Promise<void> {
      zip.addReadStream(fs.createReadStream(file), name, { mtime, compress: !name.endsWith('.xlsx') });
      for (let i = 0; output.readableLength > HIGH && !out.destroyed && i < 60_000; i++) await new Promise((r) => setTimeout(r, 5));
    },
    async end(): Promise<void> {
      zip.end();
      await finished;
    },
  };
}

/** A filed bundle: the stored files as filed, the filed manifest, and the amendment file when the data changed since. */
export async function writeFiledBundle(ctx: Ctx, filingId: string, dataDir: string, out: Writable, amendmentText: string | null): Promise<void> {
  const filing = await repo.findFilingById(ctx.db, filingId);
  if (!filing) throw new Error('filing vanished');
  const files = await repo.filedFilesOf(ctx.db, filingId);
  const zip = await openZip(out);
  const at = new Date(filing.filed_at);
  for (const f of files) await zip.addFile(f.name, path.join(complianceDir(dataDir), f.storage_path), at);
  await zip.add('manifest.json', Buffer.from(filing.manifest, 'utf8'), at);
  if (amendmentText) await zip.add('AMENDMENTS.txt', Buffer.from(amendmentText, 'utf8'), ctx.clock.now());
  await zip.end();
}

/** A live bundle streamed into `out`; returns the manifest. */
export async function writeLiveBundle(ctx: Ctx, plan: BundlePlan, out: Writable, progress?: (done: number, message: string) => Promise<void>): Promise<BundleManifest> {
  const zip = await openZip(out);
  const files = await generateBundleFiles(ctx, plan, (f) => zip.add(f.name, f.bytes, new Date(f.manifest.generatedAt)), progress ? { progress } : {});
  const manifest = manifestOf(ctx, plan, files, null);
  await zip.add('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2), 'utf8'), ctx.clock.now());
  await zip.end();
  return manifest;
}

export function ensureDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
}
