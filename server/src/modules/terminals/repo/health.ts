import type { Db } from '../../../context.ts';
import { reusableQuery } from '../../../db/reusable-query.ts';

/**
 * Terminal health over time: the ten-minute slots in which each terminal was
 * reached (`terminal_contact_slot`, written on every contact), and what the
 * health report and the dashboard read of the registry and the punches.
 */

/** Ten minutes, the grain of uptime. */
export const SLOT_MS = 600_000;

// Written on every contact of a terminal: compiled once (see reusableQuery).
const insertSlot = reusableQuery((db, a: { terminalId: string; slot: number }) =>
  db.insertInto('terminal_contact_slot').values({ terminal_id: a.terminalId, slot: a.slot }).onConflict((oc) => oc.columns(['terminal_id', 'slot']).doNothing()),
);

/** Notes that a terminal was reached in the slot holding this instant (once per slot). */
export async function recordContactSlot(db: Db, terminalId: string, atMs: number): Promise<void> {
  await insertSlot(db as Parameters<typeof insertSlot>[0], { terminalId, slot: Math.floor(atMs / SLOT_MS) });
}

/**
 * Per terminal, the slots it was reached in within [fromSlot, toSlot]; and
 * the first slot on record of any terminal (when recording began: uptime
 * is not known before it).
 */
export async function contactSlots(db: Db, fromSlot: number, toSlot: number): Promise<{ reached: Map<string, number>; recordingSince: number | null }> {
  const [inRange, first] = await Promise.all([
    db
      .selectFrom('terminal_contact_slot')
      .select((eb) => ['terminal_id', eb.fn.countAll<number>().as('n')])
      .where('slot', '>=', fromSlot)
      .where('slot', '<=', toSlot)
      .groupBy('terminal_id')
      .execute(),
    db
      .selectFrom('terminal_contact_slot')
      .select((eb) => eb.fn.min<number>('slot').as('first'))
      .executeTakeFirst(),
  ]);
  return { reached: new Map(inRange.map((r) => [r.terminal_id, Number(r.n)])), recordingSince: first?.first === null || first?.first === undefined ? null : Number(first.first) };
}

/** Every terminal (the location narrows it), with its location's name and its connector's last report. */
export async function listTerminalHealthRows(db: Db, locationId?: string) {
  let q = db
    .selectFrom('terminal')
    .leftJoin('location', 'location.id', 'terminal.location_id')
    .select([
      'terminal.id',
      'terminal.name',
      'terminal.serial',
      'terminal.protocol',
      'terminal.enabled',
      'terminal.location_id',
      'location.name as location_name',
      'terminal.last_contact_at',
      'terminal.last_punch_at',
      'terminal.synced_until',
      'terminal.clock_skew_seconds',
      'terminal.connector_state',
      'terminal.connector_backlog',
      'terminal.connector_dead_letters',
      'terminal.offline_after_minutes',
      'terminal.created_at',
    ])
    .orderBy('terminal.name');
  if (locationId) q = q.where('terminal.location_id', '=', locationId);
  return q.execute();
}

/**
 * Punches per terminal and local day received in [fromInstant, toInstant)
 * (the range of days as instants, so the index on `at` finds them), and how
 * many of them matched nobody.
 */
export async function punchesPerTerminalDay(db: Db, fromInstant: string, toInstant: string) {
  const rows = await db
    .selectFrom('punch')
    .select((eb) => [
      'terminal_id',
      'local_date',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>(eb.case().when('employee_id', 'is', null).then(1).else(0).end()).as('unmatched'),
    ])
    .where('terminal_id', 'is not', null)
    .where('at', '>=', fromInstant)
    .where('at', '<', toInstant)
    .groupBy(['terminal_id', 'local_date'])
    .execute();
  return rows.map((r) => ({ terminalId: r.terminal_id as string, date: r.local_date, punches: Number(r.n), unmatched: Number(r.unmatched) }));
}
