import { z } from 'zod';
import {
  AttendanceDay,
  CalendarExportQuery,
  CalendarQuery,
  CalendarResponse,
  DayDetail,
  DayExportQuery,
  DayOverride,
  DayView,
  DayViewQuery,
  EmployeeDayParams,
  EmployeeMonthParams,
  LiveExportQuery,
  LiveQuery,
  LiveView,
  MonthView,
  PunchImportInput,
  PunchImportResult,
  RecomputeInput,
  RecomputeJob,
  SelfPunchInput,
  SelfPunchResult,
  SelfToday,
  ShiftAssignmentInput,
  ShiftAssignmentList,
} from '../../../../shared/attendance/index.ts';
import { IsoDate, IsoMonth, UuidInput } from '../../../../shared/common.ts';
import type { ModuleDeps, Caller } from '../../context.ts';
import { CONTENT_TYPES, sendTable } from '../../exports/table.ts';
import { readerLocale } from '../auth/index.ts';
import type { Api } from '../../http/api.ts';
import { dayDetail, monthOf } from './employee-days.ts';
import { exportCalendar, exportDay, exportLive } from './exports.ts';
import { importPunches } from './import.ts';
import { getRecomputeJob, startRecompute } from './jobs.ts';
import { overrideDay } from './override.ts';
import { assignEmployeeShift, listAssignments } from './policy/roster.ts';
import { policyRoutes } from './policy-routes.ts';
import { punchPhoto } from './punch-photo.ts';
import { selfPunch } from './self.ts';
import { calendar, dayView, live, selfToday } from './views.ts';

const EXPORT = { contentTypes: Object.values(CONTENT_TYPES), description: 'The file, as a download (`Content-Disposition: attachment`).' };
const IdParams = z.object({ id: UuidInput });
const MonthParams = z.object({ month: IsoMonth });
const DateParams = z.object({ date: IsoDate });
const SCOPE_NOTE = 'Rows are limited to the caller\'s scope: an employee sees self, a manager the reporting line, HR and Admin everyone.';

