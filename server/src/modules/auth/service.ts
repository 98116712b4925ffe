import crypto from 'node:crypto';
import {
  type LoginRequest,
  type PasswordChangeRequest,
  SESSION_ABSOLUTE_DAYS,
  SESSION_IDLE_MINUTES,
  type SessionInfo,
  type SessionUser,
} from '../../../../shared/auth.ts';
import { type Role, permissionsOf, ROLES } from '../../../../shared/permissions.ts';
import { type Caller, type Ctx, type Db, callerFor, inTransaction } from '../../context.ts';
import { AppError, forbidden, notFound, unauthorized } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { defineCache } from '../../db/cache.ts';
import { boundedMemo } from '../../memo.ts';
import { sha256Hex } from '../../secrets.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './repo.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';

const WRONG_CREDENTIALS = 'The email or password is wrong.';
const IDLE_MS = SESSION_IDLE_MINUTES * 60_000;
const ABSOLUTE_MS = SESSION_ABSOLUTE_DAYS * 86_400_000;
/** Writing last-seen on every request would turn reads into writes; once a minute is enough for idle expiry. */
const TOUCH_EVERY_MS = 60_000;

import type { ClientMeta } from '../../http/session-cookie.ts';
export type { ClientMeta };

function toRoles(values: string[]): Role[] {
  return ROLES.filter((r) => values.includes(r));
}

export function sessionUserOf(u: { id: string; employee_id: string; full_name: string; email: string }, roles: Role[]): SessionUser {
  return { id: u.id, employeeId: u.employee_id, fullName: u.full_name, email: u.email, roles, permissions: permissionsOf(roles) };
}

/** Who the caller is, as services see a signed-in user. */
export function callerOfUser(user: SessionUser, sessionId?: string): Caller {
  return callerFor({
    kind: 'session',
    userId: user.id,
    employeeId: user.employeeId,
    name: user.fullName,
    roles: user.roles,
    permissions: user.permissions,
    source: 'console',
    email: user.email,
    ...(sessionId ? { sessionId } : {}),
  });
}

/**
 * Checks the credentials and opens a session. Returns the cookie token (only
 * its hash is stored) and the user. Throws 401 for unknown email and bad
 * password alike; writes a Login audit row either way when the user exists.
 */
/** A new session: the cookie token (shown to this client only), who signed in, and when it ends at the latest. */
export interface SignedIn {
  token: string;
  user: SessionUser;
  expiresAt: Date;
}

export async function login(ctx: Ctx, input: LoginRequest, meta: ClientMeta): Promise<SignedIn> {
  const email = input.email.trim().toLowerCase();
  const user = await repo.findUserByEmail(ctx.db, email);
  if (!user) {
    await burnPasswordCheck(input.password);
    throw unauthorized(WRONG_CREDENTIALS).withText({ id: 'problemDetail.auth.wrongCredentials' });
  }
  const passwordOk = await verifyPassword(input.password, user.password_hash);
  const asUser: Ctx = { ...ctx, caller: { ...ctx.caller, name: user.full_name, employeeId: user.employee_id, userId: user.id } };
  const from = meta.ip ? ` from ${meta.ip}` : '';
  if (!passwordOk) {
    await recordAudit(asUser, {
      employeeId: user.employee_id,
      category: 'Login',
      action: 'login.failed',
      summary: `Failed sign-in${from}: wrong password`,
    });
    throw unauthorized(WRONG_CREDENTIALS).withText({ id: 'problemDetail.auth.wrongCredentials' });
  }
  if (!user.active || user.status === 'Exited') {
    throw new AppError(401, 'login-disabled', 'Login disabled', 'This login is disabled. Ask your administrator.').withText({ id: 'problemDetail.auth.loginDisabled' });
  }
  const now = ctx.clock.now();
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ABSOLUTE_MS);
  const roles = toRoles(await repo.rolesOfUser(ctx.db, user.id));
  await inTransaction(asUser, async (t) => {
    const trx = t.db;
    await repo.insertSession(trx, {
      id: newId(),
      token_hash: sha256Hex(token),
      user_id: user.id,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      ip_address: meta.ip,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
      revoked_at: null,
    });
    await repo.setLastLogin(trx, user.id, now.toISOString());
    await recordAudit(t, { employeeId: user.employee_id, category: 'Login', action: 'login.succeeded', summary: `Signed in${from}` });
  });
  return { token, user: sessionUserOf(user, roles), expiresAt };
}

