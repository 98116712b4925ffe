import { describe, expect, it } from 'vitest';
import { DemoPuncher, type DemoPunch, planSchedule } from '../../connector/src/emulator/demo-puncher.ts';
import type { DemoSchedule, DemoShiftDay } from '../../shared/ingest.ts';

/** The demo terminals punch like an office: own location, own shift, in IST; quiet at night; nobody off or on leave. */

const BLR = '00000000-0000-7000-8000-00000000b1a0';
const PUN = '00000000-0000-7000-8000-00000000d0e0';
const TERMINALS = [
  { serial: 'DEMO-ANVIZ-0001', name: 'Bengaluru HQ reception', locationId: BLR },
  { serial: 'DEMO-ZK-0001', name: 'Pune Plant gate', locationId: PUN },
];
const MIN = 60_000;

/** An IST wall-clock time as an instant. */
const ist = (day: string, time: string) => Date.parse(`${day}T${time}:00+05:30`);
/** The IST minutes of the day of an instant. */
const istMinutes = (at: number) => {
  const d = new Date(at + 330 * MIN);
  return d.getUTCHours() * 60 + d.getUTCMinutes();
};

function shiftDay(terminalUserId: number, locationId: string, day: string, start: string, end: string, state: DemoShiftDay['state'] = 'none'): DemoShiftDay {
  const endDay = end < start ? new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : day;
  return { terminalUserId, locationId, day, shiftStart: new Date(ist(day, start)).toISOString(), shiftEnd: new Date(ist(endDay, end)).toISOString(), state };
}

const DAY = '2026-11-25';
const PREV = '2026-11-24';
const GENERAL = Array.from({ length: 100 }, (_, i) => 1001 + i);
const NIGHT = [2001, 2002, 2003];
const ON_LEAVE = 1500; // not in the timetable: the server lists only shift days people work

function timetable(now: number, states: Partial<Record<number, DemoShiftDay['state']>> = {}): DemoSchedule {
  const days: DemoShiftDay[] = [];
  for (const id of GENERAL) days.push(shiftDay(id, id % 2 ? BLR : PUN, DAY, '09:30', '18:30', states[id] ?? 'none'));
  for (const id of NIGHT) {
    days.push(shiftDay(id, PUN, PREV, '22:00', '06:00', 'in'));
    days.push(shiftDay(id, PUN, DAY, '22:00', '06:00'));
  }
  return { timeZone: 'Asia/Kolkata', now: new Date(now).toISOString(), terminals: TERMINALS, days };
}

/** Runs a puncher over the day on a fake clock, a tick a minute, re-reading the timetable every ten minutes. */
async function runDay(from: number, to: number, states?: Partial<Record<number, DemoShiftDay['state']>>): Promise<DemoPunch[]> {
  let now = from;
  const sent: DemoPunch[] = [];
  const puncher = new DemoPuncher({ fetchSchedule: async () => timetable(now, states), punch: (p) => sent.push(p), now: () => now });
  await puncher.refresh();
  for (; now <= to; now += MIN) {
    if ((now - from) % (10 * MIN) === 0) await puncher.refresh();
    puncher.tick();
  }
  return sent;
}

