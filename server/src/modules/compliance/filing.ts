import fs from 'node:fs';
import path from 'node:path';
import type { Filing, Readiness } from '../../../../shared/compliance.ts';
import type { Job } from '../../../../shared/jobs.ts';
import { dayInZone } from '../../../../shared/dates.ts';
import { type Ctx, inTransaction, requirePermission } from '../../context.ts';
import { conflict, notFound } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { recordAudit } from '../audit/index.ts';
import { emitEvent } from '../outbox/index.ts';
import { startJob } from '../jobs/index.ts';
import { type RegisterDef, REGISTERS, layoutFor } from './catalogue.ts';
import { FactsLoader } from './facts.ts';
import { complianceDir, diffRows, readFiledRows, sha256 } from './filed.ts';
import { BUNDLE_FORMATS, bundleFileCount, ensureDir, generateBundleFiles, manifestOf, openZip, planBundle, slug } from './bundle.ts';
import { generate } from './generate.ts';
import { monthPeriod } from './period.ts';
import * as repo from './repo.ts';

/**
 * Filing a month: once every attendance day in it is final, HR files it and
 * Muster stores the bundle's bytes (each file, its rows, the zip) with their
 * SHA-256. Later changes to the data under it are found by regenerating the
 * filed registers and diffing their rows: an amendment, never a silent change.
 */

const period = (filing: { period: string }) => filing.period;

async function present(ctx: Ctx, rows: Awaited<ReturnType<typeof repo.listFilings>>): Promise<Filing[]> {
  const facts = new FactsLoader(ctx.db, null);
  const [est, counts, amendments] = await Promise.all([facts.establishment(), repo.countFiledFiles(ctx.db), repo.amendmentsOf(ctx.db, rows.map((r) => r.id))]);
  const names = new Map(est.locations.map((l) => [l.locationId, l.locationName]));
  return rows.map((r) => {
    const own = amendments.filter((a) => a.filing_id === r.id);
    return {
      id: r.id,
      period: r.period,
      locationId: r.location_id,
      locationName: r.location_id ? (names.get(r.location_id) ?? null) : null,
      filedAt: r.filed_at,
      filedByName: r.filed_by_name,
      bundleSha256: r.bundle_sha256,
      files: counts.get(r.id) ?? 0,
      amended: own.length > 0,
      amendments: own.map((a) => ({ detectedAt: a.detected_at, rowsChanged: a.rows_changed, summary: a.summary })),
    };
  });
}

/** One filing as the API shows it (the webhook events' `data`), read on the caller's handle (its transaction). */
async function presentOne(ctx: Ctx, id: string): Promise<Filing> {
  const row = await repo.findFilingById(ctx.db, id);
  if (!row) throw notFound('Filing');
  return (await present(ctx, [row]))[0] as Filing;
}

export async function listFilings(ctx: Ctx, locationId?: string): Promise<Filing[]> {
  requirePermission(ctx, 'compliance:read');
  return present(ctx, await repo.listFilings(ctx.db, locationId));
}

export async function getFiling(ctx: Ctx, id: string, dataDir: string): Promise<Filing> {
  requirePermission(ctx, 'compliance:read');
  const row = await repo.findFilingById(ctx.db, id);
  if (!row) throw notFound('Filing');
  await checkFiling(ctx, id, dataDir);
  return presentOne(ctx, id);
}

/** Employee-days of a month (location) that are not final: not reconciled, provisional, or pending. */
async function notFinalDays(ctx: Ctx, month: string, locationId: string | null, wageStartDay: number): Promise<{ count: number; to: string }> {
  const p = monthPeriod(month, wageStartDay);
  const facts = new FactsLoader(ctx.db, locationId);
  const [employees, days] = await Promise.all([facts.employees(p.from, p.to), facts.days(p.from, p.to)]);
  const final = new Set(days.filter((d) => d.provisional === 0 && d.status !== 'Pending').map((d) => `${d.employee_id}|${d.date}`));
  let count = 0;
  for (const e of employees) {
    for (let d = p.from; d <= p.to; d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)) {
      if (e.joined_date > d || (e.exit_date && e.exit_date < d)) continue;
      if (!final.has(`${e.id}|${d}`)) count++;
    }
  }
  return { count, to: p.to };
}

export async function readiness(ctx: Ctx, input: { period: string; location?: string | undefined }): Promise<Readiness> {
  requirePermission(ctx, 'compliance:read');
  const plan = await planBundle(ctx, input);
  const today = dayInZone(ctx.clock.now(), ctx.timeZone);
  const { count, to } = await notFinalDays(ctx, input.period, input.location ?? null, plan.wageStartDay);
  const reasons: string[] = [];
  if (to >= today) reasons.push(`The period runs until ${to}: file it once it has ended.`);
  if (count > 0) reasons.push(`${count} employee-day(s) in the period are not final yet (provisional, or a terminal has not synced past them). Wait for the sync, or close them from Attendance.`);
  const filing = plan.filingId ? (await present(ctx, [await repo.findFilingById(ctx.db, plan.filingId)].filter((f) => !!f)))[0] ?? null : null;
  if (filing) reasons.push(`Filed on ${filing.filedAt.slice(0, 10)} by ${filing.filedByName}.`);
  return { period: input.period, ready: reasons.length === 0, notFinalDays: count, reasons, filing };
}