export function attendanceRoutes(api: Api, deps: ModuleDeps): void {
  const tags = ['Attendance'];
  const ctx = (caller: Caller) => deps.ctxFor(caller);

  api.op(
    {
      method: 'get',
      path: '/api/attendance/live',
      operationId: 'attendanceLive',
      summary: 'Live board: who is in right now',
      description: `Per employee on their current shift day: \`In\`, \`Out\`, \`NotYetIn\`, \`Late\` (no punch after start + grace), \`OnLeave\`, \`Off\`; the last punch and its source; counts; the terminals' last contact. ${SCOPE_NOTE} The console polls it.`,
      tags,
      auth: 'session',
      query: LiveQuery,
      response: LiveView,
      errors: [403],
    },
    async ({ query, caller }) => live(await ctx(caller), query),
  );

  api.op(
    {
      method: 'get',
      path: '/api/attendance/live/export',
      operationId: 'exportAttendanceLive',
      summary: 'Export the live board (CSV, XLSX, PDF)',
      description: 'Same filters as the live board (`departmentId`, `locationId`, `q`, `state`) and `format` (`csv` default, `xlsx`, `pdf`). Title, headers and states are in the downloader\'s language (the session\'s; other callers: `Accept-Language`, else English).',
      tags,
      auth: 'session',
      query: LiveExportQuery,
      response: EXPORT,
      errors: [403],
    },
    async ({ query, caller, req, res }) => sendTable(res, await exportLive(await ctx(caller), query, await readerLocale(deps.db, caller, req.get('accept-language'))), query.format, deps.clock.now()),
  );

  api.op(
    {
      method: 'get',
      path: '/api/attendance/calendar/{month}',
      operationId: 'attendanceCalendar',
      summary: 'Monthly calendar: employees × days with status codes and totals',
      description: `\`{month}\` is \`YYYY-MM\`. The paginated envelope of spec §2.8 (by employee, in code order) with \`kpis\` beside \`items\`: totals over every matching employee (present, half days, absent, leave, holidays, weekly offs, late count, worked and overtime minutes, loss-of-pay days) and the attendance rate. A cell's \`status\` is null where the person was not employed, the day is not reconciled yet, or it is a future working day; future holidays, weekly offs and approved leave show as \`provisional\`. ${SCOPE_NOTE}`,
      tags,
      auth: 'session',
      params: MonthParams,
      query: CalendarQuery,
      response: CalendarResponse,
      errors: [403],
    },
    async ({ params, query, caller }) => calendar(await ctx(caller), params.month, query),
  );

  api.op(
    {
      method: 'get',
      path: '/api/attendance/calendar/{month}/export',
      operationId: 'exportAttendanceCalendar',
      summary: 'Export a month (CSV, XLSX with coloured cells, PDF landscape with a legend)',
      description: 'Query `format` (`csv` default, `xlsx`, `pdf`) and the calendar filters. Every matching employee (not paginated), a column per day with the status code (coloured in XLSX and PDF, `*` = frozen), the totals per employee and a totals row; XLSX has a frozen header row.',
      tags,
      auth: 'session',
      params: MonthParams,
      query: CalendarExportQuery,
      response: EXPORT,
      errors: [403],
    },
    async ({ params, query, caller, req, res }) =>
      sendTable(res, await exportCalendar(await ctx(caller), params.month, query, await readerLocale(deps.db, caller, req.get('accept-language'))), query.format, deps.clock.now()),
  );

  api.op(
    {
      method: 'get',
      path: '/api/attendance/day/{date}',
      operationId: 'attendanceDay',
      summary: "Every employee's record of one day",
      description: `\`{date}\` is \`YYYY-MM-DD\`. Paginated (spec §2.8) with \`kpis\` (counts by status). Filter by \`departmentId\`, \`locationId\`, \`q\`, \`status\`. ${SCOPE_NOTE}`,
      tags,
      auth: 'session',
      params: DateParams,
      query: DayViewQuery,
      response: DayView,
      errors: [403],
    },
    async ({ params, query, caller }) => dayView(await ctx(caller), params.date, query),
  );

  api.op(
    {
      method: 'get',
      path: '/api/attendance/day/{date}/export',
      operationId: 'exportAttendanceDay',
      summary: 'Export one day (CSV, XLSX, PDF)',
      description: 'Query `format` (`csv` default, `xlsx`, `pdf`) and the day view filters; every matching employee.',
      tags,
      auth: 'session',
      params: DateParams,
      query: DayExportQuery,
      response: EXPORT,
      errors: [403],
    },
    async ({ params, query, caller, req, res }) =>
      sendTable(res, await exportDay(await ctx(caller), params.date, query, await readerLocale(deps.db, caller, req.get('accept-language'))), query.format, deps.clock.now()),
  );

  api.op(
    {
      method: 'get',
      path: '/api/attendance/employee/{id}/day/{date}',
      operationId: 'attendanceEmployeeDay',
      summary: "One employee's day: punches, pairing, reasons, override history",
      description: '`{date}` is `YYYY-MM-DD`, not in the future (400). Every punch of the shift window (and of the calendar day) with how the engine used it, the in/out pairs, the reasons behind the status, HR overrides and regularizations.',
      tags,
      auth: 'session',
      params: EmployeeDayParams,
      response: DayDetail,
      errors: [404],
    },
    async ({ params, caller }) => dayDetail(await ctx(caller), params.id, params.date),
  );

  api.op(
    {
      method: 'patch',
      path: '/api/attendance/employee/{id}/day/{date}',
      operationId: 'overrideAttendanceDay',
      summary: 'Override a reconciled day (spec §4.2)',
      description:
        '`{date}` is `YYYY-MM-DD`: today or earlier, within the employment (else 400). Body: `reason` (required, non-empty) and at least one of `workedMinutes` (0..1440), `otMinutes` (0..1440, not above the worked minutes), `frozen`. Worked and overtime minutes given here replace the computed ones (the status follows from them) and stay in force across reconciliations. `frozen: true` keeps the whole day as it is: reconciliation never changes a frozen day. `frozen: false` hands the day back to the engine: overrides not sent in the same body are cleared and the day is reconciled again from its punches. Answers the day (`status`, `workedMinutes`, `otMinutes`, `frozen` and the rest). Audited (category Attendance, before and after); the employee is notified. Nobody overrides their own day (403).',
      tags,
      auth: 'session',
      permission: 'attendance:override',
      params: EmployeeDayParams,
      body: DayOverride,
      response: AttendanceDay,
      errors: [403, 404],
    },
    async ({ params, body, caller }) => overrideDay(await ctx(caller), params.id, params.date, body),
  );

  api.op(
    {
      method: 'get',
      path: '/api/attendance/employee/{id}/month/{month}',
      operationId: 'attendanceEmployeeMonth',
      summary: "One employee's month (`YYYY-MM`) with totals",
      description: 'Every day of the month for one employee (status, first in, last out, hours worked, late and overtime minutes, leave and holidays) with the month\'s totals. An employee reads only their own month, a manager their reporting line; anyone else is a 404.',
      tags,
      auth: 'session',
      params: EmployeeMonthParams,
      response: MonthView,
      errors: [404],
    },
    async ({ params, caller }) => monthOf(await ctx(caller), params.id, params.month),
  );

  api.op(
    {
      method: 'get',
      path: '/api/attendance/employee/{id}/shifts',
      operationId: 'listShiftAssignments',
      summary: "An employee's roster: shift assignments with effective dates",
      description: 'Days not covered by an assignment follow the employee\'s current shift (`employee.shiftId`), else the default shift.',
      tags,
      auth: 'session',
      params: IdParams,
      response: ShiftAssignmentList,
      errors: [404],
    },
    async ({ params, caller }) => listAssignments(await ctx(caller), params.id),
  );

  api.op(
    {
      method: 'post',
      path: '/api/attendance/employee/{id}/shifts',
      operationId: 'assignShift',
      summary: 'Put an employee on a shift from a day on',
      description:
        'The assignment in force ends the day before `effectiveFrom`; earlier days keep their shift (the roster never rewrites the past: 409 when an entry already starts on or after that day). Days from `effectiveFrom` to today are reconciled again in the same transaction. Audited on the employee.',
      tags,
      auth: 'session',
      permission: 'attendance:manage',
      params: IdParams,
      body: ShiftAssignmentInput,
      response: ShiftAssignmentList,
      errors: [403, 404, 409],
    },
    async ({ params, body, caller }) => assignEmployeeShift(await ctx(caller), params.id, body),
  );

  api.op(
    {
      method: 'get',
      path: '/api/attendance/me',
      operationId: 'attendanceSelfToday',
      summary: 'My attendance right now (for check-in / check-out)',
      tags,
      auth: 'session',
      permission: 'attendance:self',
      response: SelfToday,
      errors: [403],
    },
    async ({ caller }) => selfToday(await ctx(caller)),
  );

  api.op(
    {
      method: 'post',
      path: '/api/attendance/me/punch',
      operationId: 'selfPunch',
      summary: 'Check in or out from the console',
      description:
        'With the browser\'s position when the person allows it. Where geo-fences exist, a punch outside every fence (or without a position) is kept and flagged `OffZone`; one inside another location\'s fence than the employee\'s is flagged `WrongLocation`. Flagged punches do not count until a regularization (kind `OffZone` / `WrongLocation`) is approved.',
      tags,
      auth: 'session',
      permission: 'attendance:self',
      body: SelfPunchInput,
      response: SelfPunchResult,
      errors: [403, 409],
    },
    async ({ body, caller }) => selfPunch(await ctx(caller), body),
  );

  api.op(
    {
      method: 'get',
      path: '/api/attendance/punches/{id}/photo',
      operationId: 'punchPhoto',
      summary: 'The photo a terminal took with a punch',
      description: 'The image (JPEG or PNG) a face-recognition terminal stored with the punch. The same scope as the punch itself: 404 outside it or when the punch has no photo.',
      tags,
      auth: 'session',
      params: IdParams,
      response: { contentTypes: ['image/jpeg', 'image/png'], description: 'The image.' },
      errors: [404],
    },
    async ({ params, caller, res }) => {
      const photo = await punchPhoto(await ctx(caller), { punchId: params.id, dataDir: deps.config.filesDir });
      res.type(photo.contentType);
      res.setHeader('Cache-Control', 'private, max-age=86400');
      res.send(photo.bytes);
    },
  );

  api.op(
    {
      method: 'post',
      path: '/api/attendance/punches/import',
      operationId: 'importPunches',
      summary: "Import punches from a terminal's USB export (preview, then commit)",
      description:
        'Body `content`: the file\'s text, one punch a line: a terminal user id (or an employee code), the date and time (`YYYY-MM-DD HH:MM[:SS]` or `DD/MM/YYYY HH:MM`, or date and time in two columns), then optionally the state code and verify mode; tab, comma or semicolon separated (ZK `attlog.dat` works as is). `terminalId` names the terminal it came from (its serial dedupes against live punches; unknown user ids are kept as unmatched), `timeZone` the zone of the times (default the terminal\'s, else the organisation\'s). `commit: false` previews; `commit: true` stores the good rows. Every row is reported (`ok`, `duplicate`, `unmatched`, `error` with a message in the reader\'s language: a signed-in person\'s own, else English unless `Accept-Language` names a language Muster ships). Rows of the caller\'s own punches are refused (`error`): nobody records their own attendance. Up to 8 MiB.',
      tags,
      auth: 'session',
      permission: 'attendance:manage',
      body: PunchImportInput,
      bodyLimit: '12mb',
      response: PunchImportResult,
      errors: [403],
    },
    async ({ body, caller, req }) => importPunches(await ctx(caller), body, await readerLocale(deps.db, caller, req.get('accept-language'))),
  );

  api.op(
    {
      method: 'post',
      path: '/api/attendance/recompute',
      operationId: 'startRecompute',
      summary: 'Reconcile a range of days again (all employees or one), with progress',
      description: 'Answers at once with the job; poll `GET /api/attendance/recompute/{id}`. At most 366 days; days after today are skipped. Frozen days are kept.',
      tags,
      auth: 'session',
      permission: 'attendance:manage',
      body: RecomputeInput,
      response: RecomputeJob,
      errors: [403],
    },
    async ({ body, caller }) => startRecompute(await ctx(caller), body),
  );

  api.op(
    {
      method: 'get',
      path: '/api/attendance/recompute/{id}',
      operationId: 'getRecompute',
      summary: 'Progress of a recompute',
      tags,
      auth: 'session',
      permission: 'attendance:manage',
      params: IdParams,
      response: RecomputeJob,
      errors: [403],
    },
    async ({ params, caller }) => getRecomputeJob(await ctx(caller), params.id),
  );

  policyRoutes(api, deps);
}
