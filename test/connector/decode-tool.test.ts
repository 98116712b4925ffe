// The decode tool on every real-traffic fixture: each decodes to what its source says, or is
// refused with a reason where the source shows bytes no layout explains. Run as the field
// engineer runs it too (`npm run connector -- decode …` goes through connector/src/main.ts).
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { decodeCapture, type DecodeProtocol } from '../../connector/src/decode/index.ts';
import type { DecodedLine } from '../../connector/src/decode/input.ts';
import { keptAliveReply } from '../../connector/src/receivers/fk-codec.ts';
import { REPO } from '../support/process.ts';
import { allTraces, loadTrace } from './traces.ts';

const of = (lines: DecodedLine[], kind: string) => lines.filter((l) => l.kind === kind);

/** What the tool printed, in the shape of the fixture's `expect` line, per decoder. */
const VIEWS: Record<string, (lines: DecodedLine[]) => unknown> = {
  'adms.attlog': (lines) => ({ records: of(lines, 'punch').map((p) => [p.userId, p.time, p.status, p.verify]), bad: of(lines, 'refused').length }),
  'adms.operlog': (lines) => ({
    records: of(lines, 'adminlog').map((a) => ({ op: a.op, time: a.time, targetUserId: a.targetUserId, adminId: a.adminId })),
    otherLines: of(lines, 'request')[0]!.otherLines,
  }),
  'anviz.commands': (lines) => ({ frames: of(lines, 'frame').map((f) => ({ command: f.command, data: f.data })) }),
  'anviz.recordInfo': (lines) => of(lines, 'frame')[0],
  'anviz.record': (lines) => of(lines, 'punch')[0],
  'anviz.stream': (lines) => ({ frames: of(lines, 'frame') }),
  'fk.message': (lines) => of(lines, 'TimeLog')[0],
  'fk.ack': (lines) => ({ uploadedLog: of(lines, 'ack')[0], keepAlive: of(decodeCapture('fk', keptAliveReply('16')), 'ack')[0] }),
  'zk.tcpReply': (lines) => of(lines, 'packet')[0],
  'zk.sizes': (lines) => of(lines, 'sizes')[0],
  'zk.usersStream72': (lines) => {
    const users = of(lines, 'user');
    const second = users[1]!;
    return { count: users.length, index: second.index, uid: second.uid, userId: second.userId, name: second.name };
  },
  'zk.attEventPayload': (lines) => of(lines, 'punch')[0],
  'zk.tcpEvent': (lines) => {
    const p = of(lines, 'punch')[0]!;
    return { ...p, verify: p.verify };
  },
  'zk.record40': (lines) => of(lines, 'punch')[0],
  'zk.tcpStream': (lines) => ({ refused: of(lines, 'punch').length === 0 && of(lines, 'refused').length > 0, blockBytes: of(lines, 'refused')[0]?.blockBytes }),
};

describe('the decode tool on every fixture', () => {
  const traces = allTraces();

  it('has a view for every fixture\'s decoder', () => {
    expect(traces.length).toBeGreaterThanOrEqual(17);
    for (const t of traces) expect(Object.keys(VIEWS), t).toContain(loadTrace(t).decoder);
  });

  for (const name of traces) {
    it(name, () => {
      const trace = loadTrace(name);
      const lines = decodeCapture(trace.protocol as DecodeProtocol, Buffer.from(trace.data, 'utf8'));
      expect(trace.source).not.toBe('');
      expect(VIEWS[trace.decoder]!(lines)).toMatchObject(trace.expect as object);
      // Every line says what it is; a refusal says why.
      for (const line of lines) {
        expect(typeof line.kind).toBe('string');
        if (line.kind === 'refused') expect(String(line.reason)).not.toBe('');
      }
    });
  }
});

