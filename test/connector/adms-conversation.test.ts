// ADMS: the whole conversation of ZKTeco's PUSH protocol, not only the logs: the handshake's
// options block, the stamps that keep a terminal from re-sending its whole log after the connector
// restarts, the command queue (getrequest) and its results (devicecmd), and OPERLOG's USER/FP lines
// kept apart from admin events.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AdmsTerminal } from '../../connector/src/emulator/push-terminals.ts';
import { parseOptionsReply } from '../../connector/src/receivers/adms-codec.ts';
import { startAdmsReceiver } from '../../connector/src/receivers/adms.ts';
import type { PushTerminal, Receiver, ReceiverContext } from '../../connector/src/receivers/types.ts';
import { Spool } from '../../connector/src/spool.ts';
import { tempDir, testLogger } from './support.ts';
import { loadTrace } from './traces.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function setup() {
  const dir = tempDir();
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  let spool = new Spool(path.join(dir, 'spool.sqlite'));
  let receiver: Receiver | undefined;
  const ctx = (): ReceiverContext => ({
    spool,
    logger: testLogger(),
    resolve: (serial): PushTerminal => ({ key: `push:${serial}`, identity: { serial, terminalType: 'zk', terminalId: 1, timeZone: 'Asia/Kolkata' } }),
    spooled: () => undefined,
    contact: () => undefined,
  });
  const env = {
    get spool() {
      return spool;
    },
    base: '',
    port: 0,
    async start(port = 0) {
      receiver = await startAdmsReceiver(ctx(), '127.0.0.1', port);
      env.port = receiver.port;
      env.base = `http://127.0.0.1:${receiver.port}`;
    },
    /** The connector stops and starts again: a new receiver on a reopened spool, same port. */
    async restart() {
      await receiver!.close();
      spool.close();
      spool = new Spool(path.join(dir, 'spool.sqlite'));
      await env.start(env.port);
    },
  };
  cleanups.push(async () => {
    await receiver?.close();
    spool.close();
  });
  return env;
}

/** A GET on a fresh connection, as ADMS terminals make them (Connection: close): no pooled socket outlives a restart. */
function getText(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve(text));
      })
      .on('error', reject);
  });
}

/** Sends an HTTP request exactly as written (the doc's and captures' own bytes) and returns the raw answer. */
async function rawRequest(port: number, request: Buffer): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  cleanups.push(() => void socket.destroy());
  let answer = '';
  socket.on('data', (d) => (answer += d.toString('latin1')));
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(request);
  await expect.poll(() => /\r\n\r\n[\s\S]*OK/.test(answer)).toBe(true);
  return answer;
}

describe('ADMS handshake (PUSH protocol: GET /iclock/cdata?SN=…&options=all&pushver=…)', () => {
  it('answers the options block with every setting the protocol defines', async () => {
    const env = setup();
    await env.start();
    const res = await fetch(`${env.base}/iclock/cdata?SN=0316144680030&options=all&pushver=2.4.1&language=69`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.split('\n')[0]).toBe('GET OPTION FROM: 0316144680030');
    const { serial, options } = parseOptionsReply(text);
    expect(serial).toBe('0316144680030');
    for (const key of ['Stamp', 'OpStamp', 'ErrorDelay', 'Delay', 'TransTimes', 'TransInterval', 'TransFlag', 'Realtime', 'Encrypt', 'TimeZone']) expect(options.has(key), key).toBe(true);
    // A terminal never heard from sends everything it holds.
    expect([options.get('Stamp'), options.get('OpStamp'), options.get('ATTLOGStamp'), options.get('OPERLOGStamp')]).toEqual(['None', 'None', 'None', 'None']);
    expect(options.get('TimeZone')).toBe('5.5');
    expect(options.get('Realtime')).toBe('1');
    expect(options.get('TransFlag')).toMatch(/AttLog/);
    expect(Number(options.get('ErrorDelay'))).toBeGreaterThan(0);
    expect(options.get('TransTimes')).toMatch(/^\d{2}:\d{2}(;\d{2}:\d{2})*$/);
  });
});

