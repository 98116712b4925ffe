import { z } from 'zod';
import {
  AttendanceHoliday,
  AttendanceSettings,
  AttendanceSettingsUpdate,
  HolidayInput,
  LocationPolicy,
  LocationPolicyInput,
  PolicyLogEntry,
  ShiftPolicy,
  ShiftPolicyInput,
  ShiftPolicyList,
} from '../../../../shared/attendance/index.ts';
import { Ok, UuidInput, queryInt } from '../../../../shared/common.ts';
import type { Caller, ModuleDeps } from '../../context.ts';
import type { Api } from '../../http/api.ts';
import { readerLocale } from '../auth/index.ts';
import * as holidays from './policy/holidays.ts';
import * as locations from './policy/locations.ts';
import { listPolicyLog } from './policy/log.ts';
import * as settings from './policy/settings.ts';
import * as shifts from './policy/shifts.ts';

/** The attendance policy's routes: shifts, location weekly offs and fences, holidays and opt-ins, settings, the policy log. */

const IdParams = z.object({ id: UuidInput });

export function policyRoutes(api: Api, deps: ModuleDeps): void {
  const tags = ['Attendance policy'];
  const ctx = (caller: Caller) => deps.ctxFor(caller);
  const manage = { auth: 'session' as const, permission: 'attendance:manage' as const, tags };

  api.op(
    { method: 'get', path: '/api/attendance/shifts', operationId: 'listShiftPolicies', summary: 'Shifts with their rules', description: 'Every shift with the rules attendance is reconciled by: start, end, grace, break, half-day and overtime thresholds.', tags, auth: 'session', response: ShiftPolicyList },
    async ({ caller }) => ({ items: await shifts.listShiftPolicies(await ctx(caller)) }),
  );
  api.op(
    {
      ...manage,
      method: 'post',
      path: '/api/attendance/shifts',
      operationId: 'createShiftPolicy',
      summary: 'Create a shift',
      description: 'Start and end (an end before the start crosses midnight), unpaid break, grace, half/full-day minutes, overtime rule, punch window, flexible hours. Logged in the policy log.',
      body: ShiftPolicyInput,
      response: ShiftPolicy,
      errors: [403, 409],
    },
    async ({ body, caller }) => shifts.createShift(await ctx(caller), body),
  );
  api.op(
    {
      ...manage,
      method: 'put',
      path: '/api/attendance/shifts/{id}',
      operationId: 'updateShiftPolicy',
      summary: 'Change a shift',
      description: 'Applies to days reconciled from now on; recompute a range to apply it to past days.',
      params: IdParams,
      body: ShiftPolicyInput,
      response: ShiftPolicy,
      errors: [403, 404, 409],
    },
    async ({ params, body, caller }) => shifts.updateShift(await ctx(caller), params.id, body),
  );
  api.op(
    { ...manage, method: 'delete', path: '/api/attendance/shifts/{id}', operationId: 'deleteShiftPolicy', summary: 'Delete an unused shift', params: IdParams, response: Ok, errors: [403, 404, 409] },
    async ({ params, caller }) => {
      await shifts.deleteShift(await ctx(caller), params.id);
      return { ok: true };
    },
  );

  api.op(
    {
      method: 'get',
      path: '/api/attendance/locations',
      operationId: 'listLocationPolicies',
      summary: 'Weekly offs and geo-fence of every location',
      description: 'Per location: its own weekly offs (null: the organisation\'s) and the geo-fence (centre and radius) self check-in is judged against.',
      tags,
      auth: 'session',
      response: z.object({ items: z.array(LocationPolicy) }).meta({ id: 'LocationPolicyList' }),
    },
    async ({ caller }) => ({ items: await locations.listLocationPolicies(await ctx(caller)) }),
  );
  api.op(
    {
      ...manage,
      method: 'put',
      path: '/api/attendance/locations/{id}',
      operationId: 'setLocationPolicy',
      summary: "Set a location's weekly offs (null = the organisation's) and geo-fence (centre + radius)",
      params: IdParams,
      body: LocationPolicyInput,
      response: LocationPolicy,
      errors: [403, 404],
    },
    async ({ params, body, caller }) => locations.setLocationPolicy(await ctx(caller), params.id, body),
  );

  api.op(
    {
      method: 'get',
      path: '/api/attendance/holidays',
      operationId: 'listAttendanceHolidays',
      summary: 'Holidays of a year, with optional-holiday opt-ins',
      description: 'Holidays of one year (default: this year) as attendance applies them, with the optional holidays each employee has opted into.',
      tags,
      auth: 'session',
      query: z.object({ year: queryInt({ min: 1900, max: 2200 }).optional().meta({ description: 'Default: this year.' }) }),
      response: z.object({ items: z.array(AttendanceHoliday) }).meta({ id: 'AttendanceHolidayList' }),
    },
    async ({ query, caller }) => ({ items: await holidays.listHolidays(await ctx(caller), query.year) }),
  );
  api.op(
    { ...manage, method: 'post', path: '/api/attendance/holidays', operationId: 'createHoliday', summary: 'Add a holiday (per location or all, optional or not)', description: 'A past or present date is reconciled again for the employees it concerns. Pending and approved leave over the date is counted again (a holiday costs no leave): an approved request gets a ledger `reversal` for the day it no longer costs; the employee is notified and the change audited (`leave.recounted`).', body: HolidayInput, response: AttendanceHoliday, errors: [403, 409] },
    async ({ body, caller }) => holidays.createHoliday(await ctx(caller), body),
  );
  api.op(
    { ...manage, method: 'put', path: '/api/attendance/holidays/{id}', operationId: 'updateHoliday', summary: 'Change a holiday', description: 'Leave over the old and the new date is counted again (see createHoliday).', params: IdParams, body: HolidayInput, response: AttendanceHoliday, errors: [403, 404] },
    async ({ params, body, caller }) => holidays.updateHoliday(await ctx(caller), params.id, body),
  );
  api.op(
    { ...manage, method: 'delete', path: '/api/attendance/holidays/{id}', operationId: 'deleteHoliday', summary: 'Delete a holiday', description: 'Leave over the date is counted again: an approved request that spans it now costs the day (a ledger `usage` entry).', params: IdParams, response: Ok, errors: [403, 404] },
    async ({ params, caller }) => {
      await holidays.deleteHoliday(await ctx(caller), params.id);
      return { ok: true };
    },
  );
  api.op(
    {
      method: 'post',
      path: '/api/attendance/holidays/{id}/opt-in',
      operationId: 'optIntoHoliday',
      summary: 'Opt into an optional (restricted) holiday',
      description: 'At most `optionalHolidaysPerYear` a year (409 beyond). Audited on the caller; the day is reconciled again.',
      tags,
      auth: 'session',
      permission: 'attendance:self',
      params: IdParams,
      response: AttendanceHoliday,
      errors: [403, 404, 409],
    },
    async ({ params, caller }) => holidays.setOptIn(await ctx(caller), params.id, true),
  );
  api.op(
    {
      method: 'delete',
      path: '/api/attendance/holidays/{id}/opt-in',
      operationId: 'optOutOfHoliday',
      summary: 'Opt out of an optional holiday',
      tags,
      auth: 'session',
      permission: 'attendance:self',
      params: IdParams,
      response: AttendanceHoliday,
      errors: [403, 404, 409],
    },
    async ({ params, caller }) => holidays.setOptIn(await ctx(caller), params.id, false),
  );

  api.op(
    { method: 'get', path: '/api/attendance/settings', operationId: 'getAttendanceSettings', summary: 'Attendance rules', description: 'Organisation-wide attendance rules: the debounce between punches, how far back a day may be regularized, which regularization kinds need HR, the late-mark rule and the number of optional holidays a year.', tags, auth: 'session', response: AttendanceSettings },
    async ({ caller }) => settings.getSettings(await ctx(caller)),
  );
  api.op(
    {
      ...manage,
      method: 'patch',
      path: '/api/attendance/settings',
      operationId: 'updateAttendanceSettings',
      summary: 'Change attendance rules',
      description: 'Debounce, regularization window, which regularization kinds need HR, the late-mark rule (off by default), optional holidays a year.',
      body: AttendanceSettingsUpdate,
      response: AttendanceSettings,
      errors: [403],
    },
    async ({ body, caller }) => settings.updateSettings(await ctx(caller), body),
  );
  api.op(
    {
      ...manage,
      method: 'get',
      path: '/api/attendance/policy-log',
      operationId: 'attendancePolicyLog',
      summary: 'Who changed which attendance policy, newest first',
      description:
        "Each `summary` is in the reader's language: a signed-in person's own (else the organisation's), other callers English unless `Accept-Language` names a language Muster ships. English is the sentence as stored; entries written before summaries carried a message stay English.",
      response: z.object({ items: z.array(PolicyLogEntry) }).meta({ id: 'PolicyLog' }),
      errors: [403],
    },
    async ({ caller, req }) => ({ items: await listPolicyLog(await ctx(caller), 200, await readerLocale(deps.db, caller, req.get('accept-language'))) }),
  );
}
