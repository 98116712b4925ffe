import crypto from 'node:crypto';
import { CALENDAR_FEED_PREFIX, type CalendarFeed, type CalendarFeedIssued } from '../../../../shared/calendar-feeds.ts';
import { addDays, dayInZone } from '../../../../shared/dates.ts';
import { type Caller, type Ctx, type LeaveDay, inTransaction, requirePermission } from '../../context.ts';
import { unauthorized } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { sha256Hex } from '../../secrets.ts';
import { directoryOf, holidayOn, policyOf } from '../attendance/index.ts';
import { recordAudit } from '../audit/index.ts';
import { callerOfUserId } from '../auth/index.ts';
import { visibleEmployeeIds } from '../employees/index.ts';
import { type FeedEntry, buildIcs } from './ics.ts';
import * as repo from './repo.ts';

/**
 * Calendar feeds (issue 17 §4): one secret URL per person (only its SHA-256
 * kept), regenerated or revoked by its owner. What it holds follows the
 * owner's permissions when a calendar app fetches it, not when it was made:
 * their approved leave and holidays; a manager's reporting line; HR's whole
 * organisation. Leave only: no reasons, notes or balances.
 */

const PAST_DAYS = 90;
const AHEAD_DAYS = 366;
const MARK_USED_EVERY_MS = 60_000;

function selfUser(ctx: Ctx): string {
  if (!ctx.caller.userId) throw unauthorized();
  return ctx.caller.userId;
}

function scopeOf(caller: Caller): CalendarFeed['scope'] {
  return caller.scope;
}

export async function myCalendarFeed(ctx: Ctx): Promise<CalendarFeed> {
  requirePermission(ctx, 'self:read');
  const row = await repo.findFeedOfUser(ctx.db, selfUser(ctx));
  return { active: row !== undefined, scope: scopeOf(ctx.caller), createdAt: row?.created_at ?? null, lastUsedAt: row?.last_used_at ?? null };
}

/** A new secret URL (the old one stops working). */
export async function issueCalendarFeed(ctx: Ctx, baseUrl: string): Promise<CalendarFeedIssued> {
  requirePermission(ctx, 'self:read');
  const userId = selfUser(ctx);
  const token = CALENDAR_FEED_PREFIX + crypto.randomBytes(32).toString('base64url');
  const now = ctx.clock.now().toISOString();
  await inTransaction(ctx, async (t) => {
    const had = await repo.findFeedOfUser(t.db, userId);
    await repo.replaceFeed(t.db, { id: newId(), user_id: userId, token_hash: sha256Hex(token), created_at: now, last_used_at: null });
    if (t.caller.employeeId) {
      await recordAudit(t, { employeeId: t.caller.employeeId, category: 'Other', action: 'calendar-feed.issued', summary: had ? 'Calendar feed URL regenerated (the old one stopped working)' : 'Calendar feed URL created' });
    }
  });
  return { active: true, scope: scopeOf(ctx.caller), createdAt: now, lastUsedAt: null, url: `${baseUrl}/api/calendar/${token}.ics` };
}

export async function revokeCalendarFeed(ctx: Ctx): Promise<CalendarFeed> {
  requirePermission(ctx, 'self:read');
  const userId = selfUser(ctx);
  await inTransaction(ctx, async (t) => {
    if ((await repo.deleteFeedOfUser(t.db, userId)) && t.caller.employeeId) {
      await recordAudit(t, { employeeId: t.caller.employeeId, category: 'Other', action: 'calendar-feed.revoked', summary: 'Calendar feed URL revoked' });
    }
  });
  return myCalendarFeed(ctx);
}

const PORTION: Record<LeaveDay['portion'], string> = { FullDay: '', FirstHalf: ' (first half)', SecondHalf: ' (second half)' };

/**
 * The feed's iCalendar text for a presented token, or undefined (unknown,
 * revoked, or its owner's login is gone: 404 alike). `ctxOf` makes the
 * owner's Ctx (their current permissions and scope).
 */
export async function calendarFeedIcs(base: Pick<Ctx, 'db' | 'clock'>, token: string, ctxOf: (caller: Caller) => Promise<Ctx>): Promise<string | undefined> {
  if (!token.startsWith(CALENDAR_FEED_PREFIX) || token.length > 100) return undefined;
  const hash = sha256Hex(token);
  const feed = await repo.findFeedByHash(base.db, hash);
  if (!feed || !crypto.timingSafeEqual(Buffer.from(feed.token_hash), Buffer.from(hash))) return undefined;
  const caller = await callerOfUserId(base, feed.user_id);
  if (!caller) return undefined;
  const ctx = await ctxOf(caller);
  const now = ctx.clock.now();
  if (!feed.last_used_at || now.getTime() - Date.parse(feed.last_used_at) >= MARK_USED_EVERY_MS) await repo.markFeedUsed(ctx.db, feed.id, now.toISOString());
  const today = dayInZone(now, ctx.timeZone);
  const from = addDays(today, -PAST_DAYS);
  const to = addDays(today, AHEAD_DAYS);
  const [ids, directory, policy] = await Promise.all([visibleEmployeeIds(ctx), directoryOf(ctx.db), policyOf(ctx.db)]);
  const days = await ctx.links.leave.approvedDays(ctx.db, ids, from, to);
  const byRequest = new Map<string, LeaveDay[]>();
  for (const d of days) byRequest.set(d.requestId, [...(byRequest.get(d.requestId) ?? []), d]);
  const entries: FeedEntry[] = [];
  for (const [requestId, list] of byRequest) {
    list.sort((a, b) => a.date.localeCompare(b.date));
    const first = list[0] as LeaveDay;
    const last = list[list.length - 1] as LeaveDay;
    const mine = first.employeeId === caller.employeeId;
    const name = directory.byId.get(first.employeeId)?.fullName ?? 'Someone';
    const half = list.length === 1 ? PORTION[first.portion] : '';
    const what = `${first.leaveTypeName}${half}`;
    entries.push({
      uid: `leave-${requestId}@muster`,
      from: first.date,
      to: last.date,
      summary: mine ? `On leave: ${what}` : `${name}: ${what}`,
      description: `${mine ? 'Your' : `${name}'s`} approved ${first.leaveTypeName.toLowerCase()}${half}${first.date === last.date ? ` on ${first.date}` : ` from ${first.date} to ${last.date}`} (${ctx.timeZone}). From Muster.`,
      busy: true,
      categories: ['Leave'],
    });
  }
  const me = caller.employeeId ? directory.byId.get(caller.employeeId) : undefined;
  if (me) {
    for (let day = from; day <= to; day = addDays(day, 1)) {
      const h = holidayOn(policy, me.id, me.locationId, day);
      if (h) entries.push({ uid: `holiday-${h.id}-${day}@muster`, from: day, to: day, summary: `Holiday: ${h.name}`, description: `${h.name}${h.optional ? ' (optional holiday you opted for)' : ''}. From Muster.`, busy: false, categories: ['Holiday'] });
    }
  }
  entries.sort((a, b) => a.from.localeCompare(b.from) || a.uid.localeCompare(b.uid));
  const title = caller.scope === 'org' ? 'Organisation leave' : caller.scope === 'team' ? 'Team leave' : 'My leave';
  return buildIcs({ name: `${title} · Muster`, timeZone: ctx.timeZone, entries, stamp: now });
}
