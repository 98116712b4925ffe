// The spool's dedupe keys, transIds and dead letters; records and local time rules.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { TimeLog } from '../../shared/ingest.ts';
import type { RawPunch } from '../../connector/src/drivers/types.ts';
import { clockSkewSeconds, impossibleReason, localToIso, parseLocal } from '../../connector/src/local-time.ts';
import { buildTimeLog, punchKey, terminalUserIdOf, type TerminalIdentity } from '../../connector/src/records.ts';
import { Spool } from '../../connector/src/spool.ts';
import { tempDir } from './support.ts';

const dirs: string[] = [];
const spools: Spool[] = [];
afterEach(() => {
  for (const s of spools.splice(0)) s.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function openSpool(now = () => new Date('2026-11-21T03:30:00Z')) {
  const dir = tempDir();
  dirs.push(dir);
  const spool = new Spool(path.join(dir, 'spool.sqlite'), now);
  spools.push(spool);
  return { spool, file: path.join(dir, 'spool.sqlite') };
}

const identity: TerminalIdentity = { serial: 'ZK-1', terminalType: 'zk', terminalId: 1, timeZone: 'Asia/Kolkata' };
const t = (hour: number, minute = 0, second = 0) => ({ year: 2026, month: 11, day: 21, hour, minute, second });
const punch = (userId: string, local = t(9, 2, 17), state = '0', verify = 'fingerprint'): RawPunch => ({ userId, local, state, verify });

describe('local time', () => {
  it('adds the zone offset and keeps the terminal digits', () => {
    expect(localToIso(t(9, 2, 17), 'Asia/Kolkata')).toBe('2026-11-21T09:02:17+05:30');
    expect(localToIso(t(9), 'Europe/London')).toBe('2026-11-21T09:00:00+00:00');
    // DST: a summer and a winter time in the same zone get their own offsets.
    expect(localToIso({ ...t(9), month: 7 }, 'America/New_York')).toBe('2026-07-21T09:00:00-04:00');
    expect(localToIso(t(9), 'America/New_York')).toBe('2026-11-21T09:00:00-05:00');
  });

  it('reads a wall time skipped by DST with the offset before the change, and a repeated one as its first occurrence', () => {
    expect(localToIso({ year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0 }, 'America/New_York')).toBe('2026-03-08T02:30:00-05:00');
    expect(localToIso({ year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 0 }, 'America/New_York')).toBe('2026-11-01T01:30:00-04:00');
  });

  it('refuses dates that cannot exist', () => {
    expect(impossibleReason({ year: 2024, month: 2, day: 29, hour: 0, minute: 0, second: 0 })).toBeUndefined();
    expect(impossibleReason({ year: 2023, month: 2, day: 29, hour: 0, minute: 0, second: 0 })).toMatch(/does not exist/);
    expect(impossibleReason({ year: 2026, month: 13, day: 1, hour: 0, minute: 0, second: 0 })).toMatch(/month 13/);
    expect(impossibleReason({ year: 2026, month: 1, day: 1, hour: 24, minute: 0, second: 0 })).toMatch(/not a time/);
    expect(() => localToIso({ year: 2026, month: 2, day: 30, hour: 9, minute: 0, second: 0 }, 'Asia/Kolkata')).toThrow(RangeError);
  });

  it('measures clock skew against true time in the terminal zone', () => {
    expect(clockSkewSeconds(t(9, 2, 17), 'Asia/Kolkata', new Date('2026-11-21T03:32:00Z'))).toBe(17);
    expect(clockSkewSeconds(t(9, 0), 'Asia/Kolkata', new Date('2026-11-21T03:32:00Z'))).toBe(-120);
    expect(parseLocal('2026-11-21 09:02')).toEqual(t(9, 2, 0));
  });
});

describe('records', () => {
  it('maps plain numeric terminal user ids and refuses ones a conversion would mangle', () => {
    expect(terminalUserIdOf('1001')).toEqual({ id: 1001 });
    expect(terminalUserIdOf('0')).toEqual({ id: 0 });
    expect(terminalUserIdOf('007')).toMatchObject({ reason: expect.stringMatching(/"007" has a leading zero/) });
    expect(terminalUserIdOf('A12')).toMatchObject({ reason: expect.stringMatching(/"A12" is not a plain number/) });
    expect(terminalUserIdOf('99999999999999999999')).toMatchObject({ reason: expect.stringMatching(/too large/) });
    expect(terminalUserIdOf('A12', new Map([['A12', 4012]]))).toEqual({ id: 4012 });
  });

  it('builds a TimeLog body that the shared contract accepts', () => {
    const built = buildTimeLog({ ...identity, deviceUid: 'MAC' }, punch('1001', t(9, 2, 17), '255'), 42);
    expect(built).toEqual({
      body: { serial: 'ZK-1', terminalType: 'zk', terminalId: 1, transId: 42, at: '2026-11-21T09:02:17+05:30', terminalUserId: 1001, attendStat: '255', verifyMode: 'fingerprint', deviceUid: 'MAC' },
    });
    expect(TimeLog.safeParse((built as { body: unknown }).body).success).toBe(true);
    expect(buildTimeLog(identity, punch('1001', { ...t(9), month: 2, day: 30 }), 1)).toMatchObject({ reason: expect.stringMatching(/impossible time/) });
  });

  it('carries the registry id the connector was configured with, and names the user id a mapping would fix', () => {
    const registryId = '0195f3c2-6b1e-7d8a-9c1f-3e2a4b5c6d7e';
    const built = buildTimeLog({ ...identity, registryId }, punch('1001'), 7) as { body: { registryId?: string } };
    expect(built.body.registryId).toBe(registryId);
    expect(TimeLog.safeParse(built.body).success).toBe(true);
    expect(buildTimeLog(identity, punch('A12'), 8)).toMatchObject({ unmappedUserId: 'A12' });
    expect(buildTimeLog(identity, punch('007'), 9)).toMatchObject({ unmappedUserId: '007' });
    // Nothing to map: an empty id, or one longer than the server keeps.
    expect(buildTimeLog(identity, punch(''), 10)).not.toHaveProperty('unmappedUserId');
    expect(buildTimeLog(identity, punch('X'.repeat(65)), 11)).not.toHaveProperty('unmappedUserId');
    expect(buildTimeLog(identity, punch('A12'), 12, new Map([['A12', 4012]]))).toMatchObject({ body: { terminalUserId: 4012 } });
  });
});

describe('spool', () => {
  it('writes with WAL and synchronous FULL', () => {
    const { spool } = openSpool();
    expect(spool.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(spool.db.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('keeps one record per natural key: re-reads, realtime overlap and resends change nothing', () => {
    const { spool } = openSpool();
    const first = spool.addPunches('term-1', identity, [punch('1001'), punch('1002'), punch('1001')]);
    expect(first).toEqual({ added: 2, duplicates: 1, dead: 0 });
    const again = spool.addPunches('term-1', identity, [punch('1002'), punch('1001'), punch('1003')]);
    expect(again).toEqual({ added: 1, duplicates: 2, dead: 0 });
    expect(spool.count('pending')).toBe(3);
  });

  it('tells apart punches that differ in state, verify mode, second or terminal', () => {
    const { spool } = openSpool();
    const out = spool.addPunches('term-1', identity, [punch('1001'), punch('1001', t(9, 2, 17), '1'), punch('1001', t(9, 2, 17), '0', 'card'), punch('1001', t(9, 2, 18))]);
    const other = spool.addPunches('term-2', { ...identity, serial: 'ZK-2' }, [punch('1001')]);
    expect(out.added + other.added).toBe(5);
    expect(punchKey('ZK-1', punch('1001'))).not.toBe(punchKey('ZK-2', punch('1001')));
  });

  it('assigns per-terminal transIds from a counter that survives a restart and never restarts from 1', () => {
    const { spool, file } = openSpool(() => new Date('2026-11-21T03:30:00Z'));
    spool.addPunches('term-1', identity, [punch('1001'), punch('1002')]);
    spool.close();
    spools.splice(spools.indexOf(spool), 1);
    const reopened = new Spool(file);
    spools.push(reopened);
    reopened.addPunches('term-1', identity, [punch('1003')]);
    const ids = reopened.pending(10).map((r) => r.transId);
    const base = Date.parse('2026-11-21T03:30:00Z');
    expect(ids).toEqual([base, base + 1, base + 2]);
  });

  it("uses the terminal's own transId, unless it already named another punch (terminals reuse numbers after a clear)", () => {
    const { spool } = openSpool();
    spool.addPunches('fk', identity, [{ ...punch('1001'), deviceTransId: 7 }]);
    spool.addPunches('fk', identity, [{ ...punch('1002'), deviceTransId: 7 }, { ...punch('1003'), deviceTransId: 8 }]);
    const ids = spool.pending(10).map((r) => r.transId);
    expect(ids[0]).toBe(7);
    expect(ids[1]).not.toBe(7);
    expect(ids[2]).toBe(8);
  });

  it('dead-letters what cannot be sent, with the reason, and re-queues it once fixed', () => {
    const { spool } = openSpool();
    const outcome = spool.addPunches('term-1', identity, [punch('A12'), punch('007'), punch('1001', { ...t(9), month: 2, day: 30 }), punch('1001')]);
    expect(outcome).toEqual({ added: 4, duplicates: 0, dead: 3 });
    expect(spool.deadLetters().map((d) => d.reason)).toEqual([
      expect.stringMatching(/impossible time/),
      expect.stringMatching(/"007" has a leading zero/),
      expect.stringMatching(/"A12" is not a plain number/),
    ]);
    expect(spool.alerts().filter((a) => a.kind === 'dead-letter')).toHaveLength(3);
    // Still unique: the same punch read again is not a new record.
    expect(spool.addPunches('term-1', identity, [punch('A12')]).duplicates).toBe(1);
    const requeued = spool.retryDeadLetters(() => ({ mapping: new Map([['A12', 4012], ['007', 4007]]) }));
    expect(requeued).toBe(2);
    expect(spool.count('dead')).toBe(1);
    expect(spool.pending(10).map((r) => (JSON.parse(r.body) as { terminalUserId: number }).terminalUserId).sort()).toEqual([1001, 4007, 4012]);
  });

  it('lists the unmapped user ids of a terminal and re-queues their records once when a mapping arrives', () => {
    const { spool } = openSpool();
    spool.addPunches('term-1', identity, [punch('A12'), punch('A12', t(18)), punch('007'), punch('B7'), punch('1001'), punch('', t(10))]);
    spool.addAdminLogs('term-1', identity, [{ action: 'EnrollFinger', targetUserId: 'A12', adminId: '1', local: t(8) }]);
    spool.addPunches('term-2', { ...identity, serial: 'ZK-2' }, [punch('A12')]);
    expect(spool.unmappedUserIds('term-1')).toEqual([
      { userId: 'A12', records: 3 },
      { userId: '007', records: 1 },
      { userId: 'B7', records: 1 },
    ]);
    // An empty id cannot be mapped: it stays a dead letter that an operator looks at, and is not reported.
    expect(spool.count('dead')).toBe(7);
    const mapping = new Map([
      ['A12', 4012],
      ['007', 7],
    ]);
    expect(spool.retryMapped('term-1', mapping, { registryId: '0195f3c2-6b1e-7d8a-9c1f-3e2a4b5c6d7e' })).toBe(4);
    const bodies = spool.pending(20).map((r) => JSON.parse(r.body) as { terminalUserId?: number; targetUserId?: number; registryId?: string });
    expect(bodies.map((b) => b.terminalUserId ?? b.targetUserId).sort()).toEqual([1001, 4012, 4012, 4012, 7]);
    expect(bodies.filter((b) => b.registryId).length).toBe(4);
    expect(TimeLog.safeParse(bodies.find((b) => b.terminalUserId === 7)).success).toBe(true);
    // Exactly once: the records are pending now, asking again re-queues nothing; the other terminal keeps its own.
    expect(spool.retryMapped('term-1', mapping)).toBe(0);
    expect(spool.unmappedUserIds('term-1')).toEqual([{ userId: 'B7', records: 1 }]);
    expect(spool.unmappedUserIds('term-2')).toEqual([{ userId: 'A12', records: 1 }]);
  });

  it('upgrades a spool written before dead letters named their user id', () => {
    const dir = tempDir();
    dirs.push(dir);
    const file = path.join(dir, 'spool.sqlite');
    const old = new Database(file);
    old.exec(`CREATE TABLE outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, terminal TEXT NOT NULL, serial TEXT NOT NULL, natural_key TEXT NOT NULL, trans_id INTEGER NOT NULL, raw TEXT NOT NULL, body TEXT, state TEXT NOT NULL, spooled_at TEXT NOT NULL, sent_at TEXT, server_id TEXT, CONSTRAINT outbox_natural_key_uq UNIQUE (natural_key), CONSTRAINT outbox_trans_id_uq UNIQUE (serial, trans_id));
      CREATE TABLE dead_letter (outbox_id INTEGER PRIMARY KEY REFERENCES outbox (id), status INTEGER, reason TEXT NOT NULL, dead_at TEXT NOT NULL);`);
    const raw = JSON.stringify({ kind: 'timelog', identity, punch: punch('X9') });
    old.prepare("INSERT INTO outbox (kind, terminal, serial, natural_key, trans_id, raw, body, state, spooled_at) VALUES ('timelog', 'term-1', 'ZK-1', 'k1', 1, ?, NULL, 'dead', 'x')").run(raw);
    old.prepare("INSERT INTO dead_letter (outbox_id, status, reason, dead_at) VALUES (1, NULL, 'not a plain number', 'x')").run();
    old.close();
    const spool = new Spool(file);
    spools.push(spool);
    expect(spool.unmappedUserIds('term-1')).toEqual([{ userId: 'X9', records: 1 }]);
    expect(spool.retryMapped('term-1', new Map([['X9', 9]]))).toBe(1);
  });

  it('marks rows sent or dead only through settle, in one transaction', () => {
    const { spool, file } = openSpool();
    spool.addPunches('term-1', identity, [punch('1001'), punch('1002'), punch('1003')]);
    const [a, b] = spool.pending(10);
    spool.settle([
      { id: a!.id, outcome: 'sent', serverId: 'uuid-a' },
      { id: b!.id, outcome: 'dead', status: 400, reason: 'HTTP 400: bad' },
    ]);
    expect([spool.count('pending'), spool.count('sent'), spool.count('dead')]).toEqual([1, 1, 1]);
    const raw = new Database(file, { readonly: true });
    expect(raw.prepare('SELECT status, reason FROM dead_letter').get()).toEqual({ status: 400, reason: 'HTTP 400: bad' });
    raw.close();
  });

  it('remembers the log cursor and cached values', () => {
    const { spool } = openSpool();
    expect(spool.cursor('term-1')).toBeUndefined();
    spool.setCursor('term-1', { recordCount: 10, lastHash: 'abc', fullReadAt: '2026-11-21T03:30:00.000Z' });
    expect(spool.cursor('term-1')).toEqual({ recordCount: 10, lastHash: 'abc', fullReadAt: '2026-11-21T03:30:00.000Z' });
    spool.setValue('k', { a: 1 });
    expect(spool.getValue('k')).toEqual({ a: 1 });
  });
});