const sessionCache = defineCache<ResolvedSession | null>({
  name: 'auth.sessions',
  reads: ['session', 'user_account', 'user_role', 'employee'],
  maxEntries: 2000,
});

interface ResolvedSession {
  row: NonNullable<Awaited<ReturnType<typeof repo.findSessionByTokenHash>>>;
  roles: Role[];
}

/**
 * The live session behind a cookie token, or undefined when it is unknown,
 * revoked, idle too long, past its absolute expiry, or its user is disabled.
 * The lookup is cached until a session, login, role or employee row changes
 * (a session's last use is activity, not a change: see `ACTIVITY_COLUMNS`).
 */
/**
 * A session token's hash, remembered for the browsers that send it on every request (a hash of
 * the same token is always the same; whether its session is live is read below every time).
 */
const tokenHashOf = boundedMemo(2048, sha256Hex);

export async function resolveSession(ctx: Pick<Ctx, 'db' | 'clock'>, token: string) {
  const tokenHash = tokenHashOf(token);
  const found = await sessionCache.get(ctx.db, tokenHash, async () => {
    const row = await repo.findSessionByTokenHash(ctx.db, tokenHash);
    return row ? { row, roles: toRoles(await repo.rolesOfUser(ctx.db, row.user_id)) } : null;
  });
  if (!found) return undefined;
  const { row, roles } = found;
  if (row.revoked_at !== null || !row.active) return undefined;
  const now = ctx.clock.now().getTime();
  if (Date.parse(row.expires_at) <= now) return undefined;
  const lastSeen = Date.parse(row.last_seen_at);
  if (lastSeen + IDLE_MS <= now) return undefined;
  if (now - lastSeen >= TOUCH_EVERY_MS) {
    row.last_seen_at = new Date(now).toISOString();
    await repo.touchSession(ctx.db, row.id, row.last_seen_at);
  }
  return {
    sessionId: row.id,
    user: sessionUserOf({ id: row.user_id, employee_id: row.employee_id, full_name: row.full_name, email: row.email }, roles),
  };
}

export async function logout(ctx: Ctx): Promise<void> {
  if (ctx.caller.sessionId) await repo.revokeSessionRow(ctx.db, ctx.caller.sessionId, ctx.clock.now().toISOString());
}

/** Changes the caller's password and ends their other sessions. */
export async function changePassword(ctx: Ctx, input: PasswordChangeRequest): Promise<void> {
  const userId = ctx.caller.userId;
  if (!userId || !ctx.caller.employeeId) throw unauthorized();
  const user = await repo.findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  if (!(await verifyPassword(input.currentPassword, user.password_hash))) {
    throw new AppError(400, 'validation', 'Your request is not valid', 'The current password is wrong.', [
      { path: 'body.currentPassword', message: 'is wrong', text: { id: 'problemDetail.auth.currentPasswordWrongField' } },
    ]).withText({ id: 'problemDetail.auth.currentPasswordWrong' });
  }
  const hash = await hashPassword(input.newPassword);
  const employeeId = ctx.caller.employeeId;
  await inTransaction(ctx, async (t) => {
    const trx = t.db;
    const now = ctx.clock.now().toISOString();
    await repo.updatePasswordHash(trx, userId, hash, now);
    await repo.revokeSessionsOfUser(trx, userId, now, ctx.caller.sessionId);
    await recordAudit(t, {
      employeeId,
      category: 'Login',
      action: 'password.changed',
      summary: 'Changed their password; other sessions were ended',
    });
  });
}

