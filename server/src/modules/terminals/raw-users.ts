import type { UnmappedUserId } from '../../../../shared/ingest.ts';
import { ASSIGNED_USER_ID_BASE, type RawUser, type RawUserMapInput } from '../../../../shared/terminals.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { diffFields, recordAudit } from '../audit/index.ts';
import { directoryOf, employeeForTerminalUser, policyOf } from '../attendance/index.ts';
import { createEnrolment } from './service.ts';

/**
 * Terminal user ids that are not plain numbers ("A12", "007"). The ingest
 * contract carries an integer, so the connector holds their records back as
 * dead letters and reports the ids in its keep-alives; they are kept here per
 * terminal until an administrator maps each one ("map to number" or "map to
 * employee"). The map reaches the connector in its configuration
 * (`userIdMap`), which then sends the held-back records by itself.
 */

const PLAIN = /^(0|[1-9]\d*)$/;

const COLUMNS = [
  'terminal_raw_user.id',
  'terminal_raw_user.terminal_id',
  'terminal.name as terminal_name',
  'terminal_raw_user.raw_user_id',
  'terminal_raw_user.records',
  'terminal_raw_user.first_reported_at',
  'terminal_raw_user.last_reported_at',
  'terminal_raw_user.terminal_user_id',
  'terminal_raw_user.mapped_by_name',
  'terminal_raw_user.mapped_at',
] as const;

function query(ctx: Ctx) {
  return ctx.db.selectFrom('terminal_raw_user').innerJoin('terminal', 'terminal.id', 'terminal_raw_user.terminal_id').select([...COLUMNS]);
}

async function toRawUsers(ctx: Ctx, rows: Awaited<ReturnType<ReturnType<typeof query>['execute']>>): Promise<RawUser[]> {
  const [policy, directory] = await Promise.all([policyOf(ctx.db), directoryOf(ctx.db)]);
  return rows.map((r) => {
    const employee = r.terminal_user_id !== null ? employeeForTerminalUser(policy, directory, r.terminal_id, r.terminal_user_id) : null;
    return {
      id: r.id,
      terminal: { id: r.terminal_id, name: r.terminal_name },
      rawUserId: r.raw_user_id,
      records: r.records,
      firstReportedAt: r.first_reported_at,
      lastReportedAt: r.last_reported_at,
      terminalUserId: r.terminal_user_id,
      employee: employee ? { id: employee.id, code: employee.code, fullName: employee.fullName } : null,
      mappedByName: r.mapped_by_name,
      mappedAt: r.mapped_at,
    };
  });
}

/** Raw ids waiting for a mapping first, then the mapped ones. */
export async function listRawUsers(ctx: Ctx): Promise<RawUser[]> {
  const rows = await query(ctx).orderBy('terminal.name').orderBy('terminal_raw_user.raw_user_id').execute();
  const items = await toRawUsers(ctx, rows);
  return [...items.filter((i) => i.terminalUserId === null), ...items.filter((i) => i.terminalUserId !== null)];
}

/** Raw ids waiting for a mapping, per terminal (for the terminals list). */
export async function unmappedCounts(ctx: Ctx): Promise<Map<string, number>> {
  const rows = await ctx.db
    .selectFrom('terminal_raw_user')
    .select((eb) => ['terminal_id', eb.fn.countAll<number>().as('n')])
    .where('terminal_user_id', 'is', null)
    .where('records', '>', 0)
    .groupBy('terminal_id')
    .execute();
  return new Map(rows.map((r) => [r.terminal_id, Number(r.n)]));
}

/**
 * A keep-alive's list of unmapped ids: the whole current list for that
 * terminal. Listed ids are added or updated; ids no longer listed (sent after
 * a mapping, or given up by an operator) are kept with 0 records.
 */
