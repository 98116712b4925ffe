// FK-family push as the devices behave: the receiver answers in the vendor's own form (BioFace
// LogServer sample) byte for byte, and the emulator, like M61/A30C hardware, acts on nothing else.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FkTerminal } from '../../connector/src/emulator/push-terminals.ts';
import { fkAckFor, keptAliveReply, parseFkMessage, parseFkReply, uploadedLogAck, v2Ack } from '../../connector/src/receivers/fk-codec.ts';
import { startFkReceiver } from '../../connector/src/receivers/fk.ts';
import type { PushTerminal, ReceiverContext } from '../../connector/src/receivers/types.ts';
import { Spool } from '../../connector/src/spool.ts';
import { tempDir, testLogger } from './support.ts';
import { loadTrace } from './traces.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function receiverContext() {
  const dir = tempDir();
  const spool = new Spool(path.join(dir, 'spool.sqlite'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => spool.close());
  const ctx: ReceiverContext = {
    spool,
    logger: testLogger(),
    resolve: (serial, details): PushTerminal => ({
      key: `push:${serial}`,
      identity: { serial, terminalType: 'fk', terminalId: details.terminalId ?? 1, timeZone: 'Asia/Kolkata', ...(details.deviceUid ? { deviceUid: details.deviceUid } : {}) },
    }),
    spooled: () => undefined,
    contact: () => undefined,
  };
  return { ctx, spool };
}

/** A raw TCP client of the receiver: what it wrote back, as bytes. */
async function rawClient(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  cleanups.push(() => void socket.destroy());
  let received = Buffer.alloc(0);
  socket.on('data', (chunk) => (received = Buffer.concat([received, chunk])));
  await new Promise((resolve) => socket.once('connect', resolve));
  return { socket, received: () => received };
}

