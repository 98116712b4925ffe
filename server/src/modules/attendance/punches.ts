import type { Direction, PunchFlag, PunchSource } from '../../../../shared/attendance/index.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import type { PunchTable } from '../../db/schema.ts';
import { newId } from '../../ids.ts';
import { reconcileInstants } from './days.ts';
import { lockEmployeesForReconcile } from './repo/days.ts';
import * as punchesRepo from './repo/punches.ts';

/**
 * `recordPunch`: the one way a punch enters Muster (terminal ingest, self
 * check-in, approved regularization, CSV import). It dedupes, stores the
 * row (append-only) and reconciles the shift day the punch belongs to, in
 * the same transaction.
 */

export interface NewPunch {
  /** Null while an unmatched terminal user is not mapped to anyone. */
  employeeId: string | null;
  source: PunchSource;
  /** Epoch ms. */
  at: number;
  /** The offset the time came with, and the local date/time as received. */
  utcOffsetMinutes: number;
  localDate: string;
  localTime: string;
  terminalId?: string | null;
  terminalSerial?: string | null;
  terminalUserId?: number | null;
  transId?: number | null;
  attendStat?: string;
  verifyMode?: string | null;
  direction?: Direction | null;
  photoPath?: string | null;
  geo?: { lat: number; lng: number; accuracy: number | null } | null;
  flags?: readonly PunchFlag[];
  supersedesId?: string | null;
  regularizationId?: string | null;
  note?: string | null;
  /** Preset id (the ingest route names a photo file after it). */
  id?: string;
}

export interface RecordedPunch {
  id: string;
  duplicate: boolean;
  employeeId: string | null;
  /** The shift day reconciled for it, if any. */
  shiftDay: string | null;
}

function toRow(ctx: Ctx, p: NewPunch): PunchTable {
  return {
    id: p.id ?? newId(),
    employee_id: p.employeeId,
    source: p.source,
    terminal_id: p.terminalId ?? null,
    terminal_serial: p.terminalSerial ?? null,
    terminal_user_id: p.terminalUserId ?? null,
    trans_id: p.transId ?? null,
    at: new Date(p.at).toISOString(),
    utc_offset_minutes: p.utcOffsetMinutes,
    local_date: p.localDate,
    local_time: p.localTime,
    attend_stat: p.attendStat ?? '',
    verify_mode: p.verifyMode ?? null,
    direction: p.direction ?? null,
    photo_path: p.photoPath ?? null,
    geo_lat: p.geo?.lat ?? null,
    geo_lng: p.geo?.lng ?? null,
    geo_accuracy: p.geo?.accuracy ?? null,
    flags: (p.flags ?? []).join(','),
    supersedes_id: p.supersedesId ?? null,
    regularization_id: p.regularizationId ?? null,
    note: p.note ?? null,
    created_by_name: ctx.caller.kind === 'connector' ? null : ctx.caller.name,
    created_at: ctx.clock.now().toISOString(),
  };
}

/** Records punches in one transaction; returns one outcome per input, in order. */
export async function recordPunches(ctx: Ctx, inputs: readonly NewPunch[]): Promise<RecordedPunch[]> {
  if (inputs.length === 0) return [];
  return inTransaction(ctx, async (t) => {
    // Before the punches go in: a concurrent ingest for the same people waits here, then reconciles with these punches too.
    await lockEmployeesForReconcile(t.db, inputs.flatMap((i) => (i.employeeId ? [i.employeeId] : [])));
    const out: RecordedPunch[] = [];
    const fresh: { employeeId: string; at: number; index: number }[] = [];
    for (const input of inputs) {
      const row = toRow(t, input);
      const inserted = await punchesRepo.insertPunch(t.db, row);
      if (!inserted) {
        const existing = row.terminal_serial
          ? await punchesRepo.findDuplicatePunch(t.db, {
              serial: row.terminal_serial,
              transId: row.trans_id,
              terminalUserId: row.terminal_user_id,
              at: row.at,
              attendStat: row.attend_stat,
            })
          : undefined;
        if (!existing) throw new Error('punch insert ignored without a duplicate');
        out.push({ id: existing.id, duplicate: true, employeeId: existing.employee_id, shiftDay: null });
        continue;
      }
      out.push({ id: row.id, duplicate: false, employeeId: row.employee_id, shiftDay: null });
      if (row.employee_id) fresh.push({ employeeId: row.employee_id, at: input.at, index: out.length - 1 });
    }
    if (fresh.length) await reconcileOwners(t, fresh, out);
    return out;
  });
}

export async function recordPunch(ctx: Ctx, input: NewPunch): Promise<RecordedPunch> {
  const [recorded] = await recordPunches(ctx, [input]);
  if (!recorded) throw new Error('recordPunches returned nothing');
  return recorded;
}

/** Finds the shift day each new punch belongs to and reconciles those days; returns the days per employee. */
export async function reconcileOwners(
  ctx: Ctx,
  fresh: readonly { employeeId: string; at: number; index?: number }[],
  out?: RecordedPunch[],
): Promise<Map<string, Set<string>>> {
  const owners = await reconcileInstants(ctx, fresh);
  const daysByEmployee = new Map<string, Set<string>>();
  fresh.forEach((f, i) => {
    const day = owners[i];
    if (!day) return;
    const days = daysByEmployee.get(f.employeeId) ?? new Set<string>();
    days.add(day);
    daysByEmployee.set(f.employeeId, days);
    const slot = f.index !== undefined ? out?.[f.index] : undefined;
    if (slot) slot.shiftDay = day;
  });
  return daysByEmployee;
}

const partFormats = new Map<string, Intl.DateTimeFormat>();

/** The local date, time (HH:MM:SS) and UTC offset of an instant in a zone. */
export function localParts(ms: number, timeZone: string): { date: string; time: string; offsetMinutes: number } {
  let f = partFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partFormats.set(timeZone, f);
  }
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(ms)) parts[p.type] = p.value;
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const time = `${parts.hour}:${parts.minute}:${parts.second}`;
  const asUtc = Date.parse(`${date}T${time}Z`);
  const offsetMinutes = Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
  return { date, time, offsetMinutes };
}

/** Great-circle distance in metres. */
export function distanceMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const R = 6_371_000;
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}