/** Live sessions: every user's for `session:manage`, otherwise the caller's own. */
export async function listSessions(ctx: Ctx): Promise<SessionInfo[]> {
  const now = ctx.clock.now();
  const all = ctx.caller.permissions.includes('session:manage');
  const rows = await repo.listLiveSessions(
    ctx.db,
    now.toISOString(),
    new Date(now.getTime() - IDLE_MS).toISOString(),
    all ? undefined : (ctx.caller.userId ?? ''),
  );
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    employeeId: r.employee_id,
    fullName: r.full_name,
    email: r.email,
    createdAt: r.created_at,
    lastSeenAt: r.last_seen_at,
    expiresAt: r.expires_at,
    ipAddress: r.ip_address,
    userAgent: r.user_agent,
    current: r.id === ctx.caller.sessionId,
  }));
}

/** Ends a session at once. Own sessions always; others' with `session:manage` (404 otherwise). */
export async function revokeSession(ctx: Ctx, sessionId: string): Promise<void> {
  const session = await repo.findSessionOwner(ctx.db, sessionId);
  const mayManage = ctx.caller.permissions.includes('session:manage');
  if (!session || (session.user_id !== ctx.caller.userId && !mayManage)) throw notFound('Session');
  if (session.revoked_at !== null) return;
  const owner = await repo.findUserById(ctx.db, session.user_id);
  if (!owner) throw notFound('Session');
  await inTransaction(ctx, async (t) => {
    const trx = t.db;
    await repo.revokeSessionRow(trx, sessionId, ctx.clock.now().toISOString());
    await recordAudit(t, {
      employeeId: owner.employee_id,
      category: 'Login',
      action: 'session.revoked',
      summary: owner.id === ctx.caller.userId ? 'Ended one of their sessions' : `Session ended by ${ctx.caller.name}`,
    });
  });
}

export function assertSessionCaller(caller: Caller | undefined): asserts caller is Caller {
  if (!caller || caller.kind !== 'session') throw forbidden('This needs a signed-in user.');
}

/** The caller behind a session cookie's token, or undefined when the session is not live (the session middleware's resolver). */
export async function resolveSessionCaller(ctx: Pick<Ctx, 'db' | 'clock'>, token: string): Promise<Caller | undefined> {
  const session = await resolveSession(ctx, token);
  return session ? callerOfUser(session.user, session.sessionId) : undefined;
}

/** Removes sessions whose absolute expiry passed over 30 days ago (the nightly job); returns how many. */
export async function pruneSessions(ctx: Pick<Ctx, 'db' | 'clock'>): Promise<number> {
  return repo.deleteSessionsExpiredBefore(ctx.db, new Date(ctx.clock.now().getTime() - 30 * 86_400_000).toISOString());
}

/**
 * Whether `password` is still the password of the login `email` (false when the
 * login is gone), and when it was last set. Start-up uses it to delete the
 * initial-credentials file once the administrator has chosen a password.
 */
export async function passwordStillSet(db: Db, email: string, password: string): Promise<{ still: boolean; changedAt: string | null }> {
  const row = await repo.findPasswordStamp(db, email);
  if (!row) return { still: false, changedAt: null };
  return { still: await verifyPassword(password, row.password_hash), changedAt: row.password_changed_at };
}

/** When the login's password was last set (null when there is no such login). */
export async function passwordChangedAt(db: Db, email: string): Promise<string | null> {
  return (await repo.findPasswordStamp(db, email))?.password_changed_at ?? null;
}

/** The caller a login is now (its current roles), for channels that act for a person without a session (a calendar feed); undefined when the login is gone or inactive. */
export async function callerOfUserId(ctx: Pick<Ctx, 'db'>, userId: string): Promise<Caller | undefined> {
  const u = await repo.findUserById(ctx.db, userId);
  if (!u || u.active !== 1) return undefined;
  return callerOfUser(sessionUserOf(u, toRoles(await repo.rolesOfUser(ctx.db, userId))));
}

/** The language a login chose; null: the organisation's (for `GET /api/auth/me`). */
export async function localeChoiceOf(db: Db, userId: string): Promise<string | null> {
  return repo.localeOfUser(db, userId);
}
