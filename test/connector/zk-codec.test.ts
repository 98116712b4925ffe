// ZK codecs pinned by byte vectors from pyzk's own tests (fananimi/pyzk test.py) and
// cross-checked against zkteco-js's time helpers (a client nobody here wrote).
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  CMD,
  ZkTcpFramer,
  checksumMatches,
  decodeAttEvent,
  decodePacket,
  decodeRecord,
  decodeSizes,
  decodeZkTime,
  encodeAttEvent,
  encodeBufferedReadRequest,
  encodePacket,
  encodeRecord,
  encodeZkTime,
  makeCommKey,
  recordSizeFor,
  withTcpTop,
  zkChecksum,
} from '../../connector/src/drivers/zk-codec.ts';

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');
const require = createRequire(import.meta.url);
const zktecoTime = require('zkteco-js/src/helper/time.js') as { encode(d: Date): number; decode(t: number): Date };

describe('ZK packets (pyzk vectors)', () => {
  it('builds CMD_CONNECT exactly as pyzk sends it', () => {
    expect(withTcpTop(encodePacket(CMD.CONNECT, 0, 0)).toString('hex')).toBe('5050827d08000000e80317fc00000000');
  });

  it('builds CMD_EXIT with the session and reply id', () => {
    expect(withTcpTop(encodePacket(CMD.EXIT, 0xfb2f, 1)).toString('hex')).toBe('5050827d08000000e903e6002ffb0100');
    expect(withTcpTop(encodePacket(CMD.EXIT, 0x45cf, 2)).toString('hex')).toBe('5050827d08000000e90345b6cf450200');
  });

  it('builds CMD_GET_FREE_SIZES and the buffered user read request', () => {
    expect(withTcpTop(encodePacket(CMD.GET_FREE_SIZES, 0x45cf, 2)).toString('hex')).toBe('5050827d080000003200fcb9cf450200');
    expect(withTcpTop(encodePacket(CMD.DATA_WRRQ, 0x45cf, 0x14, encodeBufferedReadRequest(CMD.USERTEMP_RRQ, 5))).toString('hex')).toBe(
      '5050827d13000000df053ca6cf4514000109000500000000000000',
    );
  });

  it('computes the terminal-side checksums of replies pyzk recorded', () => {
    for (const reply of ['d007fffc2ffb0000', 'd5075bb2cf450000', 'd0075fb2cf450100', 'd00745b2cf451b00']) {
      const packet = hex(reply);
      expect(checksumMatches(packet)).toBe(true);
      const zeroed = Buffer.from(packet);
      zeroed.writeUInt16LE(0, 2);
      expect(zkChecksum(zeroed)).toBe(packet.readUInt16LE(2));
    }
    const corrupted = hex('d007fffc2ffb0100');
    expect(checksumMatches(corrupted)).toBe(false);
  });

  it('folds odd lengths and end-around carries like zkemsdk', () => {
    expect(zkChecksum(Buffer.from([0xff, 0xff, 0x01, 0x00]))).toBe(0xfffe);
    expect(zkChecksum(Buffer.from([0x01]))).toBe(0xfffe);
    expect(zkChecksum(Buffer.alloc(0))).toBe(0xffff);
  });
});

describe('comm key (pyzk make_commkey vectors)', () => {
  it('scrambles key 12 and key 45 for session 0x45cf', () => {
    expect(makeCommKey(12, 0x45cf).toString('hex')).toBe('614d323c');
    expect(makeCommKey(45, 0x45cf).toString('hex')).toBe('61c9323c');
    expect(withTcpTop(encodePacket(CMD.AUTH, 0x45cf, 1, makeCommKey(12, 0x45cf))).toString('hex')).toBe('5050827d0c0000004e044e2ccf450100614d323c');
    expect(withTcpTop(encodePacket(CMD.AUTH, 0x45cf, 1, makeCommKey(45, 0x45cf))).toString('hex')).toBe('5050827d0c0000004e044db0cf45010061c9323c');
  });

  it('uses all 32 key bits', () => {
    expect(makeCommKey(999_999, 1).equals(makeCommKey(999_998, 1))).toBe(false);
  });
});

