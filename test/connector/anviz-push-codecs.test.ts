// Anviz frames pinned by traffic captured from a real terminal (benperiton/anviz-protocol),
// and the push protocols' parsers.
import { describe, expect, it } from 'vitest';
import {
  ANVIZ,
  AnvizFramer,
  anvizCrc,
  decodeClock,
  decodeRecordPage,
  decodeRecordTime,
  encodeCommand,
  encodeRecordPage,
  encodeRecordTime,
  encodeRecordsRequest,
  encodeReply,
} from '../../connector/src/drivers/anviz-codec.ts';
import { parseAttLog, parseOperLog } from '../../connector/src/receivers/adms-codec.ts';
import { FkFramer, fkInt, fkKind, fkMessage, fkPhoto, fkTime, parseFkMessage, uploadedLogAck } from '../../connector/src/receivers/fk-codec.ts';

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');

describe('Anviz frames (captured vectors)', () => {
  it('computes the CRC the terminal expects on commands', () => {
    expect(encodeCommand(1, 0x32).toString('hex')).toBe('a5000000013200' + '0052b9');
    expect(encodeCommand(1, ANVIZ.GET_CLOCK).toString('hex')).toBe('a500000001380000' + '28ca');
    expect(encodeCommand(1, ANVIZ.GET_RECORDS, encodeRecordsRequest(0, 25)).toString('hex')).toBe('a50000000140000200198ef3');
  });

  it('checks the CRC of the terminal\'s replies', () => {
    for (const reply of ['a500000001b800000 60e070f0c101c 7138', 'a500000001c0010000 af65', 'a500000001b200000f0180000101010005000064000005 00 3aa7']) {
      const frame = hex(reply.replace(/ /g, ''));
      expect(anvizCrc(frame.subarray(0, frame.length - 2))).toBe(frame.readUInt16LE(frame.length - 2));
    }
    const [clock] = new AnvizFramer('reply').push(hex('a500000001b80000060e070f0c101c7138'));
    expect(clock).toMatchObject({ deviceId: 1, code: 0xb8, result: 0 });
    expect(decodeClock(clock!.data)).toEqual({ year: 2014, month: 7, day: 15, hour: 12, minute: 16, second: 28 });
  });

  it('drops frames with a bad CRC and resynchronises on noise', () => {
    const framer = new AnvizFramer('reply');
    const good = encodeReply(7, ANVIZ.GET_SN, 0, Buffer.from('SN-1'));
    const bad = Buffer.from(good);
    bad[10] = bad[10]! ^ 0xff;
    const frames = [...framer.push(Buffer.concat([Buffer.from([0x00, 0xff]), bad])), ...framer.push(good.subarray(0, 5)), ...framer.push(good.subarray(5))];
    expect(frames).toHaveLength(1);
    expect(frames[0]!.data.toString()).toBe('SN-1');
    expect(framer.badFrames).toBeGreaterThan(0);
  });

  it('counts record seconds from 2000-01-02 device time', () => {
    expect(decodeRecordTime(0)).toEqual({ year: 2000, month: 1, day: 2, hour: 0, minute: 0, second: 0 });
    const t = { year: 2024, month: 2, day: 29, hour: 23, minute: 59, second: 59 };
    expect(decodeRecordTime(encodeRecordTime(t))).toEqual(t);
  });

  it('round-trips a record page', () => {
    const records = [
      { userCode: 1001, time: { year: 2026, month: 11, day: 21, hour: 9, minute: 2, second: 17 }, backupCode: 1, recordType: 0, workCode: 0 },
      { userCode: 99_999_999_999, time: { year: 2026, month: 11, day: 21, hour: 18, minute: 30, second: 0 }, backupCode: 8, recordType: 255, workCode: 12 },
    ];
    expect(decodeRecordPage(encodeRecordPage(records))).toEqual(records);
  });
});

