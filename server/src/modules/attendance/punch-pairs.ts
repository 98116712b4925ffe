import { type DayReason, type Direction, type PunchSource, formatMinutes } from '../../../../shared/attendance/index.ts';
import { clockAt, say } from './reason-words.ts';
import type { Occurrence } from './shift-time.ts';

/**
 * The reconciliation engine's first step (`reconcile.ts` is the rest): what a shift day's punches
 * say on their own — which ones count, how they pair, when she came and left, and the time worked —
 * before leave, holidays or the shift's expectations are looked at. Pure, like the engine.
 */

const MINUTE = 60_000;

export interface EnginePunch {
  id: string;
  /** Epoch ms. */
  at: number;
  /** In or out when the source says so; null = by alternation. */
  direction: Direction | null;
  /** Off-zone or wrong-location self check-ins: kept, not counted until regularized. */
  flagged: boolean;
  /** Carried for views (the engine does not read them). */
  source?: PunchSource;
  terminalId?: string | null;
  /**
   * The terminal's name when it belongs to another location than the employee's:
   * the punch counts (nothing is lost) and the day says where it was made.
   */
  elsewhere?: string | null;
}

export type PunchRole = 'in' | 'out' | 'unpaired' | 'bounce' | 'flagged';

export interface Pair {
  in: number;
  out: number;
  minutes: number;
}

/** What of a shift day's inputs the punches are read with. */
export interface PunchInput {
  occurrence: Occurrence;
  /** The punches in the window, superseded ones already left out, any order. */
  punches: readonly EnginePunch[];
  debounceSeconds: number;
  /** The employee's location, for "Punched at Pune Plant gate; works at Bengaluru HQ". */
  homeLocation?: string | null;
}

/** The day's punches read: pairs and roles, first in and last out, and the time worked (before any override). */
export interface PunchFacts {
  pairs: Pair[];
  unpaired: { punch: EnginePunch; direction: Direction }[];
  roles: Map<string, PunchRole>;
  firstIn: number | null;
  lastOut: number | null;
  worked: number;
}

/** Pairs punches into in/out intervals; drops bounces and flagged punches first. */
export function pairPunches(
  punches: readonly EnginePunch[],
  debounceSeconds: number,
): {
  pairs: { in: EnginePunch; out: EnginePunch }[];
  unpaired: { punch: EnginePunch; direction: Direction }[];
  roles: Map<string, PunchRole>;
  bounces: EnginePunch[];
  flagged: EnginePunch[];
} {
  let ordered = true;
  for (let i = 1; i < punches.length && ordered; i++) ordered = (punches[i - 1] as EnginePunch).at <= (punches[i] as EnginePunch).at;
  const sorted = ordered ? punches : [...punches].sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
  const roles = new Map<string, PunchRole>();
  const kept: EnginePunch[] = [];
  const bounces: EnginePunch[] = [];
  const flagged: EnginePunch[] = [];
  const debounceMs = debounceSeconds * 1000;
  for (const p of sorted) {
    if (p.flagged) {
      roles.set(p.id, 'flagged');
      flagged.push(p);
      continue;
    }
    const last = kept[kept.length - 1];
    const explicitTurn = last?.direction && p.direction && last.direction !== p.direction;
    if (last && p.at - last.at < debounceMs && !explicitTurn) {
      roles.set(p.id, 'bounce');
      bounces.push(p);
      continue;
    }
    kept.push(p);
  }
  const pairs: { in: EnginePunch; out: EnginePunch }[] = [];
  const unpaired: { punch: EnginePunch; direction: Direction }[] = [];
  let open: EnginePunch | null = null;
  for (const p of kept) {
    const direction = p.direction ?? (open ? 'out' : 'in');
    if (direction === 'in') {
      if (open) unpaired.push({ punch: open, direction: 'in' });
      open = p;
    } else if (open) {
      pairs.push({ in: open, out: p });
      open = null;
    } else {
      unpaired.push({ punch: p, direction: 'out' });
    }
  }
  if (open) unpaired.push({ punch: open, direction: 'in' });
  for (const pair of pairs) {
    roles.set(pair.in.id, 'in');
    roles.set(pair.out.id, 'out');
  }
  for (const u of unpaired) roles.set(u.punch.id, 'unpaired');
  return { pairs, unpaired, roles, bounces, flagged };
}