describe('time encoding', () => {
  it('packs and unpacks device time like zkemsdk (pyzk __encode_time / __decode_time)', () => {
    const t = { year: 2018, month: 12, day: 7, hour: 19, minute: 9, second: 6 };
    // ((18·12·31 + 11·31 + 6) · 86400) + (19·60 + 9) · 60 + 6
    expect(encodeZkTime(t)).toBe(608_584_146);
    expect(decodeZkTime(608_584_146)).toEqual(t);
  });

  it('agrees with zkteco-js on a sweep of times', () => {
    for (let i = 0; i < 200; i++) {
      const d = new Date(2001 + (i % 30), (i * 7) % 12, 1 + ((i * 11) % 28), (i * 5) % 24, (i * 13) % 60, (i * 17) % 60);
      const t = { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate(), hour: d.getHours(), minute: d.getMinutes(), second: d.getSeconds() };
      expect(encodeZkTime(t)).toBe(zktecoTime.encode(d));
      expect(zktecoTime.decode(encodeZkTime(t)).getTime()).toBe(d.getTime());
    }
  });

  it('decodes a date that cannot exist instead of rolling it over (checked later)', () => {
    expect(decodeZkTime(encodeZkTime({ year: 2026, month: 2, day: 30, hour: 9, minute: 0, second: 0 }))).toMatchObject({ month: 2, day: 30 });
  });

  it('decodes the realtime event layouts pyzk captured (12 and 32 bytes)', () => {
    expect(decodeAttEvent(hex('f19449000000120c07130906'))).toEqual({
      userId: '4822257',
      verify: 0,
      state: 0,
      time: { year: 2018, month: 12, day: 7, hour: 19, minute: 9, second: 6 },
    });
    expect(decodeAttEvent(hex('3131343030363400000000000000000000000000000000000f00120b1d0c3703'))).toEqual({
      userId: '1140064',
      verify: 15,
      state: 0,
      time: { year: 2018, month: 11, day: 29, hour: 12, minute: 55, second: 3 },
    });
    const r = { userId: 'A12', verify: 1, state: 255, time: { year: 2026, month: 11, day: 21, hour: 9, minute: 2, second: 17 } };
    expect(decodeAttEvent(encodeAttEvent(r, 36))).toEqual(r);
  });
});

describe('records and sizes', () => {
  const time = { year: 2026, month: 11, day: 21, hour: 9, minute: 2, second: 17 };

  it('round-trips the 40-, 16- and 8-byte layouts', () => {
    const r40 = decodeRecord(encodeRecord({ uid: 7, userId: '007', time, state: 1, verify: 15 }, 40), 40);
    expect(r40).toEqual({ uid: 7, userId: '007', time, state: 1, verify: 15 });
    const r16 = decodeRecord(encodeRecord({ userId: '1001', time, state: 255, verify: 1, workCode: 3 }, 16), 16);
    expect(r16).toEqual({ userId: '1001', time, state: 255, verify: 1, workCode: 3 });
    const r8 = decodeRecord(encodeRecord({ uid: 12, userId: '12', time, state: 0, verify: 2 }, 8), 8, (uid) => (uid === 12 ? '1012' : undefined));
    expect(r8).toEqual({ uid: 12, userId: '1012', time, state: 0, verify: 2 });
  });

  it('places the 40-byte fields where pyzk unpacks <H24sB4sB8s', () => {
    const b = encodeRecord({ uid: 0x0102, userId: '1140064', time, state: 4, verify: 15 }, 40);
    expect(b.readUInt16LE(0)).toBe(0x0102);
    expect(b.subarray(2, 9).toString('latin1')).toBe('1140064');
    expect(b[26]).toBe(15);
    expect(b.readUInt32LE(27)).toBe(encodeZkTime(time));
    expect(b[31]).toBe(4);
  });

  it('decodes pyzk\'s CMD_GET_FREE_SIZES reply', () => {
    const payload = hex(
      '00000000000000000000000000000000070000000000000006000000000000005d020000000000000f0c0000000000000100000000000000b80b000010270000a0860100b20b00000927000043840100000000000000',
    );
    expect(decodeSizes(payload)).toMatchObject({ users: 7, fingers: 6, records: 605, usersCapacity: 10_000, fingersCapacity: 3000, recordsCapacity: 100_000 });
  });

  it('tells the record layout from the buffer size, tolerating a punch that landed mid-read', () => {
    expect(recordSizeFor(40 * 605, 605)).toBe(40);
    expect(recordSizeFor(16 * 605, 605)).toBe(16);
    expect(recordSizeFor(8 * 605, 605)).toBe(8);
    expect(recordSizeFor(40 * 1002, 1001)).toBe(40);
    expect(recordSizeFor(16 * 1001, 1000)).toBe(16);
    expect(recordSizeFor(41, 1)).toBeUndefined();
  });
});

describe('ZkTcpFramer', () => {
  const packets = [encodePacket(CMD.ACK_OK, 1, 1), encodePacket(CMD.DATA, 1, 2, Buffer.alloc(300, 7)), encodePacket(CMD.ACK_OK, 1, 3)];
  const stream = Buffer.concat(packets.map(withTcpTop));

  it('reassembles packets split byte by byte', () => {
    const framer = new ZkTcpFramer();
    const out: Buffer[] = [];
    for (const byte of stream) out.push(...framer.push(Buffer.from([byte])));
    expect(out.map((p) => p.toString('hex'))).toEqual(packets.map((p) => p.toString('hex')));
  });

  it('splits coalesced packets and skips garbage before a top', () => {
    const framer = new ZkTcpFramer();
    const out = framer.push(Buffer.concat([Buffer.from('noise'), stream]));
    expect(out.map((p) => decodePacket(p).replyId)).toEqual([1, 2, 3]);
  });
});