describe('ADMS stamps: what the connector already has, handed back after a restart', () => {
  it('keeps each table\'s last stamp once its upload is spooled, and answers the handshake with them after a restart', async () => {
    const env = setup();
    await env.start();
    // The X100-C capture, sent as its bytes (CRLF on the wire), Content-Length 35.
    const x100 = loadTrace('adms/03-x100c-attlog-empty-workcode.txt').data;
    const [head, body] = [x100.slice(0, x100.indexOf('\n\n')), x100.slice(x100.indexOf('\n\n') + 2)];
    const answer = await rawRequest(env.port, Buffer.concat([Buffer.from(`${head.replace(/\n/g, '\r\n')}\r\n\r\n`), Buffer.from(body).subarray(0, 35)]));
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer.endsWith('OK: 1')).toBe(true);
    // The MB10-VL batch (its listed headers carry no Content-Length: sent as a plain POST body).
    const mb10 = loadTrace('adms/01-mb10vl-attlog-batch-11-fields.txt').data;
    const mb10Body = mb10.slice(mb10.indexOf('\n\n') + 2);
    const up = await fetch(`${env.base}/iclock/cdata?SN=CNYG213260182&table=ATTLOG&Stamp=10886`, { method: 'POST', body: mb10Body });
    expect(await up.text()).toBe('OK: 6');
    const oplog = loadTrace('adms/04-x100c-operlog-oplog-70.txt').data;
    const op = await fetch(`${env.base}/iclock/cdata?SN=SERIAL87654321&table=OPERLOG&OpStamp=9999`, { method: 'POST', body: oplog.slice(oplog.indexOf('\n\n') + 2) });
    expect(await op.text()).toBe('OK: 1');
    expect(env.spool.count('pending')).toBe(8);

    await env.restart();
    const x100Options = parseOptionsReply(await getText(`${env.base}/iclock/cdata?SN=SERIAL87654321&options=all&pushver=2.4.1`)).options;
    expect([x100Options.get('Stamp'), x100Options.get('ATTLOGStamp'), x100Options.get('OpStamp'), x100Options.get('OPERLOGStamp')]).toEqual(['9999', '9999', '9999', '9999']);
    const mb10Options = parseOptionsReply(await getText(`${env.base}/iclock/cdata?SN=CNYG213260182&options=all`)).options;
    expect([mb10Options.get('ATTLOGStamp'), mb10Options.get('OPERLOGStamp')]).toEqual(['10886', 'None']);
  });

  it('a terminal does not re-send its whole log after the connector restarts', async () => {
    const env = setup();
    await env.start();
    const terminal = new AdmsTerminal({ baseUrl: env.base, serial: 'ADMS-STAMP', timeZone: 'Asia/Kolkata', intervalMs: 30 });
    cleanups.push(() => terminal.stop());
    for (let i = 0; i < 5; i++) terminal.addPunch({ userId: String(1001 + i), time: { year: 2026, month: 11, day: 20, hour: 9, minute: i, second: 0 } });
    terminal.start();
    await expect.poll(() => terminal.unsent).toBe(0);
    expect(terminal.stats.uploadedLines).toBe(5);
    await env.restart();
    // The terminal notices (its heartbeat failed while the connector was away) and handshakes again.
    terminal.reboot();
    await expect.poll(() => terminal.stats.handshakes).toBe(2);
    terminal.addPunch({ userId: '1006', time: { year: 2026, month: 11, day: 20, hour: 9, minute: 6, second: 0 } });
    await expect.poll(() => env.spool.count('pending')).toBe(6);
    expect(terminal.serverOptions.get('ATTLOGStamp')).toBe('5');
    // The terminal counts a batch once it has read the answer, a moment after the connector spooled it.
    await expect.poll(() => terminal.stats.uploadedLines).toBe(6);
  });
});