/**
 * Reads the day's punches and says, in this order, which were ignored (bounces), which do not count
 * (flagged), where another location's terminal was used, and the time worked with its break.
 */
export function readPunches(input: PunchInput, reasons: DayReason[]): PunchFacts {
  const o = input.occurrence;
  const shift = o.shift;
  const { pairs: rawPairs, unpaired, roles, bounces, flagged } = pairPunches(input.punches, input.debounceSeconds);
  for (const b of bounces) say(reasons, 'debounce', `punch at ${clockAt(o, b.at)} ignored: within ${input.debounceSeconds} s of the previous one`, 'debounce', { time: clockAt(o, b.at), seconds: String(input.debounceSeconds) });
  for (const f of flagged) say(reasons, 'flagged', `punch at ${clockAt(o, f.at)} not counted: checked in outside the location's geo-fence (needs a regularization)`, 'flagged', { time: clockAt(o, f.at) });
  // A punch at another location's terminal counts (it is a fact) and is named on the day.
  const elsewhere = [...new Set(input.punches.filter((p) => p.elsewhere && roles.get(p.id) !== 'bounce').map((p) => p.elsewhere as string))];
  if (elsewhere.length) {
    const text = `Punched at ${elsewhere.join(' and ')}${input.homeLocation ? `; works at ${input.homeLocation}` : ''}`;
    if (input.homeLocation) say(reasons, 'wrong-location', text, 'wrongLocationHome', { places: { list: elsewhere }, home: input.homeLocation });
    else say(reasons, 'wrong-location', text, 'wrongLocation', { places: { list: elsewhere } });
  }

  const pairs: Pair[] = rawPairs.map((p) => ({ in: p.in.at, out: p.out.at, minutes: Math.floor((p.out.at - p.in.at) / MINUTE) }));
  let firstIn: number | null = pairs[0]?.in ?? null;
  for (const u of unpaired) if (u.direction === 'in' && (firstIn === null || u.punch.at < firstIn)) firstIn = u.punch.at;
  const lastOut = pairs.length ? (pairs[pairs.length - 1]?.out ?? null) : null;

  // Gross time: every pair, or first in to last out.
  let gross = 0;
  let gaps = 0;
  if (shift.hoursMode === 'firstLast' && pairs.length) {
    gross = Math.floor(((pairs[pairs.length - 1]?.out ?? 0) - (pairs[0]?.in ?? 0)) / MINUTE);
  } else {
    for (const [i, p] of pairs.entries()) {
      gross += p.minutes;
      const prev = pairs[i - 1];
      if (prev) gaps += Math.floor((p.in - prev.out) / MINUTE);
    }
  }
  // The unpaid break applies only to the part of a day beyond a half day; time already spent out counts towards it.
  const breakDue = Math.min(shift.breakMinutes, Math.max(0, gross - shift.halfDay));
  const breakDeducted = Math.max(0, breakDue - (shift.hoursMode === 'pairs' ? gaps : 0));
  const worked = gross - breakDeducted;
  if (pairs.length) {
    const mode = shift.hoursMode === 'pairs' ? `${pairs.length} pair${pairs.length === 1 ? '' : 's'}` : 'first in to last out';
    // `pairs` is a count for the message's plural; `mode` picks "first in to last out" instead.
    const values = { worked: { duration: worked }, mode: shift.hoursMode, pairs: pairs.length };
    if (breakDeducted) {
      say(reasons, 'worked', `worked ${formatMinutes(worked)}: ${formatMinutes(gross)} (${mode}) − ${formatMinutes(breakDeducted)} unpaid break`, 'workedBreak', {
        ...values,
        gross: { duration: gross },
        break: { duration: breakDeducted },
      });
    } else say(reasons, 'worked', `worked ${formatMinutes(worked)} (${mode})`, 'worked', values);
  }
  return { pairs, unpaired, roles, firstIn, lastOut, worked };
}