describe('ADMS push lines', () => {
  it('reads ATTLOG lines, keeps non-numeric pins and reports unreadable lines', () => {
    const { records, bad } = parseAttLog('1001\t2026-11-21 09:02:17\t0\t1\t0\t0\t0\nA12\t2026-11-21 09:05:00\t255\t15\t0\nbroken line\n\n');
    expect(records).toEqual([
      { userId: '1001', local: { year: 2026, month: 11, day: 21, hour: 9, minute: 2, second: 17 }, state: '0', verify: 'fingerprint' },
      { userId: 'A12', local: { year: 2026, month: 11, day: 21, hour: 9, minute: 5, second: 0 }, state: '255', verify: 'face' },
    ]);
    expect(bad).toHaveLength(1);
  });

  it('reads OPLOG lines among user data lines, which are kept apart', () => {
    const { records, users, otherLines } = parseOperLog('OPLOG 6\t1\t2026-11-21 10:00:00\t1001\t0\t0\t0\nUSER PIN=1001\tName=Asha\nOPLOG 9\t1\t2026-11-21 10:01:00\t1002\t0\t0\t0\n');
    expect(records).toEqual([
      { action: 'EnrollFinger', adminId: '1', targetUserId: '1001', local: { year: 2026, month: 11, day: 21, hour: 10, minute: 0, second: 0 } },
      { action: 'DeleteUser', adminId: '1', targetUserId: '1002', local: { year: 2026, month: 11, day: 21, hour: 10, minute: 1, second: 0 } },
    ]);
    // USER lines are the terminal's user data, kept apart from admin events.
    expect(users).toEqual([{ pin: '1001', name: 'Asha' }]);
    expect(otherLines).toBe(0);
  });
});

describe('FK log server messages', () => {
  const frame =
    '<Message><TerminalType>M50</TerminalType><DeviceUID>E1E0E457-7D9A6ED8</DeviceUID><TerminalID>4</TerminalID><DeviceSerialNo>T230700006</DeviceSerialNo>' +
    '<TransID>16</TransID><Event>TimeLog</Event><Year>2026</Year><Month>7</Month><Day>22</Day><Hour>19</Hour><Minute>1</Minute><Second>33</Second>' +
    '<UserID>3</UserID><AttendStat>Duty Off</AttendStat><VerifMode>FP</VerifMode><JobCode>0</JobCode><Photo>No</Photo></Message>';

  it('reads a TimeLog the way terminals in the field send it', () => {
    const fields = parseFkMessage(frame);
    expect(fkKind(fields)).toBe('TimeLog');
    expect(fields.get('DeviceSerialNo')).toBe('T230700006');
    expect(fkInt(fields, 'TransID')).toBe(16);
    expect(fkTime(fields)).toEqual({ year: 2026, month: 7, day: 22, hour: 19, minute: 1, second: 33 });
    expect(fields.get('AttendStat')).toBe('Duty Off');
    expect(fkPhoto(fields)).toBeUndefined();
  });

  it('reads _v2 messages with a <Time> text and kinds from <Request>', () => {
    const fields = parseFkMessage('<?xml version="1.0"?><Message><Request>AdminLog_v2</Request><Time>2026-11-21-T09:02:17Z</Time><AdminID>1</AdminID></Message>');
    expect(fkKind(fields)).toBe('AdminLog');
    expect(fkTime(fields)).toEqual({ year: 2026, month: 11, day: 21, hour: 9, minute: 2, second: 17 });
  });

  it('splits NUL-terminated messages, and messages whose firmware forgot the NUL', () => {
    const framer = new FkFramer();
    const a = fkMessage([['Request', 'KeepAlive'], ['DeviceSerialNo', 'A & B']]);
    const out = [...framer.push(Buffer.concat([a, Buffer.from(frame), a]).subarray(0, 40)), ...framer.push(Buffer.concat([a, Buffer.from(frame), a]).subarray(40))];
    expect(out).toHaveLength(3);
    expect(parseFkMessage(out[0]!).get('DeviceSerialNo')).toBe('A & B');
    expect(parseFkMessage(out[1]!).get('UserID')).toBe('3');
  });

  it('acknowledges with the vendor\'s <Request>UploadedLog</Request> and the TransID, NUL-terminated', () => {
    const ack = uploadedLogAck('16');
    expect(ack.at(-1)).toBe(0);
    const fields = parseFkMessage(ack.toString('utf8'));
    expect(fields.get('Request')).toBe('UploadedLog');
    expect(fields.get('Response')).toBeUndefined();
    expect(fields.get('TransID')).toBe('16');
  });
});
