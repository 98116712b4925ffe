import type { LeaveRegisterFacts } from '../../leave/index.ts';
import type { RegisterRecordRow } from '../../employees/index.ts';
import { formatDay } from '../period.ts';
import { type BuildContext, type Built, type Cell, emptyBuilt } from './types.ts';

/** The leave register in each profile's layout, and the maternity register: pure functions of the leave ledger and requests. */

export interface LeaveFacts {
  employees: readonly RegisterRecordRow[];
  serials: ReadonlyMap<string, number>;
  leave: LeaveRegisterFacts;
  /** Days worked per employee in the period (Karnataka Form F's base for 1 day per 20). */
  daysWorked: ReadonlyMap<string, number>;
}

const round = (n: number) => Math.round(n * 100) / 100;

interface Figures {
  opening: number;
  credited: number;
  availed: number;
  lapsed: number;
  encashed: number;
  adjusted: number;
  closing: number;
  spells: string[];
  refused: string[];
}

function figures(facts: LeaveFacts, employeeId: string, typeId: string, from: string, to: string): Figures {
  const f: Figures = { opening: 0, credited: 0, availed: 0, lapsed: 0, encashed: 0, adjusted: 0, closing: 0, spells: [], refused: [] };
  for (const o of facts.leave.opening) if (o.employeeId === employeeId && o.leaveTypeId === typeId) f.opening += o.days;
  for (const e of facts.leave.entries) {
    if (e.employeeId !== employeeId || e.leaveTypeId !== typeId || e.effectiveDate < from || e.effectiveDate > to) continue;
    if (e.kind === 'grant' || e.kind === 'accrual') f.credited += e.days;
    else if (e.kind === 'usage' || e.kind === 'reversal') f.availed -= e.days;
    else if (e.kind === 'lapse') f.lapsed -= e.days;
    else if (e.kind === 'encashment') f.encashed -= e.days;
    else f.adjusted += e.days;
  }
  // Entries between the register's start and `from` (a month inside the year) belong to the opening.
  for (const e of facts.leave.entries) {
    if (e.employeeId === employeeId && e.leaveTypeId === typeId && e.effectiveDate < from) f.opening += e.days;
  }
  for (const r of facts.leave.requests) {
    if (r.employeeId !== employeeId || r.leaveTypeId !== typeId || r.fromDate > to || r.toDate < from) continue;
    if (r.status === 'Approved' && !r.closure) f.spells.push(`${formatDay(r.fromDate)} to ${formatDay(r.toDate)} (${r.workingDays})`);
    if (r.status === 'Rejected' && !r.closure) f.refused.push(`applied ${formatDay(r.appliedOn)} for ${formatDay(r.fromDate)}–${formatDay(r.toDate)}${r.decidedAt ? `, refused ${formatDay(r.decidedAt.slice(0, 10))}` : ''}`);
  }
  f.opening = round(f.opening);
  f.credited = round(f.credited);
  f.availed = round(f.availed);
  f.lapsed = round(f.lapsed);
  f.encashed = round(f.encashed);
  f.adjusted = round(f.adjusted);
  f.closing = round(f.opening + f.credited - f.availed - f.lapsed - f.encashed + f.adjusted);
  return f;
}

const isActive = (f: Figures) => f.opening !== 0 || f.credited !== 0 || f.availed !== 0 || f.lapsed !== 0 || f.encashed !== 0 || f.adjusted !== 0 || f.refused.length > 0;

const typeByCode = (facts: LeaveFacts, ...codes: string[]) => facts.leave.types.filter((t) => codes.includes(t.code));

function employed(facts: LeaveFacts) {
  return [...facts.employees].sort((a, b) => (facts.serials.get(a.id) ?? 0) - (facts.serials.get(b.id) ?? 0));
}

/** Sums a figure over several types (TN "other leave", medical leave). */
function sumFigures(facts: LeaveFacts, employeeId: string, typeIds: readonly string[], from: string, to: string): Figures {
  const total: Figures = { opening: 0, credited: 0, availed: 0, lapsed: 0, encashed: 0, adjusted: 0, closing: 0, spells: [], refused: [] };
  for (const id of typeIds) {
    const f = figures(facts, employeeId, id, from, to);
    for (const k of ['opening', 'credited', 'availed', 'lapsed', 'encashed', 'adjusted', 'closing'] as const) total[k] = round(total[k] + f[k]);
    total.spells.push(...f.spells);
    total.refused.push(...f.refused);
  }
  return total;
}

