import { z } from 'zod';
import {
  DayOverride,
  Direction,
  LIVE_STATES,
  LiveState,
  LocalTime,
  REGULARIZATION_REASON_MAX,
  RegularizationCreate,
  RegularizationKind,
  type LiveRow,
} from '../../../../../shared/attendance/index.ts';
import { IsoDate, IsoMonth, UuidInput } from '../../../../../shared/common.ts';
import { dayInZone } from '../../../../../shared/dates.ts';
import type { Ctx } from '../../../context.ts';
import { dayDetail, live, monthOf, overrideDay, selfPunch } from '../../attendance/index.ts';
import { createRegularization, previewRegularization } from '../../regularizations/index.ts';
import { decodeCursor, encodeCursor } from '../cursor.ts';
import { ToolRefusal } from '../errors.ts';
import { DayOut, dayOut, hoursText, localTime, weekday } from '../present.ts';
import { personOrSelf, resolvePerson } from '../resolve.ts';
import { defineTool, fixedInput, has, inputVariants, seesOthers } from '../tool.ts';

/** Attendance: a day or a month with the engine's reasons, checking in and out, regularizations, the team today, HR overrides. */

const EMPLOYEE_ARG = 'Someone in your reporting line (manager) or anyone (HR), by name, employee code or email. Leave it out for yourself.';

const Punch = z.object({
  id: z.string().describe('Punch id (for regularization_request supersedePunchIds).'),
  time: z.string().describe('Local time HH:MM.'),
  date: z.string(),
  direction: z.string().nullable().describe('in, out, or null when the terminal does not say.'),
  source: z.string().describe('terminal, self (checked in from the console or an assistant), manual, import.'),
  usedAs: z.string().nullable().describe('How the engine used it: in/out of a pair, unpaired, bounce (a repeat it ignored), flagged (outside the office geo-fence: not counted until a regularization is approved), superseded.'),
  flags: z.array(z.string()),
});

export const attendanceGet = defineTool({
  name: 'attendance_get',
  title: 'Attendance for a day or a month',
  description:
    'Attendance as Muster reconciled it from the biometric terminals and check-ins: for one day (`date`, YYYY-MM-DD, default today) the status with the engine\'s reasons in words (late by how much, half day, missing punch…), worked and overtime minutes, the punches and how each was used, HR overrides and regularization requests; or for a whole month (`month`, YYYY-MM) every day with totals (present, absent, half days, leave, late marks, loss-of-pay days). Times are local to the organisation. Give `date` or `month`, not both. Days in the future have no attendance.',
  acts: false,
  destructive: false,
  idempotent: true,
  allowed: (c) => has(c, 'attendance:self', 'attendance:team', 'attendance:read'),
  ...inputVariants(
    z.object({
      date: IsoDate.optional().describe('One day, YYYY-MM-DD. Default: today.'),
      month: IsoMonth.optional().describe('A whole month, YYYY-MM.'),
    }),
    { employee: z.string().trim().max(120).optional().describe(EMPLOYEE_ARG) },
    seesOthers,
  ),
  output: z.object({
    employee: z.string(),
    employeeCode: z.string(),
    timeZone: z.string(),
    day: DayOut.extend({
      employed: z.boolean(),
      punches: z.array(Punch),
      regularizations: z.array(z.object({ id: z.string(), kind: z.string(), status: z.string(), reason: z.string() })),
      canRegularize: z.boolean().describe('Whether this person may still ask to correct this day.'),
    })
      .nullable()
      .describe('With `date`: the day (null status fields when the person was not employed or the day is not reconciled yet).'),
    month: z
      .object({
        month: z.string(),
        totals: z.object({
          present: z.number(),
          halfDays: z.number(),
          absent: z.number(),
          missingPunch: z.number(),
          leaveDays: z.number(),
          holidays: z.number(),
          weeklyOffs: z.number(),
          lateMarks: z.number(),
          worked: z.string(),
          overtimeMinutes: z.number(),
          lossOfPayDays: z.number(),
          notFinalYet: z.number(),
        }),
        days: z.array(DayOut),
      })
      .nullable()
      .describe('With `month`: every reconciled day and the totals.'),
  }),
  async run(ctx, args: { date?: string; month?: string; employee?: string }) {
    if (args.date && args.month) throw new ToolRefusal('Give either a date or a month, not both.');
    const who = await personOrSelf(ctx, args.employee);
    const zone = ctx.timeZone;
    if (args.month) {
      const m = await monthOf(ctx, who.id, args.month);
      const t = m.totals;
      return {
        employee: m.employee.fullName,
        employeeCode: m.employee.code,
        timeZone: zone,
        day: null,
        month: {
          month: m.month,
          totals: {
            present: t.present,
            halfDays: t.halfDays,
            absent: t.absent,
            missingPunch: t.missingPunch,
            leaveDays: t.leave,
            holidays: t.holidays,
            weeklyOffs: t.weeklyOffs,
            lateMarks: t.lateCount,
            worked: hoursText(t.workedMinutes),
            overtimeMinutes: t.otMinutes,
            lossOfPayDays: t.lopDays,
            notFinalYet: t.pending,
          },
          days: m.days.map((d) => dayOut(d, zone)),
        },
      };
    }
    const date = args.date ?? dayInZone(ctx.clock.now(), zone);
    const d = await dayDetail(ctx, who.id, date);
    const base = d.day
      ? dayOut(d.day, zone)
      : {
          ...dayOut(
            {
              employeeId: d.employee.id, date, shift: null, status: 'Pending', provisional: true, frozen: false, workedMinutes: 0, otMinutes: 0, lateMinutes: 0, earlyMinutes: 0,
              firstIn: null, lastOut: null, punchCount: 0, presentDays: 0, leaveDays: 0, lopDays: 0, holidayName: null, leaveCode: null, reasons: [], override: null, computedAt: '',
            },
            zone,
          ),
          statusLabel: d.employed ? 'Not reconciled yet' : 'Not employed on this day',
        };
    return {
      employee: d.employee.fullName,
      employeeCode: d.employee.code,
      timeZone: zone,
      day: {
        ...base,
        employed: d.employed,
        punches: d.punches.map((p) => ({
          id: p.id,
          time: localTime(p.at, zone) ?? p.localTime.slice(0, 5),
          date: dayInZone(new Date(p.at), zone),
          direction: p.direction,
          source: p.source,
          usedAs: p.role,
          flags: p.flags,
        })),
        regularizations: d.regularizations.map((r) => ({ id: r.id, kind: r.kind, status: r.status, reason: r.reason })),
        canRegularize: d.canRegularize,
      },
      month: null,
    };
  },
});

