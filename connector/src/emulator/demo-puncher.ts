import type { DemoSchedule, DemoShiftDay } from '../../../shared/ingest.ts';
import { prng } from '../../../shared/prng.ts';

/**
 * Punches for the demo that look like an office: each employee punches at a
 * terminal of their own location, around their own shift, in the organisation's
 * time zone — most arrive up to fifty minutes before the start and a few late,
 * some step out for lunch, most leave in the half hour after the end and some a
 * little before it; the night shift at night. Nobody on leave, on a holiday or a
 * weekly off, or no longer employed punches: the server's timetable
 * (`GET /api/ingest/demo/schedule`) lists only the shift days people work, and
 * where each one is now, so a restart never checks in someone already in.
 *
 * Each person's day is planned from a seed of their terminal user id and the
 * day, so it is the same plan after a restart. Rarely someone forgets to punch
 * out, or works a day at the other location (a visit, flagged by the server).
 */

const MIN = 60_000;

export interface DemoPunch {
  at: number;
  terminalUserId: number;
  /** 0 check-in, 1 check-out (the terminals' punch states). */
  state: 0 | 1;
  serial: string;
  /** The shift day it belongs to. */
  day: string;
}

/** A small deterministic generator (Mulberry32) from a string seed. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  return prng(h >>> 0);
}

const between = (random: () => number, lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

/** The terminal that serves a location, and one of another location (for the odd visit). */
export interface TerminalChoice {
  home: (locationId: string | null) => string | undefined;
  elsewhere: (locationId: string | null) => string | undefined;
}

export function terminalChoice(terminals: DemoSchedule['terminals']): TerminalChoice {
  return {
    home: (locationId) => terminals.find((t) => t.locationId === locationId)?.serial ?? terminals[0]?.serial,
    elsewhere: (locationId) => terminals.find((t) => t.locationId !== null && t.locationId !== locationId)?.serial,
  };
}

/** One person's punches of one shift day, in time order. */
export function planShiftDay(d: DemoShiftDay, terminals: TerminalChoice): DemoPunch[] {
  const random = seededRandom(`${d.terminalUserId}|${d.day}`);
  const start = Date.parse(d.shiftStart);
  const end = Date.parse(d.shiftEnd);
  if (random() < 0.02) return []; // absent without leave
  const visiting = random() < 0.01;
  const serial = (visiting ? terminals.elsewhere(d.locationId) : undefined) ?? terminals.home(d.locationId);
  if (!serial) return [];
  const punches: DemoPunch[] = [];
  const punch = (at: number, state: 0 | 1) => punches.push({ at, terminalUserId: d.terminalUserId, state, serial, day: d.day });
  // Arrival: most up to 50 minutes early, one in ten late by 12 to 45 minutes.
  const arrival = random() < 0.1 ? start + between(random, 12, 45) * MIN : start - between(random, 0, 50) * MIN;
  punch(arrival, 0);
  // Lunch for some on a full day: out three and a half to four and a quarter hours into the shift, back within 25–45 minutes.
  if (end - start >= 8 * 60 * MIN && random() < 0.35) {
    const out = start + 210 * MIN + between(random, 0, 45) * MIN;
    punch(out, 1);
    punch(out + between(random, 25, 45) * MIN, 0);
  }
  // Departure: most in the half hour after the end, one in five up to an hour before it; a few forget.
  if (random() >= 0.02) punch(random() < 0.2 ? end - between(random, 10, 60) * MIN : end + between(random, 0, 30) * MIN, 1);
  return punches;
}

/**
 * The punches of a timetable: what people already did (their `state`) is not done
 * again, except on the shift days this puncher has punched itself (`ownDays`,
 * `userId|day`), whose plan it follows to the end.
 */
export function planSchedule(schedule: DemoSchedule, ownDays: ReadonlySet<string> = new Set()): DemoPunch[] {
  const terminals = terminalChoice(schedule.terminals);
  const out: DemoPunch[] = [];
  for (const d of schedule.days) {
    if (ownDays.has(`${d.terminalUserId}|${d.day}`)) {
      out.push(...planShiftDay(d, terminals));
      continue;
    }
    if (d.state === 'out') continue; // gone home (or out) for this shift day already
    const day = planShiftDay(d, terminals);
    // Someone already in does not check in again: drop the arrival.
    out.push(...(d.state === 'in' ? day.slice(1) : day));
  }
  return out.sort((a, b) => a.at - b.at);
}