describe('ADMS commands: getrequest and devicecmd', () => {
  it('answers OK when nothing is queued, hands over queued commands as C:id:command, and records their results', async () => {
    const env = setup();
    await env.start();
    expect(await (await fetch(`${env.base}/iclock/getrequest?SN=ADMS-CMD`)).text()).toBe('OK');
    const info = env.spool.queueAdmsCommand('ADMS-CMD', 'INFO');
    const check = env.spool.queueAdmsCommand('ADMS-CMD', 'CHECK');
    env.spool.queueAdmsCommand('OTHER-SN', 'INFO');
    // The INFO a heartbeat carries (firmware, users, fingerprints, records, IP…) is read too.
    const commands = await (await fetch(`${env.base}/iclock/getrequest?SN=ADMS-CMD&INFO=Ver%208.0.4.3-20200515,3,2,1025,192.168.1.201,10,7,12,3,111`)).text();
    expect(commands).toBe(`C:${info}:INFO\nC:${check}:CHECK\n`);
    // Given once: the next heartbeat has nothing new.
    expect(await (await fetch(`${env.base}/iclock/getrequest?SN=ADMS-CMD`)).text()).toBe('OK');
    const res = await fetch(`${env.base}/iclock/devicecmd?SN=ADMS-CMD`, {
      method: 'POST',
      body: `ID=${info}&Return=0&CMD=INFO\n~DeviceName=X100-C\nTransactionCount=1025\nID=${check}&Return=0&CMD=CHECK\nID=999&Return=0&CMD=INFO\n`,
    });
    expect([res.status, await res.text()]).toEqual([200, 'OK']);
    expect(env.spool.admsCommands('ADMS-CMD').map((c) => [c.command, c.returnCode, c.result])).toEqual([
      ['INFO', 0, { command: 'INFO', details: ['~DeviceName=X100-C', 'TransactionCount=1025'] }],
      ['CHECK', 0, { command: 'CHECK', details: [] }],
    ]);
    expect(env.spool.admsCommands('OTHER-SN')[0]!.sentAt).toBeNull();
  });

  it('the emulated terminal fetches a command at its heartbeat and returns the result', async () => {
    const env = setup();
    await env.start();
    const terminal = new AdmsTerminal({ baseUrl: env.base, serial: 'ADMS-EMU', timeZone: 'Asia/Kolkata', intervalMs: 30 });
    cleanups.push(() => terminal.stop());
    const id = env.spool.queueAdmsCommand('ADMS-EMU', 'INFO');
    terminal.start();
    await expect.poll(() => env.spool.admsCommands('ADMS-EMU')[0]?.returnCode).toBe(0);
    expect(terminal.stats.commands).toEqual(['INFO']);
    expect(env.spool.admsCommands('ADMS-EMU')[0]).toMatchObject({ id, result: { details: expect.arrayContaining(['~DeviceName=Emulated ADMS']) } });
  });
});

describe('ADMS OPERLOG', () => {
  it('keeps USER and FP lines apart from admin events (templates are not kept)', async () => {
    const env = setup();
    await env.start();
    const body = [
      'OPLOG 6\t1\t2026-11-20 10:00:00\t1157\t0\t0\t0',
      'USER PIN=1157\tName=Ravi Kumar\tPri=0\tPasswd=\tCard=\tGrp=1\tTZ=0000000100000000\tVerify=0',
      'FP PIN=1157\tFID=6\tSize=1296\tValid=1\tTMP=TXlTUzIxAAAD',
      'OPLOG 70\t0\t2024-08-05 16:08:50\t1157\t0\t0\t0',
      '',
    ].join('\n');
    const res = await fetch(`${env.base}/iclock/cdata?SN=ADMS-OP&table=OPERLOG&OpStamp=12`, { method: 'POST', body });
    expect(await res.text()).toBe('OK: 4');
    const admin = env.spool.pending(10).map((r) => JSON.parse(r.body) as { action: string; adminId?: number; targetUserId?: number });
    expect(admin.map((a) => [a.action, a.adminId, a.targetUserId])).toEqual([
      ['EnrollFinger', 1, 1157],
      ['Operation70', undefined, 1157],
    ]);
    expect(env.spool.pushUsers('ADMS-OP')).toEqual([{ pin: '1157', name: 'Ravi Kumar', privilege: '0' }]);
    expect(JSON.stringify(env.spool.db.prepare('SELECT * FROM outbox').all())).not.toContain('TXlTUzIx');
  });
});