const GeoInput = z
  .object({
    latitude: z.number().min(-90).max(90).optional().describe('The device\'s latitude, if known.'),
    longitude: z.number().min(-180).max(180).optional().describe('The device\'s longitude, if known.'),
    accuracyMeters: z.number().min(0).max(100_000).optional(),
  })
  .strict();

const PunchResult = z.object({
  direction: z.enum(['in', 'out']),
  time: z.string().describe('Local time HH:MM.'),
  date: z.string(),
  counted: z.boolean().describe('False when flagged: it does not count until a regularization is approved.'),
  flags: z.array(z.string()).describe('OffZone (outside every office geo-fence, or no position given where fences exist), WrongLocation (at another office than yours).'),
  alreadyRecorded: z.boolean().describe('True when the same punch was already recorded (nothing new was added).'),
  dayStatus: z.string().nullable(),
  workedSoFar: z.string().nullable(),
  message: z.string(),
});

function punchTool(direction: 'in' | 'out') {
  const verb = direction === 'in' ? 'Check in' : 'Check out';
  return defineTool({
    name: direction === 'in' ? 'attendance_check_in' : 'attendance_check_out',
    title: verb,
    description: `${verb} the person now, exactly as the console's ${verb} button does (the server's clock, not a time you choose). Where the office has geo-fences, a punch without a position, or outside every fence, is kept but flagged OffZone and does not count until a regularization is approved: pass the device's latitude and longitude when you have them. Checking ${direction} twice is recorded twice; the engine pairs punches.`,
    acts: true,
    destructive: false,
    idempotent: false,
    allowed: (c) => has(c, 'attendance:self'),
    inputs: [GeoInput],
    input: () => GeoInput,
    output: PunchResult,
    async run(ctx, args) {
      if ((args.latitude === undefined) !== (args.longitude === undefined)) throw new ToolRefusal('Give both latitude and longitude, or neither.');
      const geo = args.latitude !== undefined && args.longitude !== undefined ? { lat: args.latitude, lng: args.longitude, accuracy: args.accuracyMeters ?? null } : null;
      const r = await selfPunch(ctx, { direction, geo });
      const time = localTime(r.punch.at, ctx.timeZone) ?? '';
      const counted = r.punch.flags.length === 0;
      return {
        direction,
        time,
        date: dayInZone(new Date(r.punch.at), ctx.timeZone),
        counted,
        flags: r.punch.flags,
        alreadyRecorded: r.duplicate,
        dayStatus: r.day?.status ?? null,
        workedSoFar: r.day ? hoursText(r.day.workedMinutes) : null,
        message: counted
          ? `Checked ${direction} at ${time}.`
          : `Checked ${direction} at ${time}, but flagged ${r.punch.flags.join(', ')}: it will not count until a regularization (kind ${r.punch.flags[0]}) is approved.`,
      };
    },
  });
}

