// Push receivers with a real spool: a terminal hears "OK" / UploadedLog only once its records are spooled.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AdmsTerminal, FkTerminal } from '../../connector/src/emulator/push-terminals.ts';
import { startAdmsReceiver } from '../../connector/src/receivers/adms.ts';
import { FkFramer, fkMessage, parseFkMessage } from '../../connector/src/receivers/fk-codec.ts';
import { startFkReceiver } from '../../connector/src/receivers/fk.ts';
import type { PushTerminal, ReceiverContext } from '../../connector/src/receivers/types.ts';
import { Spool } from '../../connector/src/spool.ts';
import { tempDir, testLogger } from './support.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function context(family: 'zk' | 'fk') {
  const dir = tempDir();
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const spool = new Spool(path.join(dir, 'spool.sqlite'));
  let open = true;
  cleanups.push(() => {
    if (open) spool.close();
  });
  const contacts: { serial: string; records?: number }[] = [];
  const ctx: ReceiverContext = {
    spool,
    logger: testLogger(),
    resolve: (serial, details): PushTerminal => ({
      key: `push:${serial}`,
      identity: { serial, terminalType: family, terminalId: details.terminalId ?? 1, timeZone: 'Asia/Kolkata', ...(details.deviceUid ? { deviceUid: details.deviceUid } : {}) },
    }),
    spooled: () => undefined,
    contact: (terminal, event) => contacts.push({ serial: terminal.identity.serial, ...(event.records !== undefined ? { records: event.records } : {}) }),
  };
  return {
    ctx,
    spool,
    contacts,
    /** A disk that fails: every spool write throws from now on. */
    breakSpool() {
      open = false;
      spool.close();
    },
  };
}

const day = (i: number) => ({ year: 2026, month: 11, day: 20, hour: 9, minute: i, second: 0 });