/**
 * Files a month (one location, or every location): 409 when it is filed
 * already or not ready. Runs as a job (the bundle is generated and stored);
 * the job's summary names the filing.
 */
export async function startFiling(ctx: Ctx, input: { period: string; location?: string | null | undefined }, dataDir: string): Promise<Job> {
  requirePermission(ctx, 'compliance:manage');
  const location = input.location ?? undefined;
  const state = await readiness(ctx, { period: input.period, location });
  if (state.filing) throw conflict(`${input.period} is already filed (${state.filing.filedAt.slice(0, 10)}, ${state.filing.filedByName}).`);
  if (!state.ready) throw conflict(`${input.period} cannot be filed yet: ${state.reasons.join(' ')}`);
  const plan = await planBundle(ctx, { period: input.period, location });
  const filingId = newId();
  return startJob(ctx, {
    kind: 'compliance.file',
    title: `File ${input.period}${location ? ` (${plan.locations[0]?.locationName ?? ''})` : ' (all locations)'}`,
    permission: 'compliance:manage',
    total: bundleFileCount(plan),
    params: { period: input.period, location: location ?? null, filingId },
    dataDir,
    run: async (job) => {
      const dir = path.join(complianceDir(dataDir), filingId);
      ensureDir(dir);
      try {
        const registers: Parameters<typeof repo.insertFiledRegisters>[1] = [];
        const stored: Parameters<typeof repo.insertFiledFiles>[1] = [];
        const zipPath = path.join(dir, 'bundle.zip');
        const out = fs.createWriteStream(zipPath);
        const zip = await openZip(out);
        const files = await generateBundleFiles(
          ctx,
          plan,
          async (f) => {
            const rel = path.join(filingId, f.name);
            ensureDir(path.dirname(path.join(complianceDir(dataDir), rel)));
            await fs.promises.writeFile(path.join(complianceDir(dataDir), rel), f.bytes);
            await zip.add(f.name, f.bytes, new Date(f.manifest.generatedAt));
            const loc = plan.locations.find((l) => slug(l.locationName) === f.folder);
            stored.push({
              filing_id: filingId,
              name: f.name,
              register_key: f.generated.def.key,
              profile: f.generated.profile,
              period: `${f.generated.period.from}..${f.generated.period.to}`,
              location_id: loc?.locationId ?? null,
              format: f.format,
              sha256: f.manifest.sha256,
              size_bytes: f.bytes.length,
              row_count: f.manifest.rowCount,
              storage_path: rel,
            });
          },
          {
            progress: (done, message) => job.progress(done, { message }),
            rows: async (folder, g, rows) => {
              const rel = path.join(filingId, folder, `${g.def.key}_${g.profile}.rows.json`);
              ensureDir(path.dirname(path.join(complianceDir(dataDir), rel)));
              const bytes = Buffer.from(JSON.stringify(rows), 'utf8');
              await fs.promises.writeFile(path.join(complianceDir(dataDir), rel), bytes);
              registers.push({
                filing_id: filingId,
                register_key: g.def.key,
                profile: g.profile,
                period: `${g.period.from}..${g.period.to}`,
                location_key: g.location?.locationId ?? '*',
                rows_sha256: sha256(bytes),
                rows_path: rel,
                row_count: rows.rows.length,
              });
            },
          },
        );
        const filedAt = ctx.clock.now().toISOString();
        const manifest = manifestOf(ctx, plan, files, null);
        await zip.add('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2), 'utf8'), new Date(filedAt));
        await zip.end();
        const bundleSha = sha256(await fs.promises.readFile(zipPath));
        const filedManifest = { ...manifest, filed: { filedAt, filedByName: ctx.caller.name, bundleSha256: bundleSha } };
        await inTransaction(ctx, async (t) => {
          await repo.insertFiling(t.db, {
            id: filingId,
            period: input.period,
            location_key: location ?? '*',
            location_id: location ?? null,
            bundle_sha256: bundleSha,
            manifest: JSON.stringify(filedManifest, null, 2),
            filed_by_user_id: ctx.caller.userId,
            filed_by_name: ctx.caller.name,
            filed_at: filedAt,
          });
          await repo.insertFiledFiles(t.db, stored);
          await repo.insertFiledRegisters(t.db, registers);
          if (ctx.caller.employeeId) {
            await recordAudit(t, {
              employeeId: ctx.caller.employeeId,
              category: 'Compliance',
              action: 'compliance.filed',
              summary: `Filed the registers of ${input.period}${location ? ` for ${plan.locations[0]?.locationName}` : ' for every location'}: ${stored.length} files, bundle SHA-256 ${bundleSha.slice(0, 12)}…`,
            });
          }
          await emitEvent(t, 'compliance.period.filed', await presentOne(t, filingId));
        });
        return { summary: { filingId, files: stored.length, bundleSha256: bundleSha } };
      } catch (err) {
        fs.rmSync(dir, { recursive: true, force: true });
        throw err;
      }
    },
  });
}

function describe(plan: { month: string }, filing: { filed_at: string; filed_by_name: string; bundle_sha256: string }, organisation: string, lines: string[], now: string): string {
  return [
    `Amendments after filing — ${organisation}, ${plan.month}`,
    `Filed on ${filing.filed_at} by ${filing.filed_by_name}; filed bundle SHA-256 ${filing.bundle_sha256}.`,
    `Checked on ${now}: the data under the filed registers changed since. The filed files in this bundle are unchanged; these are the differences (filed → now):`,
    '',
    ...lines,
    '',
  ].join('\n');
}

/**
 * Regenerates every filed register of a filing and diffs its rows. New
 * differences are recorded once (an amendment, audited on each employee whose
 * rows changed); returns the amendment text for the bundle, or null.
 */
export async function checkFiling(ctx: Ctx, filingId: string, dataDir: string): Promise<string | null> {
  requirePermission(ctx, 'compliance:read');
  const filing = await repo.findFilingById(ctx.db, filingId);
  if (!filing) throw notFound('Filing');
  const registers = await repo.filedRegistersOf(ctx.db, filingId);
  const today = dayInZone(ctx.clock.now(), ctx.timeZone);
  const loaders = new Map<string, FactsLoader>();
  const lines: string[] = [];
  const employees = new Map<string, string[]>();
  let rowsChanged = 0;
  for (const r of registers) {
    const def = REGISTERS.find((d) => d.key === r.register_key) as RegisterDef | undefined;
    if (!def) continue;
    let facts = loaders.get(r.location_key);
    if (!facts) loaders.set(r.location_key, (facts = new FactsLoader(ctx.db, r.location_key === '*' ? null : r.location_key)));
    const picked = layoutFor(def, r.profile as never, undefined);
    if (!picked) continue;
    const [from, to] = r.period.split('..') as [string, string];
    const g = await generate({ def, layout: picked.layout, profile: picked.profile, period: { kind: def.periodKind, value: period(filing), label: `${from} to ${to}`, from, to }, facts, today, timeZone: ctx.timeZone });
    const diff = diffRows(readFiledRows(dataDir, r.rows_path, r.rows_sha256), g, `${g.location?.locationName ?? 'All'} — ${picked.layout.form} ${def.title}`);
    lines.push(...diff.lines);
    rowsChanged += diff.rowsChanged;
    for (const [id, l] of diff.employees) employees.set(id, [...(employees.get(id) ?? []), ...l]);
  }
  if (lines.length === 0) return null;
  const digest = sha256(JSON.stringify(lines));
  const now = ctx.clock.now().toISOString();
  await inTransaction(ctx, async (t) => {
    const fresh = await repo.insertAmendment(t.db, {
      id: newId(),
      filing_id: filingId,
      digest,
      rows_changed: rowsChanged,
      summary: `${rowsChanged} row(s) differ from the filed registers: ${lines.slice(0, 3).join('; ')}${lines.length > 3 ? '; …' : ''}`,
      differences: JSON.stringify(lines),
      detected_at: now,
    });
    if (!fresh) return;
    for (const [employeeId, list] of employees) {
      await recordAudit(t, {
        employeeId,
        category: 'Compliance',
        action: 'compliance.amended-after-filing',
        summary: `The filed registers of ${filing.period} were amended after filing: ${list.slice(0, 3).join('; ')}${list.length > 3 ? '; …' : ''}`,
      });
    }
    await emitEvent(t, 'compliance.period.amended', await presentOne(t, filingId));
  });
  const est = await new FactsLoader(ctx.db, null).establishment();
  return describe({ month: filing.period }, filing, est.organisationName, lines, now);
}

/**
 * The nightly check: every filed period regenerated and diffed. One filing that
 * cannot be checked (its stored copy altered: 409) does not stop the others.
 */
export async function checkAllFilings(ctx: Ctx, dataDir: string): Promise<{ amended: number; unreadable: string[] }> {
  const out = { amended: 0, unreadable: [] as string[] };
  for (const f of await repo.listFilings(ctx.db)) {
    try {
      if (await checkFiling(ctx, f.id, dataDir)) out.amended++;
    } catch (e) {
      out.unreadable.push(`${f.period}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return out;
}

export { BUNDLE_FORMATS };