export const checkIn = punchTool('in');
export const checkOut = punchTool('out');

const DayBrief = z.object({ status: z.string(), worked: z.string(), firstIn: z.string().nullable(), lastOut: z.string().nullable(), reasons: z.array(z.string()) });

export const requestRegularization = defineTool({
  name: 'regularization_request',
  title: 'Ask to correct a day of attendance',
  description:
    'Asks the manager (then HR where the policy says so) to correct one of the person\'s days: a forgotten punch (MissingPunchIn / MissingPunchOut with the time), a check-in flagged outside the office (OffZone / WrongLocation: name the flagged punch in supersedePunchIds and give the right time), or a manual entry (ManualEntry). Always answers the effect on the day (before → after, as approval would make it). With `previewOnly: true` nothing is sent — use it to show the person the effect and ask before sending. Times are local HH:MM; a time after midnight of a night shift belongs to the next calendar day. Get punch ids from attendance_get.',
  acts: true,
  destructive: false,
  idempotent: false,
  allowed: (c) => has(c, 'regularization:apply'),
  ...fixedInput(
    z
      .object({
        date: IsoDate.describe('The day to correct, YYYY-MM-DD.'),
        kind: RegularizationKind,
        reason: z.string().trim().max(REGULARIZATION_REASON_MAX).optional().describe('Why, in the person\'s words (required to send, not to preview).'),
        punches: z.array(z.object({ time: LocalTime, direction: Direction })).max(8).default([]).describe('The punches to add.'),
        supersedePunchIds: z.array(UuidInput).max(8).default([]).describe('Punches this correction replaces (e.g. the flagged check-in).'),
        previewOnly: z.boolean().default(false).describe('true: only show the effect, send nothing.'),
      })
      .strict(),
  ),
  output: z.object({
    sent: z.boolean(),
    request: z.object({ id: z.string(), date: z.string(), kind: z.string(), status: z.string(), needsHrApproval: z.boolean() }).nullable(),
    before: DayBrief,
    after: DayBrief,
    message: z.string(),
  }),
  async run(ctx, args) {
    const brief = (d: { status: string; workedMinutes: number; firstIn: string | null; lastOut: string | null; reasons: { text: string }[] }) => ({
      status: d.status,
      worked: hoursText(d.workedMinutes),
      firstIn: localTime(d.firstIn, ctx.timeZone),
      lastOut: localTime(d.lastOut, ctx.timeZone),
      reasons: d.reasons.map((r) => r.text),
    });
    const preview = await previewRegularization(ctx, { date: args.date, kind: args.kind, reason: args.reason, punches: args.punches, supersedes: args.supersedePunchIds });
    const effect = { before: brief(preview.before), after: brief(preview.after) };
    if (args.previewOnly) {
      return { sent: false, request: null, ...effect, message: `Preview only: ${args.date} would go from ${preview.before.status} to ${preview.after.status}. Nothing was sent.` };
    }
    if (!args.reason) throw new ToolRefusal('A reason is needed to send the request (preview works without one).');
    const created = await createRegularization(
      ctx,
      RegularizationCreate.parse({ date: args.date, kind: args.kind, reason: args.reason, punches: args.punches, supersedes: args.supersedePunchIds }),
    );
    return {
      sent: true,
      request: { id: created.id, date: created.date, kind: created.kind, status: created.status, needsHrApproval: created.requiresHr },
      ...effect,
      message: `Sent: ${created.date} (${created.kind}) now waits for the manager${created.requiresHr ? ', then HR' : ''}.`,
    };
  },
});

const TEAM_PAGE = 50;
const LIVE_LABELS: Record<LiveRow['state'], string> = {
  In: 'In',
  Out: 'Checked out',
  NotYetIn: 'Not in yet (shift not started or within grace)',
  Late: 'Late: no punch after shift start and grace',
  OnLeave: 'On leave',
  Off: 'Off (holiday or weekly off)',
};