describe('demo terminals', () => {
  it('punch each person at their own location around their own shift, and keep quiet at night', async () => {
    const sent = await runDay(ist(DAY, '00:00'), ist(DAY, '23:59'));
    const general = sent.filter((p) => GENERAL.includes(p.terminalUserId));
    expect(general.length).toBeGreaterThan(180);
    // Nobody punches who is not in the timetable (on leave, off, exited).
    expect(sent.some((p) => p.terminalUserId === ON_LEAVE)).toBe(false);
    // Arrivals 08:40–10:15 (a few late), departures 17:30–19:00 but for lunch breaks around 13:00–14:45.
    for (const p of general) {
      const m = istMinutes(p.at);
      if (p.state === 0) expect(m === 0 || (m >= 8 * 60 + 40 && m <= 10 * 60 + 15) || (m >= 13 * 60 && m <= 15 * 60), `check-in at ${m}`).toBe(true);
      else expect((m >= 17 * 60 + 30 && m <= 19 * 60) || (m >= 13 * 60 && m <= 14 * 60 + 30), `check-out at ${m}`).toBe(true);
    }
    const arrivals = general.filter((p) => p.state === 0 && istMinutes(p.at) < 11 * 60);
    expect(arrivals.filter((p) => istMinutes(p.at) <= 9 * 60 + 40).length / arrivals.length).toBeGreaterThan(0.8);
    // Some step out for lunch.
    expect(general.filter((p) => p.state === 1 && istMinutes(p.at) < 15 * 60).length).toBeGreaterThan(10);
    // Their own location's terminal, but for the rare visit.
    const home = general.filter((p) => p.serial === (p.terminalUserId % 2 ? 'DEMO-ANVIZ-0001' : 'DEMO-ZK-0001'));
    expect(home.length / general.length).toBeGreaterThan(0.95);
    // At night only the night shift: leaving at about 06:00, arriving at about 22:00.
    const night = sent.filter((p) => istMinutes(p.at) < 7 * 60 || istMinutes(p.at) >= 20 * 60);
    expect(night.length).toBeGreaterThan(0);
    expect(night.every((p) => NIGHT.includes(p.terminalUserId))).toBe(true);
    // Between 01:00 and 05:00 at most the night shift's meal break.
    expect(sent.filter((p) => istMinutes(p.at) >= 60 && istMinutes(p.at) < 5 * 60).every((p) => NIGHT.includes(p.terminalUserId))).toBe(true);
    // In and out alternate per person and shift day, starting with a check-in.
    const byDay = new Map<string, number[]>();
    for (const p of sent) byDay.set(`${p.terminalUserId}|${p.day}`, [...(byDay.get(`${p.terminalUserId}|${p.day}`) ?? []), p.state]);
    for (const [key, states] of byDay) {
      if (key.endsWith(PREV)) continue; // the night shift that was already in
      states.forEach((s, i) => expect(s, key).toBe(i % 2));
    }
  });

  it('at 02:30 only the night shift is on the floor; at 10:00 the office has arrived', async () => {
    const early = await runDay(ist(DAY, '00:00'), ist(DAY, '02:30'));
    expect(early.every((p) => NIGHT.includes(p.terminalUserId))).toBe(true);
    const morning = await runDay(ist(DAY, '00:00'), ist(DAY, '10:00'));
    const inNow = new Set(morning.filter((p) => GENERAL.includes(p.terminalUserId) && p.state === 0).map((p) => p.terminalUserId));
    expect(inNow.size).toBeGreaterThan(85);
  });

  it('hurried (MUSTER_DEMO_PUNCH_SECONDS), each terminal sends its next planned punch at once, in order, never twice', async () => {
    const now = ist(DAY, '03:00');
    const sent: DemoPunch[] = [];
    const puncher = new DemoPuncher({ fetchSchedule: async () => timetable(now), punch: (p) => sent.push(p), now: () => now });
    await puncher.refresh();
    const planned = [...puncher.pending];
    const first = puncher.hurry();
    expect(first.map((p) => p.serial).sort()).toEqual(['DEMO-ANVIZ-0001', 'DEMO-ZK-0001']);
    for (const p of first) expect(p).toEqual(planned.find((q) => q.serial === p.serial));
    puncher.hurry();
    await puncher.refresh();
    puncher.hurry();
    const keys = sent.map((p) => `${p.terminalUserId}|${p.day}|${p.at}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(sent).toHaveLength(6);
  });

  it('never checks in again someone the server already has in, nor someone who has left', async () => {
    const states: Record<number, DemoShiftDay['state']> = { 1001: 'in', 1002: 'out' };
    const sent = await runDay(ist(DAY, '11:00'), ist(DAY, '23:00'), states);
    expect(sent.filter((p) => p.terminalUserId === 1001 && p.state === 0 && istMinutes(p.at) < 11 * 60)).toEqual([]);
    expect(sent.filter((p) => p.terminalUserId === 1002)).toEqual([]);
  });

  it('plans the same day the same way after a restart, and skips punches overdue after a sleep', async () => {
    const now = ist(DAY, '00:00');
    expect(planSchedule(timetable(now))).toEqual(planSchedule(timetable(now)));
    let clock = ist(DAY, '12:00');
    const sent: DemoPunch[] = [];
    const puncher = new DemoPuncher({ fetchSchedule: async () => timetable(ist(DAY, '08:00')), punch: (p) => sent.push(p), now: () => clock });
    await puncher.refresh();
    puncher.tick();
    // The morning's arrivals were due hours ago: none is sent in a burst at noon.
    expect(sent.every((p) => clock - p.at <= 15 * MIN)).toBe(true);
    clock += MIN;
    expect(puncher.tick().every((p) => p.at <= clock)).toBe(true);
  });
});
