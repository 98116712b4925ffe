import type { RegisterCatalogue, RegisterPreview, RegisterPreviewQuery, RegisterQuery } from '../../../../shared/compliance.ts';
import { StateProfile } from '../../../../shared/establishment.ts';
import { dayInZone } from '../../../../shared/dates.ts';
import type { ExportFormat } from '../../../../shared/common.ts';
import { type Ctx, requirePermission } from '../../context.ts';
import { renderCsv, renderTable } from '../../exports/table.ts';
import { badRequest, notFound } from '../../http/problem.ts';
import { recordAudit } from '../audit/index.ts';
import { getOrganisationRow } from '../org/index.ts';
import { type RegisterDef, REGISTERS, isAvailable, layoutFor, profilesOf, registerDef, registerInfo } from './catalogue.ts';
import { checkFiling } from './filing.ts';
import { FactsLoader } from './facts.ts';
import { diffRows, filedRegisterFor, readFiledRows, sha256, storedFileBytes } from './filed.ts';
import { type Generated, fileBase, generate, tableOf } from './generate.ts';
import type { Layout } from './layouts/types.ts';
import { type Period, parsePeriod } from './period.ts';
import * as repo from './repo.ts';

/** Reading registers: the catalogue, one register as a table (preview), one register as a file (live, or the filed copy). */

export async function listRegisters(ctx: Ctx): Promise<RegisterCatalogue> {
  requirePermission(ctx, 'compliance:read');
  return { items: REGISTERS.map((d) => registerInfo(d, isAvailable(d))) };
}

export interface Resolved {
  def: RegisterDef;
  layout: Layout;
  profile: StateProfile;
  period: Period;
  locationId: string | null;
  facts: FactsLoader;
}

/** Resolves key, period, profile and location: 404 unknown key, 400 naming the parameter (`query.…`, or `body.…` for a job). */
export async function resolveRegister(ctx: Ctx, key: string, query: RegisterQuery, at: 'query' | 'body' = 'query'): Promise<Resolved> {
  requirePermission(ctx, 'compliance:read');
  const def = registerDef(key);
  if (!def) throw notFound(`Register ${key}`);
  if (!isAvailable(def)) throw notFound(`Register ${key} (it needs the documents module)`);
  const facts = new FactsLoader(ctx.db, query.location ?? null);
  const [est, org] = await Promise.all([facts.establishment(), getOrganisationRow(ctx.db)]);
  const location = query.location ? est.locations.find((l) => l.locationId === query.location) : undefined;
  if (query.location && !location) throw badRequest('No such location.', [{ path: `${at}.location`, message: 'no such location' }]);
  const period = parsePeriod(def.periodKind, query.period, { wageStartDay: est.wagePeriodStartDay, fyStartMonth: org.fy_start_month });
  if (typeof period === 'string') throw badRequest(`period ${period}.`, [{ path: `${at}.period`, message: period }]);
  const picked = layoutFor(def, query.profile, location?.stateProfile);
  if (!picked) {
    const has = profilesOf(def).join(', ');
    throw badRequest(`${def.key} has layouts for ${has}.`, [{ path: `${at}.profile`, message: `must be one of ${has} for ${def.key}` }]);
  }
  return { def, layout: picked.layout, profile: picked.profile, period, locationId: query.location ?? null, facts };
}

export async function generateResolved(ctx: Ctx, r: Resolved): Promise<Generated> {
  return generate({ def: r.def, layout: r.layout, profile: r.profile, period: r.period, facts: r.facts, today: dayInZone(ctx.clock.now(), ctx.timeZone), timeZone: ctx.timeZone });
}

export const periodRange = (p: Period) => `${p.from}..${p.to}`;

/** The filing state of a generated register: filed when, by whom, amended since (with the differences). */
async function filingStateOf(ctx: Ctx, g: Generated, dataDir: string) {
  if (!g.location) return null;
  const filed = await filedRegisterFor(ctx.db, { key: g.def.key, profile: g.profile, period: periodRange(g.period), locationKey: g.location.locationId });
  if (!filed) return null;
  const rows = readFiledRows(dataDir, filed.rows_path, filed.rows_sha256);
  const diff = diffRows(rows, g, `${g.layout.form} ${g.def.title}`);
  // Data under a filed register changed: record the amendment (once), across the whole filing.
  if (diff.rowsChanged > 0) await checkFiling(ctx, filed.filing_id, dataDir);
  return { filed, diff };
}

