import { addDays, weekdayOf } from '../../../../shared/dates.ts';
import { formatDate } from '../../../../shared/labels.ts';
import { type Ctx, systemCaller } from '../../context.ts';
import { recordAudit } from '../audit/index.ts';
import type { PunchTable, RegularizationTable } from '../../db/schema.ts';
import { newId } from '../../ids.ts';
import { Roster, dayOfInstant, reconcileRange } from './days.ts';
import { directoryOf, holidayOn, policyOf, weeklyOffOn } from './policy-cache.ts';
import { localParts } from './punches.ts';
import { updateEmployeeRow } from '../employees/index.ts';
import { zonedInstant } from './shift-time.ts';
import { prng } from '../../../../shared/prng.ts';

/**
 * Demo attendance: shift rules, location weekly offs and fences, the two
 * demo terminals (the connector's emulators answer on their ports), months
 * of realistic punches (late arrivals — some people far more often than
 * others —, absences, half days, missing punches, overtime, a night shift
 * team, work on weekly offs and holidays), regularizations in every state
 * and decided ones over the months, the terminals' contact history with
 * two outages, a frozen override, unmatched punches, then every day
 * reconciled. Deterministic for a given date.
 */

export const DEMO_TERMINALS = {
  zk: { serial: 'DEMO-ZK-0001', name: 'Pune Plant gate', port: 14370 },
  anviz: { serial: 'DEMO-ANVIZ-0001', name: 'Bengaluru HQ reception', port: 15010 },
} as const;

/** Days of history when the caller does not say (the demo seed asks for six months and more). */
const DEFAULT_DAYS = 60;
const MIN = 60_000;
/** The terminals module's uptime slot (ten minutes). */
const SLOT_MS = 600_000;

/** The same on every machine. */
const rng = prng;

const int = (r: () => number, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));

