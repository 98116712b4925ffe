/**
 * ZK standalone protocol client over TCP (port 4370, framed) or UDP.
 * Strict request/reply: one command in flight, replies matched by the reply
 * id the terminal echoes; realtime event packets are routed aside and acked.
 */
import dgram from 'node:dgram';
import net from 'node:net';
import type { LocalDateTime } from '../local-time.ts';
import { latestPlausible } from '../plausible.ts';
import { DriverError, UNDECODABLE_RAW_MAX, UndecodableBlock, type DeviceInfo, type DriverAnomaly, type RawPunch, type TerminalDriver } from './types.ts';
import {
  CMD,
  EF_ATTLOG,
  FCT_USER,
  TCP_MAX_CHUNK,
  UDP_MAX_CHUNK,
  ZkTcpFramer,
  decodeAttEvents,
  decodeOption,
  decodePacket,
  decodeRecord,
  decodeSizes,
  decodeUsers,
  decodeZkTime,
  encodeBufferedReadRequest,
  encodePacket,
  encodeZkTime,
  makeCommKey,
  recordSizeFor,
  withTcpTop,
  zkRecordProblem,
  type RecordSize,
  type ZkPacket,
  type ZkRecord,
  type ZkSizes,
} from './zk-codec.ts';

export interface ZkOptions {
  host: string;
  port: number;
  transport: 'tcp' | 'udp';
  commKey: number;
  /** Per command (and per chunk) reply timeout. */
  timeoutMs?: number;
  /** Attempts per chunk of a buffered read before the read fails. */
  chunkAttempts?: number;
}

/** Verification codes of ZK firmware, as words the server understands. */
const VERIFY_NAMES: Record<number, string> = { 0: 'password', 1: 'fingerprint', 2: 'card', 3: 'password', 4: 'card', 15: 'face', 25: 'palm' };

export function zkVerifyName(code: number): string {
  return VERIFY_NAMES[code] ?? `code ${code}`;
}

function toRawPunch(r: ZkRecord): RawPunch {
  return { userId: r.userId, local: r.time, state: String(r.state), verify: zkVerifyName(r.verify) };
}

interface Transport {
  send(packet: Buffer): void;
  close(): void;
}

