import { addDays, daysBetween } from '../../../../../shared/dates.ts';
import { BUILT_IN_REPORTS } from '../../../../../shared/reports.ts';
import { zonedInstant } from '../../attendance/index.ts';
import { SLOT_MS, contactSlots, listTerminalHealthRows, punchesPerTerminalDay } from '../../terminals/index.ts';
import { type BuiltInReport, PALETTE, column, round2, share, sumOf } from '../definition.ts';
import { MONTH_SHORT } from '../period.ts';
import { type RunChart, type RunRow, word } from '../words.ts';

type Terminal = Awaited<ReturnType<typeof listTerminalHealthRows>>[number];
type Slots = Awaited<ReturnType<typeof contactSlots>>;
type DayCount = Awaited<ReturnType<typeof punchesPerTerminalDay>>[number];

const COLUMNS = [
  column('terminal', 'Terminal', 'text'),
  column('location', 'Location', 'text'),
  column('state', 'Now', 'text', 'Online, offline (nothing heard within its threshold), never reached, or disabled.'),
  column('uptime', 'Uptime', 'percent', 'Share of the ten-minute slots of the period in which it was reached (from its registration, if later).'),
  column('lastContact', 'Last contact', 'instant'),
  column('syncedUntil', 'Synced until', 'instant', 'Reached with nothing left to deliver up to here: days before it can be final.'),
  column('clockDrift', 'Clock drift (s)', 'integer', 'The terminal’s clock minus the server’s, at its last punch or keep-alive.'),
  column('backlog', 'Backlog', 'integer', 'Records the connector still had to send, at its last report.'),
  column('deadLetters', 'Dead letters', 'integer'),
  column('punches', 'Punches', 'integer'),
  column('perDay', 'Punches a day', 'number'),
  column('unmatched', 'Unmatched', 'integer', 'Punches of terminal user ids mapped to nobody.'),
] as const;

export interface HealthInput {
  terminals: readonly Terminal[];
  slots: Slots;
  days: readonly DayCount[];
  dates: readonly string[];
  /** The period's first slot and the current one. */
  fromSlot: number;
  nowSlot: number;
  nowMs: number;
}

type State = 'Disabled' | 'NeverReached' | 'Online' | 'Offline';

function stateOf(t: Terminal, nowMs: number): State {
  if (t.enabled === 0) return 'Disabled';
  if (t.last_contact_at === null) return 'NeverReached';
  return nowMs - Date.parse(t.last_contact_at) <= t.offline_after_minutes * 60_000 ? 'Online' : 'Offline';
}

/** Rows per terminal, totals, and punches per terminal per day for the chart. Pure. */
export function shapeTerminalHealth(input: HealthInput) {
  const { terminals, slots, days, dates, fromSlot, nowSlot, nowMs } = input;
  const states = terminals.map((t) => stateOf(t, nowMs));
  const rows: RunRow[] = terminals.map((t, i) => {
    const reached = slots.reached.get(t.id) ?? 0;
    // Measured from the period's start, the terminal's registration or when slots began to be recorded, whichever is latest.
    const start = Math.max(fromSlot, slots.recordingSince ?? nowSlot + 1, Math.floor(Date.parse(t.created_at) / SLOT_MS));
    const expected = nowSlot - start + 1;
    const mine = days.filter((d) => d.terminalId === t.id);
    const punches = mine.reduce((n, d) => n + d.punches, 0);
    return {
      terminalId: t.id,
      terminal: t.name,
      location: t.location_name,
      state: word(`terminalState.${states[i] ?? 'Offline'}`),
      uptime: expected > 0 && t.enabled === 1 ? Math.min(1, share(reached, expected) ?? 0) : null,
      lastContact: t.last_contact_at,
      syncedUntil: t.synced_until,
      clockDrift: t.clock_skew_seconds,
      backlog: t.connector_backlog,
      deadLetters: t.connector_dead_letters,
      punches,
      perDay: dates.length ? round2(punches / dates.length) : null,
      unmatched: mine.reduce((n, d) => n + d.unmatched, 0),
    };
  });
  const punches = sumOf(rows, 'punches');
  const uptimes = rows.map((r) => r.uptime).filter((u): u is number => typeof u === 'number');
  const totals: RunRow = {
    terminal: word('total.allTerminals', { count: rows.length }),
    location: null,
    state: word('total.online', { count: states.filter((s) => s === 'Online').length }),
    uptime: uptimes.length ? Math.round((uptimes.reduce((a, b) => a + b, 0) / uptimes.length) * 10_000) / 10_000 : null,
    lastContact: null,
    syncedUntil: null,
    clockDrift: null,
    backlog: sumOf(rows, 'backlog'),
    deadLetters: sumOf(rows, 'deadLetters'),
    punches,
    perDay: dates.length ? round2(punches / dates.length) : null,
    unmatched: sumOf(rows, 'unmatched'),
  };
  const chart: RunChart = {
    type: 'line',
    title: word('chart.terminalHealth'),
    categories: dates.map((d) => ({ date: d, as: 'dayMonth' as const, english: `${Number(d.slice(8, 10))} ${MONTH_SHORT[Number(d.slice(5, 7)) - 1] ?? ''}` })),
    series: terminals.map((t, i) => ({
      key: t.id,
      label: t.name,
      color: PALETTE[i % PALETTE.length] ?? '#868e96',
      values: dates.map((date) => days.find((d) => d.terminalId === t.id && d.date === date)?.punches ?? 0),
    })),
    stacked: false,
    unit: 'punches',
  };
  return { rows, totals, chart };
}

export const terminalHealth: BuiltInReport = {
  id: BUILT_IN_REPORTS.terminalHealth,
  name: 'Terminal health',
  description: 'Each biometric terminal over the last days: uptime, last contact and sync, clock drift, backlog, and punches per day.',
  category: 'Devices',
  parameter: 'days',
  defaultDays: 30,
  filters: ['locationId'],
  columns: COLUMNS,
  chart: { type: 'line', title: 'Punches per terminal per day' },
  rowsAre: 'terminal',
  defaultSort: { key: 'terminal', order: 'asc' },
  permission: 'attendance:read',
  async run({ ctx, period, filters }) {
    const nowMs = ctx.clock.now().getTime();
    const fromMs = zonedInstant(period.from, 0, ctx.timeZone);
    const toMs = zonedInstant(addDays(period.to, 1), 0, ctx.timeZone);
    const fromSlot = Math.floor(fromMs / SLOT_MS);
    const nowSlot = Math.floor(nowMs / SLOT_MS);
    const [terminals, slots, days] = await Promise.all([
      listTerminalHealthRows(ctx.db, filters.locationId),
      contactSlots(ctx.db, fromSlot, nowSlot),
      punchesPerTerminalDay(ctx.db, new Date(fromMs).toISOString(), new Date(toMs).toISOString()),
    ]);
    return {
      ...shapeTerminalHealth({ terminals, slots, days, dates: daysBetween(period.from, period.to), fromSlot, nowSlot, nowMs }),
      notes: [word('note.terminalHealth.uptime'), word('note.timesIn', { zone: ctx.timeZone })],
    };
  },
};