export async function seedDemoAttendance(ctx: Ctx, opts: { historyDays?: number } = {}): Promise<void> {
  const db = ctx.db;
  const now = ctx.clock.now();
  const nowMs = now.getTime();
  const nowIso = now.toISOString();
  const tz = ctx.timeZone;
  const today = dayOfInstant(nowMs, tz);
  const from = addDays(today, -((opts.historyDays ?? DEFAULT_DAYS) - 1));
  const random = rng(20261121);

  // Shift rules: office hours without overtime, plant shifts with it.
  const shifts = await db.selectFrom('shift').select(['id', 'name']).execute();
  const shiftId = (name: string) => shifts.find((s) => s.name === name)?.id;
  await db.updateTable('shift').set({ break_minutes: 60, late_grace_minutes: 10, early_grace_minutes: 10, half_day_minutes: 240, full_day_minutes: 420, ot_eligible: 0, window_before_minutes: 150, window_after_minutes: 360, updated_at: nowIso }).where('name', '=', 'General').execute();
  for (const name of ['Morning', 'Evening', 'Night']) {
    await db
      .updateTable('shift')
      .set({ break_minutes: 30, late_grace_minutes: 5, early_grace_minutes: 5, half_day_minutes: 225, full_day_minutes: 405, ot_eligible: 1, ot_after_minutes: 30, ot_block_minutes: 30, ot_max_minutes: 240, window_before_minutes: 120, window_after_minutes: 300, updated_at: nowIso })
      .where('name', '=', name)
      .execute();
  }

  const locations = await db.selectFrom('location').select(['id', 'name']).execute();
  const pune = locations.find((l) => l.name === 'Pune Plant')?.id ?? null;
  const blr = locations.find((l) => l.name === 'Bengaluru HQ')?.id ?? null;
  if (pune) {
    // The plant works Saturdays: only Sunday off.
    await db.insertInto('location_policy').values({ location_id: pune, weekly_offs: JSON.stringify([{ weekday: 0, weeks: 'all' }]), fence_lat: 18.7606, fence_lng: 73.8636, fence_radius_m: 400, updated_at: nowIso }).execute();
  }
  if (blr) await db.insertInto('location_policy').values({ location_id: blr, weekly_offs: null, fence_lat: 13.0285, fence_lng: 77.5197, fence_radius_m: 300, updated_at: nowIso }).execute();

  const zkId = newId();
  const anvizId = newId();
  const terminalBase = { device_uid: null, comm_key: 0, time_zone: null, poll_seconds: 15, enabled: 1 as const, offline_after_minutes: 15, serial_path: null, baud_rate: null, clock_skew_seconds: 0, connector_state: null, connector_backlog: null, connector_dead_letters: null, connector_detail: null, connector_state_since: null, offline_notified_at: null, created_at: nowIso, updated_at: nowIso, last_contact_at: nowIso, synced_until: nowIso, last_punch_at: null };
  await db
    .insertInto('terminal')
    .values([
      { ...terminalBase, id: zkId, serial: DEMO_TERMINALS.zk.serial, terminal_type: 'zk', machine_number: 1, name: DEMO_TERMINALS.zk.name, location_id: pune, protocol: 'zk-tcp', host: '127.0.0.1', port: DEMO_TERMINALS.zk.port, direction_policy: 'by-state', firmware_notes: 'Ver 6.60 (emulated)' },
      { ...terminalBase, id: anvizId, serial: DEMO_TERMINALS.anviz.serial, terminal_type: 'anviz', machine_number: 1, name: DEMO_TERMINALS.anviz.name, location_id: blr, protocol: 'anviz-tcp', host: '127.0.0.1', port: DEMO_TERMINALS.anviz.port, direction_policy: 'alternating', firmware_notes: 'Anviz (emulated)' },
    ])
    .execute();

  const directory = await directoryOf(db);
  const demoEmployee = directory.list.find((e) => e.email === 'employee@kaveri.example');

  // Roster: everyone on their shift since joining; a few plant operators rotated to nights three weeks ago.
  const assignments: { id: string; employee_id: string; shift_id: string; effective_from: string; effective_to: string | null; created_by_name: string; created_at: string }[] = [];
  const rotateFrom = addDays(today, -21);
  const morning = shiftId('Morning');
  const night = shiftId('Night');
  let rotated = 0;
  for (const e of directory.list) {
    if (!e.shiftId) continue;
    const rotate = e.shiftId === morning && night && rotated < 3 && e.joinedDate < rotateFrom && e.exitDate === null;
    if (rotate && night) {
      rotated++;
      assignments.push({ id: newId(), employee_id: e.id, shift_id: e.shiftId, effective_from: e.joinedDate, effective_to: addDays(rotateFrom, -1), created_by_name: 'Priya Sharma', created_at: nowIso });
      assignments.push({ id: newId(), employee_id: e.id, shift_id: night, effective_from: rotateFrom, effective_to: null, created_by_name: 'Priya Sharma', created_at: nowIso });
      await updateEmployeeRow(db, e.id, { shift_id: night });
    } else {
      assignments.push({ id: newId(), employee_id: e.id, shift_id: e.shiftId, effective_from: e.joinedDate, effective_to: null, created_by_name: 'System', created_at: nowIso });
    }
  }
  for (let i = 0; i < assignments.length; i += 300) await db.insertInto('shift_assignment').values(assignments.slice(i, i + 300)).execute();

  const policy = await policyOf(db);
  const roster = new Roster(assignments, policy);
  const leave = new Map((await ctx.links.leave.approvedDays(db, 'all', from, today)).map((l) => [`${l.employeeId}|${l.date}`, l.portion]));

  const punches: PunchTable[] = [];
  const terminalKeys = new Set<string>();
  const missingDays: { employeeId: string; date: string; missing: 'in' | 'out'; inAt?: number; outAt?: number }[] = [];
  const offZone: { employeeId: string; date: string; punchId: string }[] = [];
  const add = (p: { employeeId: string | null; at: number; source: PunchTable['source']; direction?: 'in' | 'out' | null; terminal?: 'zk' | 'anviz'; stat?: string; userId?: number | null; geo?: [number, number]; flags?: string }) => {
    if (p.at > nowMs) return undefined;
    const local = localParts(p.at, tz);
    const terminal = p.terminal === 'zk' ? { id: zkId, serial: DEMO_TERMINALS.zk.serial } : p.terminal === 'anviz' ? { id: anvizId, serial: DEMO_TERMINALS.anviz.serial } : null;
    if (terminal) {
      // A terminal records one punch per person, instant and state (the table's unique key): on some dates
      // the draw puts a lunch punch on the same minute as a half day's leaving one.
      const key = `${terminal.serial}|${p.userId ?? ''}|${p.at}|${p.stat ?? ''}`;
      if (terminalKeys.has(key)) return undefined;
      terminalKeys.add(key);
    }
    const id = newId();
    punches.push({
      id,
      employee_id: p.employeeId,
      source: p.source,
      terminal_id: terminal?.id ?? null,
      terminal_serial: terminal?.serial ?? null,
      terminal_user_id: terminal ? (p.userId ?? null) : null,
      // History arrives without the connector's counter: transIds belong to the live feed.
      trans_id: null,
      at: new Date(p.at).toISOString(),
      utc_offset_minutes: local.offsetMinutes,
      local_date: local.date,
      local_time: local.time,
      attend_stat: p.stat ?? '',
      verify_mode: terminal ? 'fingerprint' : null,
      direction: p.direction ?? null,
      photo_path: null,
      geo_lat: p.geo?.[0] ?? null,
      geo_lng: p.geo?.[1] ?? null,
      geo_accuracy: p.geo ? 25 : null,
      flags: p.flags ?? '',
      supersedes_id: null,
      regularization_id: null,
      note: null,
      created_by_name: p.source === 'self' ? 'Self' : null,
      created_at: new Date(p.at).toISOString(),
    });
    return id;
  };

  for (const e of directory.list) {
    const isPune = e.locationId === pune;
    const terminal: 'zk' | 'anviz' = isPune ? 'zk' : 'anviz';
    // People differ: most are rarely late or away, a few often (what the late and absence reports find).
    const habit = random();
    const lateChance = habit < 0.08 ? 0.3 : habit < 0.3 ? 0.14 : 0.06;
    const absentChance = habit > 0.95 ? 0.07 : 0.02;
    for (let day = from; day <= today; day = addDays(day, 1)) {
      if (day < e.joinedDate || (e.exitDate !== null && day > e.exitDate)) continue;
      if (e.id === demoEmployee?.id && day === today) continue; // the demo employee checks in herself
      const shift = roster.shiftOn(e, day);
      const start = zonedInstant(day, shift.start, tz);
      const end = zonedInstant(day, shift.end > shift.start ? shift.end : shift.end + 1440, tz);
      const portion = leave.get(`${e.id}|${day}`);
      if (portion === 'FullDay') continue;
      const off = holidayOn(policy, e.id, e.locationId, day) !== null || weeklyOffOn(policy, e.locationId, day);
      const r = random();
      // Some come in on an off day, never today: nobody would send their punch-out (the demo terminals punch
      // only people expected at work), so the day would end as a missing punch.
      if (off && (day === today || !(shift.ot.eligible && r < 0.06))) continue;
      // Absences cluster after weekends and festivals (Mondays a little more often).
      if (!off && r < absentChance * (weekdayOf(day) === 1 ? 1.6 : 1)) continue; // absent
      const stat = (d: 'in' | 'out') => (isPune ? (d === 'in' ? '0' : '1') : '');
      const punch = (at: number, d: 'in' | 'out') => add({ employeeId: e.id, at, source: 'terminal', terminal, stat: stat(d), userId: e.terminalUserId });
      let inAt = start - int(random, 0, 25) * MIN;
      let outAt = end + int(random, 0, 20) * MIN;
      const kind = random();
      if (random() < lateChance && !off) inAt = start + int(random, 12, 65) * MIN; // late
      else if (kind < 0.04 && !off) outAt = end - int(random, 15, 70) * MIN; // leaves early
      if (portion === 'FirstHalf') inAt = start + Math.round((end - start) / 2) - int(random, 0, 10) * MIN;
      if (portion === 'SecondHalf') outAt = start + Math.round((end - start) / 2) + int(random, 0, 10) * MIN;
      if (kind >= 0.12 && kind < 0.15 && !portion) outAt = inAt + int(random, 255, 330) * MIN; // half day
      if (shift.ot.eligible && kind >= 0.7) outAt = end + int(random, 40, 150) * MIN; // overtime
      const missing = kind >= 0.15 && kind < 0.17 && !off ? 'out' : kind >= 0.17 && kind < 0.175 && !off ? 'in' : null;
      const selfCheckIn = !isPune && kind >= 0.5 && kind < 0.54;
      if (missing !== 'in') {
        if (selfCheckIn) {
          const offZoneNow = kind < 0.505;
          const id = add({ employeeId: e.id, at: inAt, source: 'self', direction: 'in', geo: offZoneNow ? [12.9716, 77.5946] : [13.0286, 77.5198], flags: offZoneNow ? 'OffZone' : '' });
          if (offZoneNow && id) offZone.push({ employeeId: e.id, date: day, punchId: id });
        } else punch(inAt, 'in');
        if (random() < 0.03) punch(inAt + int(random, 5, 40) * 1000, 'in'); // a bounce
      }
      if (!isPune && shift.breakMinutes >= 60 && random() < 0.1 && missing === null) {
        const lunch = start + 4 * 60 * MIN + int(random, 0, 30) * MIN;
        punch(lunch, 'out');
        punch(lunch + int(random, 25, 50) * MIN, 'in');
      }
      if (missing !== 'out') punch(outAt, 'out');
      if (missing && day < today) missingDays.push({ employeeId: e.id, date: day, missing, inAt, outAt });
    }
  }

  // The demo employee has a forgotten check-out four working days ago, for a regularization.
  if (demoEmployee) {
    let day = addDays(today, -1);
    let working = 0;
    for (; day > from; day = addDays(day, -1)) {
      if (holidayOn(policy, demoEmployee.id, demoEmployee.locationId, day) || weeklyOffOn(policy, demoEmployee.locationId, day) || leave.has(`${demoEmployee.id}|${day}`)) continue;
      if (++working === 4) break;
    }
    const shift = roster.shiftOn(demoEmployee, day);
    const dayStart = new Date(zonedInstant(addDays(day, -1), 0, tz)).toISOString();
    const dayEnd = new Date(zonedInstant(addDays(day, 2), 0, tz)).toISOString();
    for (let i = punches.length - 1; i >= 0; i--) {
      const p = punches[i];
      if (p && p.employee_id === demoEmployee.id && p.at >= dayStart && p.at < dayEnd) {
        punches.splice(i, 1);
        terminalKeys.delete(`${p.terminal_serial}|${p.terminal_user_id ?? ''}|${Date.parse(p.at)}|${p.attend_stat}`);
      }
    }
    add({ employeeId: demoEmployee.id, at: zonedInstant(day, shift.start + 4, tz), source: 'terminal', terminal: 'anviz', userId: demoEmployee.terminalUserId });
  }

  // A contractor and a visitor card nobody is mapped to yet.
  for (const [userId, count] of [
    [9001, 6],
    [9002, 2],
  ] as const) {
    for (let i = 0; i < count; i++) {
      const day = addDays(today, -(i + 1));
      add({ employeeId: null, at: zonedInstant(day, 9 * 60 + 5 + i, tz), source: 'terminal', terminal: 'zk', stat: '0', userId });
    }
  }

  // Regularizations in every state.
  const regs: RegularizationTable[] = [];
  const people = directory.byId;
  const within = missingDays.filter((m) => m.date >= addDays(today, -policy.settings.regularizationWindowDays) && m.employeeId !== demoEmployee?.id);
  const states: [RegularizationTable['status'], string][] = [
    ['AwaitingManager', 'Forgot to punch'],
    ['AwaitingManager', 'Terminal did not read my finger'],
    ['AwaitingManager', 'Left for a client visit'],
    ['ManagerApprovedAwaitingHR', 'Worked from the Chakan vendor site'],
    ['ManagerApprovedAwaitingHR', 'Punch machine was down'],
    ['Approved', 'Forgot to punch'],
    ['Approved', 'Power cut at the gate'],
    ['Approved', 'Left with the plant head for an audit'],
    ['Rejected', 'Forgot to punch'],
    ['Rejected', 'Came in late'],
  ];
  for (const [i, [status, reason]] of states.entries()) {
    const m = within[i * 3];
    if (!m) break;
    const employee = people.get(m.employeeId);
    const at = m.missing === 'out' ? (m.outAt ?? 0) : (m.inAt ?? 0);
    const manual = status === 'ManagerApprovedAwaitingHR';
    const kind = manual ? 'ManualEntry' : m.missing === 'out' ? 'MissingPunchOut' : 'MissingPunchIn';
    const proposed = manual
      ? [
          { time: localParts(m.inAt ?? at, tz).time.slice(0, 5), direction: 'in' as const, at: new Date(m.inAt ?? at).toISOString() },
          { time: localParts(m.outAt ?? at, tz).time.slice(0, 5), direction: 'out' as const, at: new Date(m.outAt ?? at).toISOString() },
        ]
      : [{ time: localParts(at, tz).time.slice(0, 5), direction: m.missing, at: new Date(at).toISOString() }];
    const created = new Date(Math.min(nowMs - 3 * 3_600_000, zonedInstant(addDays(m.date, 1), 10 * 60 + i * 7, tz))).toISOString();
    const decided = new Date(Math.min(nowMs, Date.parse(created) + 3 * 3_600_000)).toISOString();
    const managerName = employee?.managerId ? (people.get(employee.managerId)?.fullName ?? 'Manager') : 'Manager';
    const id = newId();
    regs.push({
      id,
      employee_id: m.employeeId,
      date: m.date,
      kind,
      status,
      reason,
      punches: JSON.stringify(manual ? proposed.filter((p) => p.direction === m.missing) : proposed),
      supersedes: '[]',
      requires_hr: manual ? 1 : 0,
      manager_decided_by: null,
      manager_decided_by_name: status === 'AwaitingManager' ? null : managerName,
      manager_decided_at: status === 'AwaitingManager' ? null : decided,
      hr_decided_by: null,
      hr_decided_by_name: null,
      hr_decided_at: null,
      decision_note: status === 'Rejected' ? 'No record of you at the gate that evening; speak to me.' : null,
      created_by_name: employee?.fullName ?? '',
      created_at: created,
      updated_at: status === 'AwaitingManager' ? created : decided,
    });
    if (status === 'Approved') {
      const p = proposed[0];
      if (p) add({ employeeId: m.employeeId, at: Date.parse(p.at), source: 'manual', direction: p.direction });
      const last = punches[punches.length - 1];
      if (last) {
        last.regularization_id = id;
        last.note = `${kind}: ${reason}`;
        last.created_by_name = managerName;
      }
    }
  }
  // Older forgotten punches: most were regularized and decided, within hours or a few days.
  const windowStart = addDays(today, -policy.settings.regularizationWindowDays);
  for (const m of missingDays.filter((x) => x.date < windowStart && x.employeeId !== demoEmployee?.id)) {
    if (random() < 0.35) continue;
    const employee = people.get(m.employeeId);
    const approved = random() < 0.82;
    const at = m.missing === 'out' ? (m.outAt ?? 0) : (m.inAt ?? 0);
    const kind = m.missing === 'out' ? 'MissingPunchOut' : 'MissingPunchIn';
    const created = zonedInstant(addDays(m.date, int(random, 0, 2)), 9 * 60 + int(random, 0, 480), tz);
    const decided = new Date(created + int(random, 1, 72) * 3_600_000 + int(random, 0, 59) * MIN).toISOString();
    const managerName = employee?.managerId ? (people.get(employee.managerId)?.fullName ?? 'Manager') : 'Manager';
    const proposed = { time: localParts(at, tz).time.slice(0, 5), direction: m.missing, at: new Date(at).toISOString() };
    const id = newId();
    const reason = approved ? (m.missing === 'out' ? 'Forgot to punch out' : 'Finger not read at the gate') : 'Forgot to punch';
    regs.push({
      id,
      employee_id: m.employeeId,
      date: m.date,
      kind,
      status: approved ? 'Approved' : 'Rejected',
      reason,
      punches: JSON.stringify([proposed]),
      supersedes: '[]',
      requires_hr: 0,
      manager_decided_by: null,
      manager_decided_by_name: managerName,
      manager_decided_at: decided,
      hr_decided_by: null,
      hr_decided_by_name: null,
      hr_decided_at: null,
      decision_note: approved ? null : 'The gate register does not show you leaving then.',
      created_by_name: employee?.fullName ?? '',
      created_at: new Date(created).toISOString(),
      updated_at: decided,
    });
    if (approved) {
      const punchId = add({ employeeId: m.employeeId, at, source: 'manual', direction: m.missing });
      const last = punches[punches.length - 1];
      if (punchId && last) {
        last.regularization_id = id;
        last.note = `${kind}: ${reason}`;
        last.created_by_name = managerName;
      }
    }
  }

  // One off-zone check-in waits for its regularization.
  const flagged = offZone.find((o) => o.date >= addDays(today, -10));
  if (flagged) {
    const p = punches.find((x) => x.id === flagged.punchId);
    regs.push({
      id: newId(),
      employee_id: flagged.employeeId,
      date: flagged.date,
      kind: 'OffZone',
      status: 'AwaitingManager',
      reason: 'Checked in from the customer site in Whitefield',
      punches: JSON.stringify([{ time: p?.local_time.slice(0, 5) ?? '09:00', direction: 'in', at: p?.at ?? nowIso }]),
      supersedes: JSON.stringify([flagged.punchId]),
      requires_hr: 0,
      manager_decided_by: null,
      manager_decided_by_name: null,
      manager_decided_at: null,
      hr_decided_by: null,
      hr_decided_by_name: null,
      hr_decided_at: null,
      decision_note: null,
      created_by_name: people.get(flagged.employeeId)?.fullName ?? '',
      created_at: p?.at ?? nowIso,
      updated_at: p?.at ?? nowIso,
    });
  }

  for (let i = 0; i < punches.length; i += 500) await db.insertInto('punch').values(punches.slice(i, i + 500)).execute();
  if (regs.length) await db.insertInto('regularization').values(regs).execute();

  const lastPunch = (terminalId: string) => punches.filter((p) => p.terminal_id === terminalId).reduce<string | null>((m, p) => (m === null || p.at > m ? p.at : m), null);
  await db.updateTable('terminal').set({ last_punch_at: lastPunch(zkId) }).where('id', '=', zkId).execute();
  await db.updateTable('terminal').set({ last_punch_at: lastPunch(anvizId) }).where('id', '=', anvizId).execute();

  // Terminal admin logs: enrolments and a password reset.
  const adminLogs = directory.list
    .filter((e) => e.joinedDate >= from && e.terminalUserId !== null)
    .slice(0, 4)
    .map((e, i) => ({
      id: newId(),
      terminal_id: e.locationId === pune ? zkId : anvizId,
      terminal_serial: e.locationId === pune ? DEMO_TERMINALS.zk.serial : DEMO_TERMINALS.anviz.serial,
      trans_id: 900_000 + i,
      at: new Date(zonedInstant(e.joinedDate, 10 * 60, tz)).toISOString(),
      utc_offset_minutes: 330,
      admin_id: 1,
      target_user_id: e.terminalUserId,
      employee_id: e.id,
      action: i === 3 ? 'SetPassword' : 'EnrollFinger',
      result: 0,
      created_at: nowIso,
    }));
  if (adminLogs.length) await db.insertInto('terminal_admin_log').values(adminLogs).execute();

  // The terminals' contact history (ten-minute slots; see the terminal health report): reached
  // all along, but for the plant gate's two-day power failure and an evening the reception lost its network.
  const outages: { terminal: string; from: number; to: number }[] = [
    { terminal: zkId, from: zonedInstant(addDays(today, -41), 18 * 60, tz), to: zonedInstant(addDays(today, -39), 11 * 60, tz) },
    { terminal: anvizId, from: zonedInstant(addDays(today, -12), 17 * 60 + 30, tz), to: zonedInstant(addDays(today, -12), 23 * 60, tz) },
  ];
  const firstSlot = Math.floor(zonedInstant(from, 0, tz) / SLOT_MS);
  const lastSlot = Math.floor(nowMs / SLOT_MS);
  for (const terminal of [zkId, anvizId]) {
    const slots: { terminal_id: string; slot: number }[] = [];
    for (let slot = firstSlot; slot <= lastSlot; slot++) {
      const at = slot * SLOT_MS;
      if (!outages.some((o) => o.terminal === terminal && at >= o.from && at < o.to)) slots.push({ terminal_id: terminal, slot });
    }
    for (let i = 0; i < slots.length; i += 2000) await db.insertInto('terminal_contact_slot').values(slots.slice(i, i + 2000)).execute();
  }

  await reconcileRange(ctx, 'all', from, today);

  // HR froze one day after checking the gate register.
  const frozen = within[31] ?? within[2];
  if (frozen) {
    // The morning after the day, as HR would: the audit names her and carries that time, not the seed's.
    const hrPerson = directory.list.find((e) => e.email === 'hr@kaveri.example');
    const frozenAt = new Date(Math.min(nowMs, zonedInstant(addDays(frozen.date, 1), 11 * 60 + 20, tz))).toISOString();
    const hrCtx: Ctx = {
      ...ctx,
      caller: { ...systemCaller('console'), kind: 'session', employeeId: hrPerson?.id ?? null, name: hrPerson?.fullName ?? 'Priya Sharma' },
      clock: { now: () => new Date(frozenAt) },
    };
    await recordAudit(hrCtx, {
      employeeId: frozen.employeeId,
      category: 'Attendance',
      action: 'attendance.override',
      summary: `Attendance of ${formatDate(frozen.date)} overridden (worked time, frozen). Reason: Gate register shows a full day`,
      changes: [
        { field: 'status', before: 'MissingPunch', after: 'Present' },
        { field: 'workedMinutes', before: 0, after: 480 },
        { field: 'frozen', before: false, after: true },
      ],
    });
    await db
      .updateTable('attendance_day')
      .set({ frozen: 1, override_worked_minutes: 480, override_reason: 'Gate register shows a full day', status: 'Present', worked_minutes: 480, present_days: 1, lop_days: 0 })
      .where('employee_id', '=', frozen.employeeId)
      .where('date', '=', frozen.date)
      .execute();
    await db
      .insertInto('attendance_override')
      .values({
        id: newId(),
        employee_id: frozen.employeeId,
        date: frozen.date,
        reason: 'Gate register shows a full day',
        worked_minutes: 480,
        ot_minutes: null,
        frozen: 1,
        before: JSON.stringify({ status: 'MissingPunch', workedMinutes: 0, otMinutes: 0, frozen: false }),
        after: JSON.stringify({ status: 'Present', workedMinutes: 480, otMinutes: 0, frozen: true }),
        actor_user_id: null,
        actor_name: hrPerson?.fullName ?? 'Priya Sharma',
        at: frozenAt,
      })
      .execute();
  }
}