export interface DemoPuncherOptions {
  /** The server's timetable (the connector secret, over HTTP). */
  fetchSchedule: () => Promise<DemoSchedule>;
  punch: (p: DemoPunch) => void;
  now?: () => number;
  /** How often the timetable is read again (leave approved meanwhile, a shift changed). */
  refreshMs?: number;
  tickMs?: number;
  /** Punches overdue by more than this are skipped (the PC slept): no burst of stale punches. */
  staleMs?: number;
  onError?: (error: unknown) => void;
}

export class DemoPuncher {
  readonly #o: Required<Omit<DemoPuncherOptions, 'onError'>> & Pick<DemoPuncherOptions, 'onError'>;
  #plan: DemoPunch[] = [];
  /** Punches sent, by person, shift day and time: a refreshed plan does not send them twice. */
  readonly #sent = new Set<string>();
  readonly #ownDays = new Set<string>();
  #timers: NodeJS.Timeout[] = [];

  constructor(options: DemoPuncherOptions) {
    this.#o = { now: Date.now, refreshMs: 10 * MIN, tickMs: 15_000, staleMs: 15 * MIN, ...options };
  }

  /** Reads the timetable and plans what is still to come. */
  async refresh(): Promise<void> {
    const schedule = await this.#o.fetchSchedule();
    const from = Date.parse(schedule.now) - this.#o.staleMs;
    this.#plan = planSchedule(schedule, this.#ownDays).filter((p) => p.at >= from && !this.#sent.has(key(p)));
  }

  /** Sends every punch that is due now; returns them. */
  tick(): DemoPunch[] {
    const now = this.#o.now();
    const due: DemoPunch[] = [];
    while (this.#plan.length > 0 && (this.#plan[0] as DemoPunch).at <= now) {
      const p = this.#plan.shift() as DemoPunch;
      if (this.#sent.has(key(p)) || now - p.at > this.#o.staleMs) continue;
      this.#sent.add(key(p));
      this.#ownDays.add(`${p.terminalUserId}|${p.day}`);
      due.push(p);
      this.#o.punch(p);
    }
    return due;
  }

  /**
   * Sends the next planned punch of each terminal now, ahead of its time, in the planned
   * order (`MUSTER_DEMO_PUNCH_SECONDS`: the whole chain in seconds, for a test or a quick try).
   */
  hurry(): DemoPunch[] {
    const due: DemoPunch[] = [];
    const serials = new Set<string>();
    for (const p of [...this.#plan]) {
      if (serials.has(p.serial)) continue;
      serials.add(p.serial);
      this.#plan.splice(this.#plan.indexOf(p), 1);
      if (this.#sent.has(key(p))) continue;
      this.#sent.add(key(p));
      this.#ownDays.add(`${p.terminalUserId}|${p.day}`);
      due.push(p);
      this.#o.punch(p);
    }
    return due;
  }

  /** Punches still planned (for tests and the start-up line). */
  get pending(): readonly DemoPunch[] {
    return this.#plan;
  }

  /** Reads the timetable now and every `refreshMs` (every 15 s while the server does not answer), and sends punches as they fall due. */
  start(): void {
    let retry: NodeJS.Timeout | undefined;
    const refresh = () =>
      this.refresh().catch((error: unknown) => {
        this.#o.onError?.(error);
        clearTimeout(retry);
        retry = setTimeout(() => void refresh(), 15_000);
        this.#timers.push(retry);
      });
    void refresh();
    this.#timers.push(setInterval(() => void refresh(), this.#o.refreshMs), setInterval(() => this.tick(), this.#o.tickMs));
  }

  stop(): void {
    for (const t of this.#timers) clearTimeout(t);
    this.#timers = [];
  }
}

const key = (p: DemoPunch) => `${p.terminalUserId}|${p.day}|${p.at}|${p.state}`;