export async function recordUnmappedReport(ctx: Ctx, terminalId: string, report: readonly UnmappedUserId[]): Promise<void> {
  const now = ctx.clock.now().toISOString();
  const existing = await ctx.db.selectFrom('terminal_raw_user').select(['id', 'raw_user_id', 'records']).where('terminal_id', '=', terminalId).execute();
  const byRaw = new Map(existing.map((r) => [r.raw_user_id, r]));
  const listed = new Set<string>();
  for (const item of report) {
    if (listed.has(item.userId)) continue;
    listed.add(item.userId);
    const row = byRaw.get(item.userId);
    if (row) {
      await ctx.db.updateTable('terminal_raw_user').set({ records: item.records, last_reported_at: now }).where('id', '=', row.id).execute();
    } else {
      await ctx.db
        .insertInto('terminal_raw_user')
        .values({
          id: newId(),
          terminal_id: terminalId,
          raw_user_id: item.userId,
          records: item.records,
          first_reported_at: now,
          last_reported_at: now,
          terminal_user_id: null,
          mapped_by_name: null,
          mapped_at: null,
        })
        .execute();
    }
  }
  const gone = existing.filter((r) => !listed.has(r.raw_user_id) && r.records !== 0).map((r) => r.id);
  if (gone.length) await ctx.db.updateTable('terminal_raw_user').set({ records: 0 }).where('id', 'in', gone).execute();
}

/** Per terminal, raw id → integer, for the connector's configuration. */
export async function userIdMaps(ctx: Ctx): Promise<Map<string, Record<string, number>>> {
  const rows = await ctx.db
    .selectFrom('terminal_raw_user')
    .select(['terminal_id', 'raw_user_id', 'terminal_user_id'])
    .where('terminal_user_id', 'is not', null)
    .execute();
  const maps = new Map<string, Record<string, number>>();
  for (const r of rows) {
    const map = maps.get(r.terminal_id) ?? {};
    map[r.raw_user_id] = r.terminal_user_id as number;
    maps.set(r.terminal_id, map);
  }
  return maps;
}

/** The next number Muster assigns on a terminal (above every assigned one there). */
async function nextAssignedNumber(ctx: Ctx, terminalId: string): Promise<number> {
  const [enrolled, mapped] = await Promise.all([
    ctx.db
      .selectFrom('terminal_enrolment')
      .select((eb) => eb.fn.max('terminal_user_id').as('n'))
      .where('terminal_id', '=', terminalId)
      .where('terminal_user_id', '>=', ASSIGNED_USER_ID_BASE)
      .executeTakeFirst(),
    ctx.db
      .selectFrom('terminal_raw_user')
      .select((eb) => eb.fn.max('terminal_user_id').as('n'))
      .where('terminal_id', '=', terminalId)
      .where('terminal_user_id', '>=', ASSIGNED_USER_ID_BASE)
      .executeTakeFirst(),
  ]);
  return Math.max(ASSIGNED_USER_ID_BASE - 1, Number(enrolled?.n ?? 0), Number(mapped?.n ?? 0)) + 1;
}

/**
 * Maps a raw id of one terminal to an integer: a number given as is ("map to
 * number"), or an employee ("map to employee": their biometric id when it
 * means them on this terminal, else an assigned number with a mapping of it
 * on this terminal). The connector picks the map up with its configuration
 * and sends the records it held back. Audited (Devices) on the employee the
 * number means, when it means someone.
 */