describe('FK acknowledgements, byte for byte as the vendor log server sends them', () => {
  it('UploadedLog and KeptAlive in the <Request> form, one line, one NUL (fk/05)', () => {
    const trace = loadTrace('fk/05-vendor-logserver-acks.txt');
    const expected = Buffer.from(trace.data.trim().replace(/\\0$/, '\0'), 'utf8');
    expect(uploadedLogAck('16').equals(expected)).toBe(true);
    expect(uploadedLogAck('16').toString('latin1')).toBe('<?xml version="1.0"?><Message><Request>UploadedLog</Request><TransID>16</TransID></Message>\0');
    expect(keptAliveReply('16').toString('latin1')).toBe('<?xml version="1.0"?><Message><Request>KeptAlive</Request><TransID>16</TransID></Message>\0');
    // The vendor's server prints its "no TransID" value when a message had none.
    expect(keptAliveReply(undefined).toString('latin1')).toContain('<TransID>4294967295</TransID>');
    // v2 events: the event echoed in <Response>, Result OK, the TransID.
    expect(v2Ack('TimeLog_v2', 'tx-7').toString('latin1')).toBe('<?xml version="1.0"?><Message><Response>TimeLog_v2</Response><Result>OK</Result><TransID>tx-7</TransID></Message>\0');
    // Both forms are read where Muster reads a reply.
    expect(parseFkReply(parseFkMessage(uploadedLogAck('9').toString()))).toEqual({ tag: 'Request', value: 'UploadedLog', transId: '9' });
    expect(parseFkReply(parseFkMessage('<Message><Response>UploadedLog</Response><TransID>9</TransID></Message>'))).toEqual({ tag: 'Response', value: 'UploadedLog', transId: '9' });
  });

  it('answers the M61 and M50 captures (fk/01, fk/03) with exactly the vendor bytes, after spooling them', async () => {
    const { ctx, spool } = receiverContext();
    const receiver = await startFkReceiver(ctx, '127.0.0.1', 0);
    cleanups.push(() => receiver.close());
    const client = await rawClient(receiver.port);
    const m61 = loadTrace('fk/01-secureeye-m61-timelog.txt');
    const m50 = loadTrace('fk/03-m50-production-timelog.txt');
    // The M61 capture shows no NUL; the M50 one has none either: the receiver takes </Message> as the end.
    client.socket.write(m61.data.trim());
    client.socket.write(`${m50.data.trim()}\0`);
    const expected = Buffer.concat([uploadedLogAck('10661'), uploadedLogAck('16')]);
    await expect.poll(() => client.received().toString('latin1')).toBe(expected.toString('latin1'));
    const bodies = spool.pending(10).map((r) => JSON.parse(r.body) as Record<string, unknown>);
    expect(bodies).toMatchObject([
      { serial: '102025040003353', terminalId: 2, transId: 10661, terminalUserId: 39, at: '2026-02-05T19:28:05+05:30', attendStat: 'Duty Off', verifyMode: 'FP', deviceUid: '90a6dbc7-e013fd16' },
      { serial: 'T230700006', terminalId: 4, transId: 16, terminalUserId: 3, at: '2026-07-22T19:01:33+05:30', attendStat: 'Duty Off', verifyMode: 'FP', deviceUid: 'E1E0E457-7D9A6ED8' },
    ]);
  });

  it('answers KeepAlive with KeptAlive, TimeLog_v2 / AdminLog_v2 in the v2 form, and acknowledges an Alarm', async () => {
    const { ctx, spool } = receiverContext();
    const receiver = await startFkReceiver(ctx, '127.0.0.1', 0);
    cleanups.push(() => receiver.close());
    const client = await rawClient(receiver.port);
    client.socket.write('<?xml version="1.0"?><Message><TerminalType>M82</TerminalType><DeviceSerialNo>M82-0001</DeviceSerialNo><TransID>3</TransID><Event>KeepAlive</Event></Message>\0');
    client.socket.write(
      '<?xml version="1.0"?>\n<Message>\n<TerminalType>M82</TerminalType><TerminalID>1</TerminalID><DeviceSerialNo>M82-0001</DeviceSerialNo><Event> TimeLog_v2</Event>' +
        '<LogID>24</LogID><UtcTimezoneMinutes>330</UtcTimezoneMinutes><Time>2026-08-29-T08:15:30Z</Time><UserID>42</UserID><Action>FP</Action><AttendStat>Duty On</AttendStat>' +
        '<APStat>None</APStat><JobCode>0</JobCode><Photo>No</Photo><TransID>tx-7</TransID>\n</Message>\0',
    );
    client.socket.write(
      '<Message><DeviceSerialNo>M82-0001</DeviceSerialNo><Event>AdminLog_v2</Event><Time>2026-08-29-T08:20:00Z</Time><AdminID>1</AdminID><UserID>42</UserID><Action>EnrollFace</Action><Stat>0</Stat><TransID>tx-9</TransID></Message>\0',
    );
    client.socket.write(
      '<Message><DeviceSerialNo>M82-0001</DeviceSerialNo><Event>Alarm</Event><TransID>11</TransID><Year>2026</Year><Month>8</Month><Day>29</Day><Hour>8</Hour><Minute>21</Minute><Second>0</Second><Type>DoorOpen</Type></Message>\0',
    );
    const expected = Buffer.concat([keptAliveReply('3'), v2Ack('TimeLog_v2', 'tx-7'), v2Ack('AdminLog_v2', 'tx-9'), uploadedLogAck('11')]);
    await expect.poll(() => client.received().toString('latin1')).toBe(expected.toString('latin1'));
    const rows = spool.pending(10).map((r) => ({ kind: r.kind, transId: r.transId, body: JSON.parse(r.body) as Record<string, unknown> }));
    expect(rows).toMatchObject([
      { kind: 'timelog', transId: 24, body: { terminalUserId: 42, at: '2026-08-29T08:15:30+05:30', attendStat: 'Duty On', verifyMode: 'FP' } },
      { kind: 'adminlog', body: { adminId: 1, targetUserId: 42, action: 'EnrollFace', result: 0, at: '2026-08-29T08:20:00+05:30' } },
    ]);
    expect(fkAckFor(parseFkMessage('<Message><Event>Something</Event></Message>'))).toBeUndefined();
  });
});