export async function previewRegister(ctx: Ctx, key: string, query: RegisterPreviewQuery, dataDir: string): Promise<RegisterPreview> {
  const r = await resolveRegister(ctx, key, query);
  const g = await generateResolved(ctx, r);
  const state = await filingStateOf(ctx, g, dataDir);
  const limit = query.limit ?? 200;
  return {
    key: r.def.key,
    profile: r.profile,
    form: r.layout.form,
    title: r.layout.title,
    period: { value: r.period.value, label: r.period.label, from: r.period.from, to: r.period.to },
    header: g.header,
    columns: g.columns.map((c) => c.heading),
    rows: g.built.rows.slice(0, limit).map((row) => g.columns.map((c) => row.cells[c.field] ?? null)),
    rowCount: g.built.rows.length,
    notes: g.built.notes,
    provisionalDays: g.built.provisionalDays,
    missing: [...g.built.missing.values()].map((m) => ({ employeeId: m.employeeId, code: m.code, fullName: m.fullName, fields: [...m.fields] })),
    filing: state
      ? { filingId: state.filed.filing_id, filedAt: state.filed.filed_at, filedByName: state.filed.filed_by_name, amended: state.diff.rowsChanged > 0, differences: state.diff.lines.slice(0, 500) }
      : null,
  };
}

export interface RegisterFile {
  body: Buffer;
  filename: string;
  format: ExportFormat;
  filed: { filedAt: string; amended: boolean } | null;
  sha256: string;
}

/**
 * One register as a file. A register of a filed period (same register,
 * profile, period and location) is served from the stored copy (CSV from the
 * stored rows), flagged when the data under it changed since. Downloads are
 * audited (Compliance) on the downloader's record.
 */
export async function exportRegister(
  ctx: Ctx,
  key: string,
  query: RegisterQuery & { format: ExportFormat },
  dataDir: string,
  opts: { at?: 'query' | 'body'; audit?: boolean; step?: (done: number, message: string) => Promise<void> } = {},
): Promise<RegisterFile> {
  const r = await resolveRegister(ctx, key, query, opts.at);
  await opts.step?.(0, `Reading the ${r.def.title.toLowerCase()}`);
  const g = await generateResolved(ctx, r);
  await opts.step?.(1, `Writing ${g.built.rows.length} rows as ${query.format.toUpperCase()}`);
  const state = await filingStateOf(ctx, g, dataDir);
  let body: Buffer;
  let filed: RegisterFile['filed'] = null;
  if (state && g.location) {
    filed = { filedAt: state.filed.filed_at, amended: state.diff.rowsChanged > 0 };
    if (query.format === 'csv') {
      const rows = readFiledRows(dataDir, state.filed.rows_path, state.filed.rows_sha256);
      body = renderCsv({ ...tableOf(g), totals: undefined, rows: rows.rows, columns: rows.columns.map((header, i) => ({ header, width: 8, value: (row: (typeof rows.rows)[number]) => row.values[i] ?? null })), form: tableOf(g).form });
    } else {
      const file = await repo.findFiledFile(ctx.db, { filingId: state.filed.filing_id, key: g.def.key, profile: g.profile, period: periodRange(g.period), locationId: g.location.locationId, format: query.format });
      body = file ? await storedFileBytes(dataDir, file.storage_path, file.sha256) : await renderTable(tableOf(g), query.format, ctx.clock.now());
    }
  } else {
    body = await renderTable(tableOf(g), query.format, ctx.clock.now());
  }
  const digest = sha256(body);
  if (opts.audit !== false && ctx.caller.employeeId) {
    await recordAudit(ctx, {
      employeeId: ctx.caller.employeeId,
      category: 'Compliance',
      action: 'compliance.register-downloaded',
      summary: `Downloaded ${r.layout.form} (${r.def.title}, ${r.profile}, ${r.period.label}${g.location ? `, ${g.location.locationName}` : ', all locations'}) as ${query.format.toUpperCase()}${filed ? ` — filed copy${filed.amended ? ', amended after filing' : ''}` : ''}; SHA-256 ${digest.slice(0, 12)}…`,
    });
  }
  return { body, filename: `${fileBase(g)}.${query.format}`, format: query.format, filed, sha256: digest };
}

export { StateProfile };