export const teamToday = defineTool({
  name: 'team_attendance_today',
  title: 'Who is in today',
  description:
    'The live board: for each person a manager may see (their reporting line; HR: everyone) who is in, checked out, not in yet, late (no punch after shift start + grace), on leave, or off today — with first-in time, worked time and late minutes, and the counts. Filter with `state` (e.g. Late, OnLeave) or `search` (name, code, email). 50 people a page; pass `cursor` for more.',
  acts: false,
  destructive: false,
  idempotent: true,
  allowed: (c) => has(c, 'attendance:team', 'attendance:read'),
  ...fixedInput(
    z
      .object({
        state: LiveState.optional().describe(`Only people in this state: ${LIVE_STATES.join(', ')}.`),
        search: z.string().trim().max(100).optional().describe('Name, code or email contains.'),
        cursor: z.string().max(200).optional(),
      })
      .strict(),
  ),
  output: z.object({
    date: z.string(),
    asOf: z.string().describe('Local time HH:MM.'),
    states: z.record(z.string(), z.string()).describe('What each state means.'),
    counts: z.object({ In: z.number(), Out: z.number(), NotYetIn: z.number(), Late: z.number(), OnLeave: z.number(), Off: z.number(), total: z.number() }),
    people: z
      .array(
        z.object({
          name: z.string(),
          employeeCode: z.string(),
          department: z.string().optional(),
          shift: z.string().optional(),
          state: LiveState,
          firstIn: z.string().optional().describe('Local time HH:MM; absent before the first punch.'),
          worked: z.string().optional().describe('Absent while nothing is worked yet.'),
          lateMinutes: z.number().optional().describe('Absent when not late.'),
          lastPunch: z.string().optional().describe('Local time and where, e.g. "09:42 in at Main gate".'),
        }),
      )
      .describe('Fields that would be empty are left out.'),
    nextCursor: z.string().nullable(),
  }),
  async run(ctx: Ctx, args) {
    const at = decodeCursor('team-today', args.cursor, ['o'])?.o ?? 0;
    const board = await live(ctx, { q: args.search, state: args.state });
    const zone = ctx.timeZone;
    const rows = board.items.slice(at, at + TEAM_PAGE);
    return {
      date: dayInZone(new Date(board.now), zone),
      asOf: localTime(board.now, zone) ?? '',
      states: LIVE_LABELS,
      counts: board.counts,
      people: rows.map((r) => ({
        name: r.employee.fullName,
        employeeCode: r.employee.code,
        ...(r.department ? { department: r.department } : {}),
        ...(r.shift ? { shift: r.shift } : {}),
        state: r.state,
        ...(r.firstIn ? { firstIn: localTime(r.firstIn, zone) ?? '' } : {}),
        ...(r.workedMinutes > 0 ? { worked: hoursText(r.workedMinutes) } : {}),
        ...(r.lateMinutes > 0 ? { lateMinutes: r.lateMinutes } : {}),
        ...(r.lastPunch
          ? {
              lastPunch: `${localTime(r.lastPunch.at, zone)}${r.lastPunch.direction ? ` ${r.lastPunch.direction}` : ''}${r.lastPunch.terminal ? ` at ${r.lastPunch.terminal}` : r.lastPunch.source === 'self' ? ' (self check-in)' : ''}`,
            }
          : {}),
      })),
      nextCursor: at + TEAM_PAGE < board.items.length ? encodeCursor('team-today', { o: at + TEAM_PAGE }) : null,
    };
  },
});

export const overrideAttendanceDay = defineTool({
  name: 'attendance_override_day',
  title: 'Override a day (HR)',
  description:
    'HR corrects someone\'s reconciled day (spec §4.2): `workedMinutes` and/or `otMinutes` (0–1440, overtime not above worked) replace the computed ones and the status follows from them; `frozen: true` closes the day so reconciliation never changes it; `frozen: false` hands it back to the engine (overrides not sent again are cleared). A `reason` is required, the day must be today or earlier within the employment, and nobody overrides their own day. Audited and the employee is notified. Prefer regularization_request when the person themself forgot a punch.',
  acts: true,
  destructive: true,
  idempotent: true,
  allowed: (c) => has(c, 'attendance:override'),
  ...fixedInput(
    z
      .object({
        employee: z.string().trim().min(1).max(120).describe('Whose day: name, employee code or email.'),
        date: IsoDate.describe('YYYY-MM-DD, today or earlier.'),
        reason: z.string().trim().min(1).max(500),
        workedMinutes: z.number().int().min(0).max(1440).optional(),
        otMinutes: z.number().int().min(0).max(1440).optional(),
        frozen: z.boolean().optional(),
      })
      .strict(),
  ),
  output: z.object({ employee: z.string(), employeeCode: z.string(), day: DayOut, message: z.string() }),
  async run(ctx, args) {
    const who = await resolvePerson(ctx, args.employee);
    const body = DayOverride.parse({ reason: args.reason, workedMinutes: args.workedMinutes, otMinutes: args.otMinutes, frozen: args.frozen });
    const day = await overrideDay(ctx, who.id, args.date, body);
    const out = dayOut(day, ctx.timeZone);
    return {
      employee: who.name,
      employeeCode: who.code,
      day: out,
      message: `${who.name}'s ${args.date} (${weekday(args.date)}) is now ${out.statusLabel}, ${out.worked} worked${out.frozen ? ', frozen' : ''}.`,
    };
  },
});