export async function mapRawUser(ctx: Ctx, input: RawUserMapInput): Promise<RawUser> {
  const terminalId = input.terminalId.toLowerCase();
  const rawUserId = input.rawUserId;
  if (PLAIN.test(rawUserId) && Number.isSafeInteger(Number(rawUserId))) {
    throw badRequest(`"${rawUserId}" is a plain number: the connector sends it as it is, no mapping is needed.`, [
      { path: 'body.rawUserId', message: 'is a plain number; only ids with letters or a leading zero are mapped' },
    ]);
  }
  const terminal = await ctx.db.selectFrom('terminal').select(['id', 'name']).where('id', '=', terminalId).executeTakeFirst();
  if (!terminal) throw badRequest('No such terminal.', [{ path: 'body.terminalId', message: 'no such terminal' }]);
  const employeeId = input.employeeId?.toLowerCase();
  const directory = await directoryOf(ctx.db);
  const employee = employeeId ? directory.byId.get(employeeId) : undefined;
  if (employeeId && !employee) throw badRequest('No such employee.', [{ path: 'body.employeeId', message: 'no such employee' }]);

  const id = await inTransaction(ctx, async (t) => {
    const row = await t.db
      .selectFrom('terminal_raw_user')
      .select(['id', 'terminal_user_id'])
      .where('terminal_id', '=', terminalId)
      .where('raw_user_id', '=', rawUserId)
      .executeTakeFirst();
    if (row?.terminal_user_id != null) {
      throw conflict(`"${rawUserId}" on ${terminal.name} is already mapped to ${row.terminal_user_id}; remove that mapping first.`, [
        { path: 'body.rawUserId', message: 'already mapped' },
      ]);
    }
    let number: number;
    if (input.terminalUserId !== undefined) {
      number = input.terminalUserId;
    } else {
      const policy = await policyOf(t.db);
      const own = employee?.terminalUserId ?? null;
      if (own !== null && employeeForTerminalUser(policy, directory, terminalId, own)?.id === employee?.id) {
        number = own;
      } else {
        number = await nextAssignedNumber(t, terminalId);
        await createEnrolment(t, { terminalId, terminalUserId: number, employeeId: employeeId as string });
      }
    }
    const clash = await t.db
      .selectFrom('terminal_raw_user')
      .select('raw_user_id')
      .where('terminal_id', '=', terminalId)
      .where('terminal_user_id', '=', number)
      .executeTakeFirst();
    if (clash) {
      throw conflict(`"${clash.raw_user_id}" on ${terminal.name} is already mapped to ${number}: two ids of one terminal cannot share a number.`, [
        { path: input.terminalUserId !== undefined ? 'body.terminalUserId' : 'body.employeeId', message: `already used by "${clash.raw_user_id}"` },
      ]);
    }
    const now = ctx.clock.now().toISOString();
    const mapped = { terminal_user_id: number, mapped_by_name: ctx.caller.name, mapped_at: now };
    let rowId = row?.id;
    if (rowId) {
      await t.db.updateTable('terminal_raw_user').set(mapped).where('id', '=', rowId).execute();
    } else {
      // Mapped before the connector reported it: kept the same way.
      rowId = newId();
      await t.db
        .insertInto('terminal_raw_user')
        .values({ id: rowId, terminal_id: terminalId, raw_user_id: rawUserId, records: 0, first_reported_at: null, last_reported_at: null, ...mapped })
        .execute();
    }
    const who = employeeForTerminalUser(await policyOf(t.db), directory, terminalId, number);
    if (who) {
      await recordAudit(t, {
        employeeId: who.id,
        category: 'Devices',
        action: 'terminal.raw-user-mapped',
        summary: `Terminal user "${rawUserId}" on ${terminal.name} mapped to terminal user ${number} (this employee); the connector sends its held-back records`,
        changes: diffFields({ terminalUserId: null }, { terminalUserId: number }),
      });
    }
    return rowId;
  });
  return rawUserById(ctx, id);
}

/** Removes a mapping: records of that raw id are held back again from now on (those already sent stay). */
export async function unmapRawUser(ctx: Ctx, id: string): Promise<void> {
  const row = await query(ctx).where('terminal_raw_user.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Terminal user id');
  if (row.terminal_user_id === null) throw conflict(`"${row.raw_user_id}" is not mapped.`);
  await inTransaction(ctx, async (t) => {
    const who = employeeForTerminalUser(await policyOf(t.db), await directoryOf(t.db), row.terminal_id, row.terminal_user_id as number);
    await t.db.updateTable('terminal_raw_user').set({ terminal_user_id: null, mapped_by_name: null, mapped_at: null }).where('id', '=', id).execute();
    if (who) {
      await recordAudit(t, {
        employeeId: who.id,
        category: 'Devices',
        action: 'terminal.raw-user-unmapped',
        summary: `Mapping of terminal user "${row.raw_user_id}" on ${row.terminal_name} to ${row.terminal_user_id} removed (records already sent stay)`,
        changes: diffFields({ terminalUserId: row.terminal_user_id }, { terminalUserId: null }),
      });
    }
  });
}

async function rawUserById(ctx: Ctx, id: string): Promise<RawUser> {
  const rows = await query(ctx).where('terminal_raw_user.id', '=', id).execute();
  const [item] = await toRawUsers(ctx, rows);
  if (!item) throw notFound('Terminal user id');
  return item;
}