describe('the FK emulator accepts only what real terminals accept', () => {
  /** A log server that answers every log in the form Muster used to send (`<Response>UploadedLog</Response>`). */
  async function oldFormServer() {
    const seen: string[] = [];
    const server = net.createServer((socket) => {
      let pending = '';
      socket.on('data', (chunk) => {
        pending += chunk.toString('utf8');
        for (let nul = pending.indexOf('\0'); nul >= 0; nul = pending.indexOf('\0')) {
          const fields = parseFkMessage(pending.slice(0, nul));
          pending = pending.slice(nul + 1);
          const transId = fields.get('TransID') ?? '';
          seen.push(`${fields.get('Event')}:${transId}`);
          const reply =
            fields.get('Event') === 'KeepAlive'
              ? `<?xml version="1.0"?>\r\n<Message>\r\n<Response>KeepAlive</Response>\r\n<Result>OK</Result>\r\n<DevTime>2026-01-01T00:00:00Z</DevTime>\r\n</Message>\0`
              : `<?xml version="1.0"?>\r\n<Message>\r\n<Response>UploadedLog</Response>\r\n<TransID>${transId}</TransID>\r\n</Message>\0`;
          socket.write(reply);
        }
      });
      socket.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    return { port: (server.address() as net.AddressInfo).port, seen };
  }

  it('ignores the <Response>UploadedLog</Response> form and sends the same TransID again and again', async () => {
    const server = await oldFormServer();
    const fk = new FkTerminal({ host: '127.0.0.1', port: server.port, serial: 'FK-OLD', timeZone: 'Asia/Kolkata', ackTimeoutMs: 150 });
    cleanups.push(() => fk.stop());
    fk.addPunch({ userId: '1001', time: { year: 2026, month: 11, day: 20, hour: 9, minute: 0, second: 0 } });
    fk.start();
    await expect.poll(() => server.seen.filter((s) => s === 'TimeLog:1').length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    expect(fk.unsent).toBe(1);
    expect(fk.resends).toBeGreaterThanOrEqual(2);
    expect(fk.ignoredReplies).toBeGreaterThanOrEqual(3);
    expect(fk.keepAlivesAnswered).toBe(0);
  });

  it('is acknowledged by Muster\'s receiver, classic and v2 firmware alike', async () => {
    const { ctx, spool } = receiverContext();
    const receiver = await startFkReceiver(ctx, '127.0.0.1', 0);
    cleanups.push(() => receiver.close());
    const classic = new FkTerminal({ host: '127.0.0.1', port: receiver.port, serial: 'FK-C', timeZone: 'Asia/Kolkata' });
    const v2 = new FkTerminal({ host: '127.0.0.1', port: receiver.port, serial: 'FK-V2', timeZone: 'Asia/Kolkata', firmware: 'v2' });
    cleanups.push(() => classic.stop(), () => v2.stop());
    for (let i = 0; i < 3; i++) {
      classic.addPunch({ userId: String(1001 + i), time: { year: 2026, month: 11, day: 20, hour: 9, minute: i, second: 0 } });
      v2.addPunch({ userId: String(2001 + i), time: { year: 2026, month: 11, day: 20, hour: 10, minute: i, second: 5 } });
    }
    classic.start();
    v2.start();
    await expect.poll(() => classic.unsent + v2.unsent).toBe(0);
    expect(classic.resends + v2.resends).toBe(0);
    expect(classic.ignoredReplies + v2.ignoredReplies).toBe(0);
    expect(classic.keepAlivesAnswered).toBeGreaterThan(0);
    const bodies = spool.pending(10).map((r) => JSON.parse(r.body) as { serial: string; at: string; transId: number });
    expect(bodies.filter((b) => b.serial === 'FK-V2').map((b) => [b.transId, b.at])).toEqual([
      [1, '2026-11-20T10:00:05+05:30'],
      [2, '2026-11-20T10:01:05+05:30'],
      [3, '2026-11-20T10:02:05+05:30'],
    ]);
  });
});