describe('ADMS receiver', () => {
  it('answers OK once a batch is spooled; a resent batch adds nothing', async () => {
    const { ctx, spool, contacts } = context('zk');
    const receiver = await startAdmsReceiver(ctx, '127.0.0.1', 0);
    cleanups.push(() => receiver.close());
    const base = `http://127.0.0.1:${receiver.port}`;
    const options = await (await fetch(`${base}/iclock/cdata?SN=ADMS-1&options=all&pushver=2.4.1`)).text();
    expect(options).toMatch(/^GET OPTION FROM: ADMS-1\n/);
    expect(options).toMatch(/ATTLOGStamp=None/);
    expect(options).toMatch(/TimeZone=5.5/);
    const batch = '1001\t2026-11-20 09:01:00\t0\t1\t0\t0\t0\n1002\t2026-11-20 09:02:00\t0\t15\t0\t0\t0\n';
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${base}/iclock/cdata?SN=ADMS-1&table=ATTLOG&Stamp=1`, { method: 'POST', body: batch });
      expect([res.status, await res.text()]).toEqual([200, 'OK: 2']);
    }
    expect(spool.count('pending')).toBe(2);
    const oplog = await fetch(`${base}/iclock/cdata?SN=ADMS-1&table=OPERLOG&Stamp=1`, { method: 'POST', body: 'OPLOG 6\t1\t2026-11-20 10:00:00\t1001\t0\t0\t0\n' });
    expect(await oplog.text()).toBe('OK: 1');
    expect(spool.pending(10).map((r) => r.kind)).toEqual(['timelog', 'timelog', 'adminlog']);
    expect(await (await fetch(`${base}/iclock/getrequest?SN=ADMS-1`)).text()).toBe('OK');
    expect(contacts.length).toBeGreaterThanOrEqual(4);
    expect((await fetch(`${base}/iclock/cdata?table=ATTLOG`, { method: 'POST', body: batch })).status).toBe(400);
  });

  it('keeps lines it cannot read (no user id, unreadable time) as dead letters with the reason before answering OK', async () => {
    const { ctx, spool } = context('zk');
    const receiver = await startAdmsReceiver(ctx, '127.0.0.1', 0);
    cleanups.push(() => receiver.close());
    const terminal = new AdmsTerminal({ baseUrl: `http://127.0.0.1:${receiver.port}`, serial: 'ADMS-3', timeZone: 'Asia/Kolkata', intervalMs: 50 });
    cleanups.push(() => terminal.stop());
    terminal.addPunch({ userId: '1001', time: day(1) });
    terminal.addRawLine('ATTLOG', '1002\t2026-11-20 09:02:00\t0\t1\n\t2026-11-20 09:03:00\t0\t1\n1004\t20-11-2026 9h04\t0\t1\n');
    terminal.addRawLine('OPERLOG', 'OPLOG 6\t1\tyesterday\t1001\t0\t0\t0\nUSER PIN=1001\tName=A\n');
    terminal.start();
    await expect.poll(() => terminal.unsent).toBe(0);
    expect(terminal.failures).toBe(0);
    expect(spool.count('pending')).toBe(2);
    const dead = spool.deadLetters().sort((a, b) => a.id - b.id);
    expect(dead.map((d) => [d.kind, d.reason])).toEqual([
      ['timelog', expect.stringMatching(/^ADMS ATTLOG line not understood \(no user id\): "\\t2026-11-20 09:03:00/)],
      ['timelog', expect.stringMatching(/^ADMS ATTLOG line not understood \(unreadable time "20-11-2026 9h04"\)/)],
      ['adminlog', expect.stringMatching(/^ADMS OPERLOG line not understood \(unreadable time "yesterday"\)/)],
    ]);
    expect(dead[0]!.raw).toMatchObject({ unreadable: { text: 'ATTLOG\t\t2026-11-20 09:03:00\t0\t1' } });
    // The same batch again (the OK was lost) keeps nothing twice; an operator's retry cannot make them readable.
    const again = await fetch(`http://127.0.0.1:${receiver.port}/iclock/cdata?SN=ADMS-3&table=OPERLOG`, { method: 'POST', body: 'OPLOG 6\t1\tyesterday\t1001\t0\t0\t0\n' });
    expect(await again.text()).toBe('OK: 0');
    expect(spool.count('dead')).toBe(3);
    expect(spool.retryDeadLetters()).toBe(0);
    expect(spool.count('dead')).toBe(3);
    expect(spool.alerts().filter((a) => a.kind === 'dead-letter')).toHaveLength(3);
  });

  it('answers 500 when the spool cannot write, and the terminal keeps the batch to resend', async () => {
    const { ctx, breakSpool } = context('zk');
    const receiver = await startAdmsReceiver(ctx, '127.0.0.1', 0);
    cleanups.push(() => receiver.close());
    breakSpool();
    const terminal = new AdmsTerminal({ baseUrl: `http://127.0.0.1:${receiver.port}`, serial: 'ADMS-2', timeZone: 'Asia/Kolkata', intervalMs: 50 });
    cleanups.push(() => terminal.stop());
    terminal.addPunch({ userId: '1001', time: day(1) });
    terminal.start();
    await expect.poll(() => terminal.failures).toBeGreaterThan(1);
    expect(terminal.unsent).toBe(1);
  });
});

describe('FK receiver', () => {
  it('acknowledges each log with its TransID after spooling, answers keep-alives, and absorbs resends', async () => {
    const { ctx, spool } = context('fk');
    const receiver = await startFkReceiver(ctx, '127.0.0.1', 0);
    cleanups.push(() => receiver.close());
    const terminal = new FkTerminal({ host: '127.0.0.1', port: receiver.port, serial: 'FK-1', timeZone: 'Asia/Kolkata', terminalId: 4, deviceUid: 'UID-1' });
    cleanups.push(() => terminal.stop());
    for (let i = 0; i < 5; i++) terminal.addPunch({ userId: String(1001 + i), time: day(i) });
    terminal.start();
    await expect.poll(() => terminal.unsent).toBe(0);
    expect(terminal.keepAlivesAnswered).toBeGreaterThan(0);
    const bodies = spool.pending(10).map((r) => JSON.parse(r.body) as { transId: number; terminalId: number; deviceUid: string; attendStat: string });
    expect(bodies.map((b) => b.transId)).toEqual([1, 2, 3, 4, 5]);
    expect(bodies[0]).toMatchObject({ terminalId: 4, deviceUid: 'UID-1', attendStat: 'Duty On' });
    // The same log sent again (the ack was lost): acknowledged, not doubled.
    const socket = net.connect(receiver.port, '127.0.0.1');
    cleanups.push(() => void socket.destroy());
    const framer = new FkFramer();
    const acks: string[] = [];
    socket.on('data', (chunk) => acks.push(...framer.push(chunk).map((m) => parseFkMessage(m).get('TransID') ?? '')));
    const t = day(0);
    socket.write(
      fkMessage([['Request', 'TimeLog'], ['DeviceSerialNo', 'FK-1'], ['TransID', 1], ['Year', t.year], ['Month', t.month], ['Day', t.day], ['Hour', t.hour], ['Minute', t.minute], ['Second', t.second], ['UserID', '1001'], ['AttendStat', 'Duty On'], ['VerifMode', 'FP']]),
    );
    await expect.poll(() => acks).toEqual(['1']);
    expect(spool.count('pending')).toBe(5);
  });

  it('does not acknowledge what it could not spool or read', async () => {
    const { ctx, spool, breakSpool } = context('fk');
    const receiver = await startFkReceiver(ctx, '127.0.0.1', 0);
    cleanups.push(() => receiver.close());
    const socket = net.connect(receiver.port, '127.0.0.1');
    cleanups.push(() => void socket.destroy());
    const replies: string[] = [];
    const framer = new FkFramer();
    socket.on('data', (chunk) => replies.push(...framer.push(chunk)));
    // No time: nothing can be recorded, so no acknowledgement (the terminal keeps it).
    socket.write(fkMessage([['Request', 'TimeLog'], ['DeviceSerialNo', 'FK-2'], ['TransID', 9], ['UserID', '1001']]));
    await expect.poll(() => spool.alerts().length).toBe(1);
    expect(replies).toEqual([]);
    breakSpool();
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const t = day(3);
    socket.write(fkMessage([['Request', 'TimeLog'], ['DeviceSerialNo', 'FK-2'], ['TransID', 10], ['Year', t.year], ['Month', t.month], ['Day', t.day], ['Hour', t.hour], ['Minute', t.minute], ['Second', 0], ['UserID', '1001']]));
    await closed;
    expect(replies).toEqual([]);
  });
});