function openTcp(host: string, port: number, timeoutMs: number, onPacket: (p: Buffer) => void, onClose: (e?: Error) => void): Promise<Transport> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port, noDelay: true });
    const framer = new ZkTcpFramer();
    let opened = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new DriverError(`no TCP connection to ${host}:${port} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once('connect', () => {
      opened = true;
      clearTimeout(timer);
      resolve({ send: (packet) => socket.write(withTcpTop(packet)), close: () => socket.destroy() });
    });
    socket.on('data', (chunk) => {
      for (const packet of framer.push(chunk)) onPacket(packet);
    });
    let lastError: Error | undefined;
    socket.on('error', (error) => {
      lastError = error;
      if (!opened) {
        clearTimeout(timer);
        reject(new DriverError(`cannot connect to ${host}:${port}: ${error.message}`));
      }
    });
    socket.on('close', () => {
      if (opened) onClose(lastError);
    });
  });
}

function openUdp(host: string, port: number, onPacket: (p: Buffer) => void, onClose: (e?: Error) => void): Promise<Transport> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    let opened = false;
    socket.on('message', (msg, rinfo) => {
      if (rinfo.port === port) onPacket(msg);
    });
    socket.on('error', (error) => {
      if (!opened) reject(new DriverError(`cannot open UDP to ${host}:${port}: ${error.message}`));
      else onClose(error);
    });
    socket.connect(port, host, () => {
      opened = true;
      resolve({
        send: (packet) => socket.send(packet),
        close: () => {
          try {
            socket.close();
          } catch {
            // already closed
          }
        },
      });
    });
  });
}

interface Waiter {
  replyId: number;
  /** Returns true once the exchange is complete. */
  accept: (packet: ZkPacket) => boolean;
  resolve: () => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** A session with one terminal. Not re-entrant: callers await each call. */
export class ZkClient {
  readonly options: Required<ZkOptions>;
  #transport: Transport | undefined;
  #sessionId = 0;
  #replyId = 0;
  #waiter: Waiter | undefined;
  /** Reply ids of exchanges given up on: their late packets are dropped. */
  #abandoned = new Set<number>();
  #closeListeners: ((error?: Error) => void)[] = [];
  #eventListener: ((record: ZkRecord) => void) | undefined;
  #anomalyListener: ((anomaly: DriverAnomaly) => void) | undefined;
  #closed = false;
  recordSize: RecordSize | undefined;

  constructor(options: ZkOptions) {
    this.options = { timeoutMs: 5_000, chunkAttempts: 3, ...options };
  }

  get sessionId(): number {
    return this.#sessionId;
  }

  onClose(listener: (error?: Error) => void): void {
    this.#closeListeners.push(listener);
  }

  onEvent(listener: (record: ZkRecord) => void, anomaly?: (anomaly: DriverAnomaly) => void): void {
    this.#eventListener = listener;
    this.#anomalyListener = anomaly;
  }

  async open(): Promise<void> {
    const { host, port, timeoutMs, transport } = this.options;
    const onPacket = (p: Buffer) => this.#onPacket(p);
    const onClose = (e?: Error) => this.#onTransportClose(e);
    this.#transport = transport === 'tcp' ? await openTcp(host, port, timeoutMs, onPacket, onClose) : await openUdp(host, port, onPacket, onClose);
    this.#sessionId = 0;
    this.#replyId = 0xffff - 1;
    let reply = await this.command(CMD.CONNECT);
    this.#sessionId = reply.sessionId;
    if (reply.command === CMD.ACK_UNAUTH) {
      reply = await this.command(CMD.AUTH, makeCommKey(this.options.commKey, this.#sessionId));
      if (reply.command === CMD.ACK_UNAUTH) throw new DriverError('the terminal refused the comm key', 'auth');
    }
    if (reply.command !== CMD.ACK_OK) throw new DriverError(`the terminal refused the connection (reply ${reply.command})`, 'protocol');
  }

  #onTransportClose(error?: Error): void {
    if (this.#closed) return;
    this.#closed = true;
    const waiter = this.#waiter;
    if (waiter) {
      this.#waiter = undefined;
      clearTimeout(waiter.timer);
      waiter.reject(new DriverError(`connection lost${error ? `: ${error.message}` : ''}`));
    }
    for (const listener of this.#closeListeners) listener(error);
  }

  #onPacket(raw: Buffer): void {
    let packet: ZkPacket;
    try {
      packet = decodePacket(raw);
    } catch {
      return;
    }
    if (packet.command === CMD.REG_EVENT) {
      // The session field carries the event flag; acknowledge like the vendor SDK does.
      this.#transport?.send(encodePacket(CMD.ACK_OK, this.#sessionId, 0xffff - 1));
      if (packet.sessionId & EF_ATTLOG) {
        const { records, problems } = decodeAttEvents(packet.payload);
        for (const record of records) this.#eventListener?.(record);
        // Never a silent drop: the owner logs and counts it, and the log read collects the punch.
        for (const reason of problems) this.#anomalyListener?.({ reason: `realtime attendance event not understood: ${reason}`, raw: packet.payload.toString('hex') });
      }
      return;
    }
    const waiter = this.#waiter;
    if (!waiter) return;
    if (packet.replyId !== waiter.replyId && this.#abandoned.has(packet.replyId)) return;
    let done: boolean;
    try {
      done = waiter.accept(packet);
    } catch (error) {
      this.#finish(waiter, error as Error);
      return;
    }
    if (done) this.#finish(waiter);
    else waiter.timer.refresh();
  }

  #finish(waiter: Waiter, error?: Error): void {
    if (this.#waiter !== waiter) return;
    this.#waiter = undefined;
    clearTimeout(waiter.timer);
    if (error) waiter.reject(error);
    else waiter.resolve();
  }

  /**
   * Sends one command and feeds every reply packet to `accept` until it
   * returns true. Times out after `timeoutMs` of silence.
   */
  exchange(command: number, payload: Buffer, accept: (packet: ZkPacket) => boolean, timeoutMs = this.options.timeoutMs): Promise<void> {
    if (this.#closed || !this.#transport) return Promise.reject(new DriverError('not connected'));
    if (this.#waiter) return Promise.reject(new Error('ZkClient: a command is already in flight'));
    this.#replyId = (this.#replyId + 1) % 0xffff;
    const replyId = this.#replyId;
    const packet = encodePacket(command, this.#sessionId, replyId, payload);
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#abandoned.add(replyId);
        if (this.#abandoned.size > 64) this.#abandoned.delete(this.#abandoned.values().next().value as number);
        this.#finish(waiter, new DriverError(`no reply to command ${command} within ${timeoutMs} ms`));
      }, timeoutMs);
      const waiter: Waiter = { replyId, accept, resolve, reject, timer };
      this.#waiter = waiter;
      this.#transport!.send(packet);
    });
  }

  /** A command with a single reply packet. */
  async command(command: number, payload: Buffer = Buffer.alloc(0)): Promise<ZkPacket> {
    let reply: ZkPacket | undefined;
    await this.exchange(command, payload, (p) => {
      reply = p;
      return true;
    });
    return reply!;
  }

  async #ok(command: number, payload?: Buffer): Promise<ZkPacket> {
    const reply = await this.command(command, payload);
    if (reply.command === CMD.ACK_UNAUTH) throw new DriverError(`command ${command} refused: session not authenticated`, 'protocol');
    if (reply.command !== CMD.ACK_OK && reply.command !== CMD.DATA && reply.command !== CMD.PREPARE_DATA) {
      throw new DriverError(`command ${command} failed (reply ${reply.command})`, 'protocol');
    }
    return reply;
  }

  async option(name: string): Promise<string | undefined> {
    const reply = await this.command(CMD.OPTIONS_RRQ, Buffer.from(`${name}\0`, 'latin1'));
    return reply.command === CMD.ACK_OK ? decodeOption(reply.payload) : undefined;
  }

  async sizes(): Promise<ZkSizes> {
    return decodeSizes((await this.#ok(CMD.GET_FREE_SIZES)).payload);
  }

  async firmware(): Promise<string | undefined> {
    const reply = await this.command(CMD.GET_VERSION);
    return reply.command === CMD.ACK_OK ? reply.payload.toString('latin1').split('\0')[0] : undefined;
  }

  async getTime(): Promise<LocalDateTime> {
    const reply = await this.#ok(CMD.GET_TIME);
    return decodeZkTime(reply.payload.readUInt32LE(0));
  }

  async setTime(t: LocalDateTime): Promise<void> {
    const payload = Buffer.alloc(4);
    payload.writeUInt32LE(encodeZkTime(t), 0);
    await this.#ok(CMD.SET_TIME, payload);
  }

  async registerEvents(flags: number): Promise<void> {
    const payload = Buffer.alloc(4);
    payload.writeUInt32LE(flags, 0);
    await this.#ok(CMD.REG_EVENT, payload);
  }

  /**
   * A buffered read (CMD_DATA_WRRQ) of a table. Small tables come back
   * inline (CMD_DATA); larger ones are announced with their size and fetched
   * in chunks (CMD_DATA_RDY → PREPARE_DATA, DATA…, ACK_OK), each chunk with
   * its own timeout and retries. `onBytes` receives the table's bytes in
   * order (the leading 4-byte size included).
   */
  async readBuffered(command: number, fct: number, onBytes: (bytes: Buffer) => void): Promise<number> {
    await this.command(CMD.FREE_DATA);
    const first = await this.command(CMD.DATA_WRRQ, encodeBufferedReadRequest(command, fct));
    if (first.command === CMD.DATA) {
      onBytes(first.payload);
      await this.command(CMD.FREE_DATA);
      return first.payload.length;
    }
    if (first.command !== CMD.ACK_OK && first.command !== CMD.PREPARE_DATA) {
      throw new DriverError(`buffered read refused (reply ${first.command})`, 'protocol');
    }
    if (first.payload.length < 5) throw new DriverError('buffered read announced no size', 'protocol');
    const size = first.payload.readUInt32LE(1);
    const maxChunk = this.options.transport === 'tcp' ? TCP_MAX_CHUNK : UDP_MAX_CHUNK;
    for (let start = 0; start < size; start += maxChunk) {
      onBytes(await this.#readChunk(start, Math.min(maxChunk, size - start)));
    }
    await this.command(CMD.FREE_DATA);
    return size;
  }

  async #readChunk(start: number, size: number): Promise<Buffer> {
    const request = Buffer.alloc(8);
    request.writeInt32LE(start, 0);
    request.writeInt32LE(size, 4);
    let lastError: Error | undefined;
    for (let attempt = 1; attempt <= this.options.chunkAttempts; attempt++) {
      const parts: Buffer[] = [];
      let received = 0;
      let prepared = false;
      try {
        await this.exchange(CMD.DATA_RDY, request, (p) => {
          if (p.command === CMD.DATA && !prepared && received === 0 && p.payload.length === size) {
            // Some firmware answers a small chunk inline.
            parts.push(p.payload);
            received = size;
            return true;
          }
          if (p.command === CMD.PREPARE_DATA) {
            prepared = true;
            return false;
          }
          if (p.command === CMD.DATA) {
            parts.push(p.payload);
            received += p.payload.length;
            return false;
          }
          if (p.command === CMD.ACK_OK && prepared) {
            if (received !== size) throw new DriverError(`chunk at ${start}: got ${received} of ${size} bytes`);
            return true;
          }
          throw new DriverError(`unexpected reply ${p.command} while reading a chunk`, 'protocol');
        });
        return Buffer.concat(parts);
      } catch (error) {
        lastError = error as Error;
        if (this.#closed) break;
      }
    }
    throw new DriverError(`chunk at byte ${start} failed after ${this.options.chunkAttempts} attempts: ${lastError?.message ?? 'unknown'}`);
  }

  async close(): Promise<void> {
    if (!this.#transport) return;
    if (!this.#closed && !this.#waiter) {
      try {
        await this.exchange(CMD.EXIT, Buffer.alloc(0), () => true, 1_000);
      } catch {
        // the terminal may already be gone
      }
    }
    this.#closed = true;
    this.#transport.close();
    this.#transport = undefined;
  }
}

/**
 * Streams a buffered table's bytes into fixed-size items: the first 4 bytes
 * are the table's byte count, items may straddle chunks.
 */
export class TableSplitter {
  #carry: Buffer = Buffer.alloc(0);
  #header: Buffer = Buffer.alloc(0);
  total: number | undefined;

  constructor(private readonly itemSize: () => number | undefined) {}

  push(bytes: Buffer): Buffer[] {
    let data = bytes;
    if (this.total === undefined) {
      this.#header = Buffer.concat([this.#header, data]);
      if (this.#header.length < 4) return [];
      this.total = this.#header.readUInt32LE(0);
      data = this.#header.subarray(4);
    }
    const size = this.itemSize();
    if (!size) throw new DriverError(`cannot tell the record layout of a ${this.total}-byte log`, 'protocol');
    this.#carry = this.#carry.length ? Buffer.concat([this.#carry, data]) : data;
    const items: Buffer[] = [];
    let at = 0;
    for (; at + size <= this.#carry.length; at += size) items.push(this.#carry.subarray(at, at + size));
    this.#carry = this.#carry.subarray(at);
    return items;
  }
}

export class ZkDriver implements TerminalDriver {
  readonly family = 'zk';
  readonly client: ZkClient;
  #closeListeners: ((error?: Error) => void)[] = [];
  #recordCount = 0;
  #recordSize: RecordSize | undefined;

  constructor(options: ZkOptions) {
    this.client = new ZkClient(options);
    this.client.onClose((error) => {
      for (const listener of this.#closeListeners) listener(error);
    });
  }

  onClose(listener: (error?: Error) => void): void {
    this.#closeListeners.push(listener);
  }

  async connect(): Promise<DeviceInfo> {
    await this.client.open();
    const serial = (await this.client.option('~SerialNumber')) ?? '';
    if (!serial) throw new DriverError('the terminal did not report a serial number', 'protocol');
    const name = await this.client.option('~DeviceName');
    const firmware = await this.client.firmware();
    const mac = await this.client.option('MAC');
    this.#recordCount = (await this.client.sizes()).records;
    return { serial, ...(name ? { name } : {}), ...(firmware ? { firmware } : {}), ...(mac ? { deviceUid: mac } : {}), recordCount: this.#recordCount };
  }

  async recordCount(): Promise<number> {
    this.#recordCount = (await this.client.sizes()).records;
    return this.#recordCount;
  }

  readClock(): Promise<LocalDateTime> {
    return this.client.getTime();
  }

  setClock(t: LocalDateTime): Promise<void> {
    return this.client.setTime(t);
  }

  async #userTable(): Promise<Map<number, string>> {
    const sizes = await this.client.sizes();
    const users = new Map<number, string>();
    let width: 72 | 28 | undefined;
    const splitter = new TableSplitter(() => width);
    await this.client.readBuffered(CMD.USERTEMP_RRQ, FCT_USER, (bytes) => {
      if (splitter.total === undefined && bytes.length >= 4) {
        const total = bytes.readUInt32LE(0);
        width = total % 72 === 0 && (sizes.users === 0 || total / 72 === sizes.users) ? 72 : 28;
      }
      for (const item of splitter.push(bytes)) {
        for (const user of decodeUsers(item, width ?? 72)) users.set(user.uid, user.userId);
      }
    });
    return users;
  }

  async readLog(onRecords: (records: RawPunch[]) => void): Promise<number> {
    const count = await this.recordCount();
    if (count === 0) return 0;
    // Records later than a day past the terminal clock (or the true time) are not punches.
    const latest = latestPlausible(await this.client.getTime().catch(() => undefined));
    let read = 0;
    let index = 0;
    /** The block's first bytes, kept for a dead letter should it be refused. */
    const head: Buffer[] = [];
    let headBytes = 0;
    let assessed = false;
    const refuse = (reason: string): never => {
      const total = splitter.total ?? 0;
      throw new UndecodableBlock(
        `the terminal's ${total}-byte attendance block (${count} records reported) cannot be read: ${reason}; nothing of it is sent`,
        Buffer.concat(head).subarray(0, UNDECODABLE_RAW_MAX),
        total + 4,
      );
    };
    const splitter = new TableSplitter(() => {
      const total = splitter.total ?? 0;
      const size = recordSizeFor(total, count, this.#recordSize);
      if (!size) refuse(`${total} bytes is a whole number of none of the 40-, 16- and 8-byte record layouts`);
      // Punches landing between the count and the read may add a few; more (or fewer) means another layout.
      const records = total / size!;
      if (Math.abs(records - count) > Math.max(16, Math.ceil(count * 0.05))) refuse(`as ${size}-byte records it would hold ${records} records, not the ${count} the terminal reports`);
      this.#recordSize = size;
      return size;
    });
    const deliver = (records: RawPunch[]) => {
      read += records.length;
      if (records.length) onRecords(records);
    };
    /** A record as a punch, or kept unreadable (with its bytes) when it cannot be one. */
    const punchOf = (item: Buffer, record: ZkRecord): RawPunch => {
      index++;
      const problem = zkRecordProblem(record, latest);
      if (!problem) return toRawPunch(record);
      return { ...toRawPunch(record), raw: item.toString('hex'), unreadable: `record ${index} of the terminal's log cannot be a punch (${problem}); its bytes: ${item.toString('hex')}` };
    };
    // The 8-byte layout names users by internal slot only: those records wait for the user table.
    const slotted: Buffer[] = [];
    await this.client.readBuffered(CMD.ATTLOG_RRQ, 0, (bytes) => {
      if (headBytes < UNDECODABLE_RAW_MAX + 4) {
        head.push(bytes);
        headBytes += bytes.length;
      }
      const items = splitter.push(bytes);
      if (!assessed && items.length) {
        // The first records decide whether the layout fits at all: most of them implausible means it does not.
        assessed = true;
        const sample = items.slice(0, 50);
        const problems = sample.map((item) => zkRecordProblem(decodeRecord(item, this.#recordSize!), latest)).filter((p): p is string => p !== undefined);
        if (problems.length * 2 > sample.length) {
          refuse(`as ${this.#recordSize}-byte records ${problems.length} of the first ${sample.length} are implausible (${problems.slice(0, 3).join('; ')})`);
        }
      }
      if (this.#recordSize === 8) slotted.push(...items);
      else deliver(items.map((item) => punchOf(item, decodeRecord(item, this.#recordSize!))));
    });
    if (slotted.length) {
      const records = slotted.map((item) => decodeRecord(item, 8));
      // Read after the log, so a user enrolled since the last read (or a slot given to someone else) is named
      // as the terminal has it now; a slot still missing is never guessed to be an enrolment number.
      const users = await this.#userTable();
      const punches = records.map((r, i): RawPunch => {
        const slot = r.uid ?? 0;
        const userId = users.get(slot);
        if (userId !== undefined) return punchOf(slotted[i]!, { ...r, userId });
        index++;
        return {
          ...toRawPunch({ ...r, userId: `slot:${slot}` }),
          unreadable: `the record names user slot ${slot}, which is not in the terminal's user table (deleted since?): held back rather than sent as terminal user ${slot}, which may be someone else`,
        };
      });
      for (let i = 0; i < punches.length; i += 1000) deliver(punches.slice(i, i + 1000));
    }
    return read;
  }

  async subscribe(onPunch: (punch: RawPunch) => void, onAnomaly?: (anomaly: DriverAnomaly) => void): Promise<void> {
    this.client.onEvent((record) => onPunch(toRawPunch(record)), onAnomaly);
    await this.client.registerEvents(EF_ATTLOG);
  }

  disconnect(): Promise<void> {
    return this.client.close();
  }
}
