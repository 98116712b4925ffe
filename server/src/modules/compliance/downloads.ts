import fs from 'node:fs';
import type { Writable } from 'node:stream';
import type { BundleQuery, RegisterExportQuery } from '../../../../shared/compliance.ts';
import type { Job } from '../../../../shared/jobs.ts';
import { type Ctx, requirePermission } from '../../context.ts';
import { CONTENT_TYPES } from '../../exports/table.ts';
import { recordAudit } from '../audit/index.ts';
import { startJob } from '../jobs/index.ts';
import { type BundlePlan, bundleFileCount, planBundle, slug, writeFiledBundle, writeLiveBundle } from './bundle.ts';
import { checkFiling } from './filing.ts';
import { exportRegister, resolveRegister } from './registers.ts';

/** The bundle as a download (streamed straight to the client, or built by a job the console polls), and one register built by a job. */

export function bundleFilename(plan: BundlePlan): string {
  const where = plan.locations.length === 1 ? `_${slug(plan.locations[0]?.locationName ?? '')}` : '';
  return `compliance-bundle_${plan.month}${where}.zip`;
}

export interface PreparedBundle {
  plan: BundlePlan;
  filename: string;
  write(out: Writable): Promise<void>;
}

/**
 * Checks the request (400/403 before any byte is sent), audits the download,
 * and returns the writer: a filed month's stored files (with an amendment file
 * when the data changed since), or a bundle generated file by file.
 */
export async function prepareBundle(ctx: Ctx, query: BundleQuery, dataDir: string): Promise<PreparedBundle> {
  requirePermission(ctx, 'compliance:read');
  const plan = await planBundle(ctx, query);
  const amendments = plan.filingId ? await checkFiling(ctx, plan.filingId, dataDir) : null;
  if (ctx.caller.employeeId) {
    await recordAudit(ctx, {
      employeeId: ctx.caller.employeeId,
      category: 'Compliance',
      action: 'compliance.bundle-downloaded',
      summary: `Downloaded the compliance bundle of ${plan.month} (${plan.locations.map((l) => l.locationName).join(', ') || 'no locations'})${plan.filingId ? `, as filed${amendments ? ', with its amendments' : ''}` : ''}`,
    });
  }
  return {
    plan,
    filename: bundleFilename(plan),
    write: async (out) => {
      if (plan.filingId) await writeFiledBundle(ctx, plan.filingId, dataDir, out, amendments);
      else await writeLiveBundle(ctx, plan, out);
    },
  };
}

/** Builds the bundle as a job (progress per file, cancellable) into a file the console downloads when done. */
export async function startBundleJob(ctx: Ctx, query: BundleQuery, dataDir: string): Promise<Job> {
  requirePermission(ctx, 'compliance:read');
  const plan = await planBundle(ctx, query);
  const filename = bundleFilename(plan);
  return startJob(ctx, {
    kind: 'compliance.bundle',
    title: `Compliance bundle ${plan.month}${plan.locations.length === 1 ? ` (${plan.locations[0]?.locationName})` : ''}`,
    permission: 'compliance:read',
    total: plan.filingId ? 1 : bundleFileCount(plan),
    params: { period: query.period, location: query.location ?? null },
    dataDir,
    auditDownloadAs: 'Compliance',
    run: async (job) => {
      const file = job.filePath('zip');
      const out = fs.createWriteStream(file);
      if (plan.filingId) {
        const amendments = await checkFiling(ctx, plan.filingId, dataDir);
        await writeFiledBundle(ctx, plan.filingId, dataDir, out, amendments);
      } else {
        await writeLiveBundle(ctx, plan, out, (done, message) => job.progress(done, { message }));
      }
      return { file: { path: file, filename, contentType: 'application/zip' } };
    },
  });
}

/**
 * One register built as a job (progress: reading, writing; cancellable), for a
 * large register the console downloads when done. The request is checked first
 * (404 unknown key, 400 naming `body.…`); the file is the same as the export's
 * (a filed period's stored copy included), its download audited (Compliance).
 */
export async function startRegisterExportJob(ctx: Ctx, key: string, query: RegisterExportQuery, dataDir: string): Promise<Job> {
  const r = await resolveRegister(ctx, key, query, 'body');
  return startJob(ctx, {
    kind: 'compliance.register',
    title: `${r.layout.form} — ${r.def.title}, ${r.period.label} (${query.format.toUpperCase()})`,
    permission: 'compliance:read',
    total: 2,
    params: { key: r.def.key, period: query.period, format: query.format, profile: query.profile ?? null, location: query.location ?? null },
    dataDir,
    auditDownloadAs: 'Compliance',
    run: async (job) => {
      const file = await exportRegister(ctx, key, query, dataDir, { at: 'body', audit: false, step: (done, message) => job.progress(done, { message }) });
      const out = job.filePath(query.format);
      await fs.promises.writeFile(out, file.body);
      await job.progress(2, { message: `${file.filename} is ready` });
      return { file: { path: out, filename: file.filename, contentType: CONTENT_TYPES[query.format] }, summary: { sha256: file.sha256, filed: file.filed } };
    },
  });
}