function monthsOf(from: string, to: string): { from: string; to: string; label: string }[] {
  const out: { from: string; to: string; label: string }[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  for (let guard = 0; guard < 24; guard++) {
    const first = `${y}-${String(m).padStart(2, '0')}-01`;
    if (first > to) break;
    const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    out.push({ from: first < from ? from : first, to: last > to ? to : last, label: `${first.slice(0, 7)}` });
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

export function buildLeaveRegister(ctx: BuildContext, facts: LeaveFacts): Built {
  const built = emptyBuilt();
  const { from, to } = ctx.period;
  const rows = built.rows;
  const people = employed(facts);
  if (ctx.profile === 'tn') {
    const el = typeByCode(facts, 'EL').map((t) => t.id);
    const ml = typeByCode(facts, 'SL').map((t) => t.id);
    const other = facts.leave.types.filter((t) => !['EL', 'SL', 'ML', 'LOP'].includes(t.code)).map((t) => t.id);
    const maternity = typeByCode(facts, 'ML').map((t) => t.id);
    for (const e of people) {
      for (const month of monthsOf(from, to)) {
        const a = sumFigures(facts, e.id, el, month.from, month.to);
        const b = sumFigures(facts, e.id, ml, month.from, month.to);
        const c = sumFigures(facts, e.id, other, month.from, month.to);
        const mb = facts.leave.requests.filter((r) => r.employeeId === e.id && maternity.includes(r.leaveTypeId) && r.status === 'Approved' && !r.closure && r.fromDate <= month.to && r.toDate >= month.from);
        const cells: Record<string, Cell> = {
          serial: facts.serials.get(e.id) ?? null,
          fullName: `${e.full_name} (${month.label})`,
          code: e.code,
          elStart: a.opening,
          elEarned: a.credited,
          elAvailed: a.availed,
          elBalance: a.closing,
          mlStart: b.opening,
          mlAvailed: b.availed,
          mlBalance: b.closing,
          olStart: c.opening,
          olAvailed: c.availed,
          olBalance: c.closing,
          mbNotice: mb[0]?.appliedOn ?? null,
          mbAdvance: null,
          mbLater: null,
          mbBonus: null,
          mbLeave: mb.length ? mb.map((r) => `${formatDay(r.fromDate)} to ${formatDay(r.toDate)}`).join('; ') : null,
          gratuityNomination: null,
          gratuityPaid: null,
          remarks: [...a.spells, ...b.spells, ...c.spells].join('; ') || null,
        };
        rows.push({ key: `${e.code}|${month.label}`, employeeId: e.id, cells });
      }
    }
    built.notes.push('One row per employee per month. Earned leave: EL; medical leave: sick leave (SL); other leave: casual, compensatory, paternity and other types. Remarks list the spells availed.');
    return built;
  }
  if (ctx.profile === 'ka' || ctx.profile === 'mh') {
    const el = typeByCode(facts, 'EL').map((t) => t.id);
    const sl = typeByCode(facts, 'SL').map((t) => t.id);
    const cl = typeByCode(facts, 'CL').map((t) => t.id);
    for (const e of people) {
      const a = sumFigures(facts, e.id, el, from, to);
      const b = sumFigures(facts, e.id, sl, from, to);
      const c = sumFigures(facts, e.id, cl, from, to);
      rows.push({
        key: e.code,
        employeeId: e.id,
        cells: {
          serial: facts.serials.get(e.id) ?? null,
          fullName: e.full_name,
          joinedDate: e.joined_date,
          daysWorked: facts.daysWorked.get(e.id) ?? 0,
          elStart: a.opening,
          elEarned: a.credited,
          elSpells: a.spells.join('; ') || null,
          elAvailed: a.availed,
          elRefused: a.refused.join('; ') || null,
          elBalance: a.closing,
          slStart: round(b.opening + b.credited),
          slSpells: b.spells.join('; ') || null,
          slAvailed: b.availed,
          slBalance: b.closing,
          clAvailed: c.availed,
          remarks: a.lapsed || a.encashed ? `Lapsed ${a.lapsed}, encashed ${a.encashed}` : null,
        },
      });
    }
    built.notes.push('Earned leave is the EL type; sick leave the SL type. Credits are as the leave ledger wrote them (accrual policy in Leave settings).');
    return built;
  }
  // Central (and Delhi): one row per employee and leave type with any movement or balance.
  for (const e of people) {
    for (const t of facts.leave.types) {
      const f = figures(facts, e.id, t.id, from, to);
      if (!isActive(f)) continue;
      rows.push({
        key: `${e.code}|${t.code}`,
        employeeId: e.id,
        cells: {
          serial: facts.serials.get(e.id) ?? null,
          fullName: e.full_name,
          joinedDate: e.joined_date,
          leaveType: `${t.code} — ${t.name}`,
          opening: f.opening,
          credited: f.credited,
          spells: f.spells.join('; ') || null,
          availed: f.availed,
          refused: f.refused.join('; ') || null,
          lapsed: f.lapsed,
          encashed: f.encashed,
          adjusted: f.adjusted,
          closing: f.closing,
          remarks: t.paid ? null : 'Unpaid (loss of pay)',
        },
      });
    }
  }
  built.notes.push('Balance at the end = at the start + credited − availed − lapsed − encashed + adjusted/carried (the leave ledger; nothing is recomputed). Carry-forward at the leave-year end appears under adjusted/carried.');
  return built;
}

/** Approved (and later cancelled) maternity leave touching the period. */
export function buildMaternity(ctx: BuildContext, facts: LeaveFacts): Built {
  const built = emptyBuilt();
  const ml = new Set(typeByCode(facts, 'ML').map((t) => t.id));
  const byId = new Map(facts.employees.map((e) => [e.id, e]));
  let n = 0;
  for (const r of facts.leave.requests) {
    if (!ml.has(r.leaveTypeId) || r.status !== 'Approved') continue;
    const e = byId.get(r.employeeId);
    if (!e) continue;
    built.rows.push({
      key: `${e.code}|${r.fromDate}`,
      employeeId: e.id,
      cells: {
        serial: ++n,
        code: e.code,
        fullName: e.full_name,
        joinedDate: e.joined_date,
        noticeDate: r.appliedOn,
        expectedDelivery: null,
        leaveFrom: r.fromDate,
        leaveTo: r.toDate,
        leaveDays: r.workingDays,
        status: r.closure === 'Cancelled' ? 'Cancelled' : r.toDate <= ctx.period.to ? 'Completed' : r.fromDate <= ctx.period.to ? 'On leave' : 'Approved',
        deliveryDate: null,
        advance: null,
        later: null,
        bonus: null,
        remarks: null,
      },
    });
  }
  built.notes.push('Maternity leave: 26 weeks (12 weeks from the third child, or for adopting and commissioning mothers); payments, delivery dates and the medical bonus are not recorded in Muster.');
  return built;
}