describe('the decode command', () => {
  const run = (entry: string, args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', entry, ...args], { cwd: REPO, encoding: 'utf8', timeout: 60_000 });

  it('prints one JSON line per item, through `npm run connector -- decode` (main.ts) and cli.ts alike', () => {
    const file = 'test/fixtures/terminal-traces/zk/11-js-zklib-k40-undecodable-attlog.txt';
    for (const entry of ['connector/src/main.ts', 'connector/src/cli.ts']) {
      const out = run(entry, ['decode', '--protocol', 'zk', file]);
      expect(out.status, out.stderr).toBe(0);
      const lines = out.stdout.trim().split('\n').map((l) => JSON.parse(l) as DecodedLine);
      expect(lines.filter((l) => l.kind === 'packet')).toHaveLength(8);
      expect(lines.find((l) => l.kind === 'refused')).toMatchObject({ blockBytes: 120, reason: expect.stringMatching(/120-byte attendance block matches no record layout/) });
    }
  });

  it('says how to use it, and refuses a pcap file with what to do instead', () => {
    const usage = run('connector/src/cli.ts', ['decode', 'missing-protocol.txt']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/usage: connector decode --protocol zk\|anviz\|fk\|adms FILE/);
    const pcap = Buffer.alloc(24);
    pcap.writeUInt32LE(0xa1b2c3d4, 0);
    expect(decodeCapture('zk', pcap)).toEqual([{ kind: 'refused', reason: expect.stringMatching(/libpcap.*tshark -r FILE -T fields -e tcp.payload/) }]);
  });

  it('reads a whole ADMS conversation, answers included, and an FK reply in the form terminals ignore', () => {
    const conversation = [
      'GET /iclock/cdata?SN=ABC&options=all&pushver=2.4.1 HTTP/1.1',
      'Host: 10.0.0.5:8081',
      '',
      'HTTP/1.1 200 OK',
      '',
      'GET OPTION FROM: ABC',
      'Stamp=None',
      'ATTLOGStamp=None',
      'TimeZone=5.5',
      'GET /iclock/getrequest?SN=ABC HTTP/1.1',
      '',
      'HTTP/1.1 200 OK',
      '',
      'C:12:INFO',
      'POST /iclock/devicecmd?SN=ABC HTTP/1.1',
      '',
      'ID=12&Return=0&CMD=INFO',
      '~DeviceName=X100-C',
    ].join('\n');
    expect(decodeCapture('adms', Buffer.from(conversation)).map((l) => l.kind)).toEqual(['handshake', 'options', 'heartbeat', 'answer', 'command-results', 'command-result']);
    const old = Buffer.from('<?xml version="1.0"?>\r\n<Message>\r\n<Response>UploadedLog</Response>\r\n<TransID>7</TransID>\r\n</Message>\0');
    expect(decodeCapture('fk', Buffer.from(old.toString('hex')))).toEqual([
      { kind: 'ack', tag: 'Response', value: 'UploadedLog', transId: '7', nulTerminated: true, acceptedByClassicTerminals: false },
    ]);
  });

  it('reads xxd dumps and colon-separated hex, and raw bytes', () => {
    const packet = '50 50 82 7D 28 00 00 00 F4 01 AC 12 01 00 00 00 39 39 39 31 31 31 33 33 33 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 01 00 12 06 19 11 29 05';
    const bytes = Buffer.from(packet.replace(/ /g, ''), 'hex');
    const xxd = [0, 16, 32].map((o) => `${o.toString(16).padStart(8, '0')}: ${bytes.subarray(o, o + 16).toString('hex').match(/../g)!.join(' ')}  ${bytes.subarray(o, o + 16).toString('latin1').replace(/[^\x20-\x7e]/g, '.')}`).join('\n');
    const colons = bytes.toString('hex').match(/../g)!.join(':');
    for (const capture of [Buffer.from(xxd), Buffer.from(colons), bytes]) {
      expect(decodeCapture('zk', capture).find((l) => l.kind === 'punch')).toMatchObject({ userId: '999111333', time: '2018-06-25T17:41:05' });
    }
  });
});
