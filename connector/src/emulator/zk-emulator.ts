/**
 * A ZK terminal on real sockets: TCP (framed) and UDP on the same port, comm
 * key, a user table, a punch log that grows, a clock, realtime events, the
 * buffered read with inline and chunked paths, and fault knobs. Faithful
 * enough that third-party clients (node-zklib, zkteco-js) read it like a
 * terminal.
 */
import dgram from 'node:dgram';
import net from 'node:net';
import {
  CMD,
  EF_ATTLOG,
  FCT_USER,
  UDP_DATA_PACKET,
  ZkTcpFramer,
  checksumMatches,
  decodeBufferedReadRequest,
  decodePacket,
  decodeZkTime,
  encodeAttEvent,
  type AttEventLayout,
  encodePacket,
  encodeRecord,
  encodeSizes,
  encodeUser,
  encodeZkTime,
  makeCommKey,
  withTcpTop,
  type RecordSize,
  type ZkPacket,
  type ZkRecord,
  type ZkUser,
} from '../drivers/zk-codec.ts';
import { localToInstant, type LocalDateTime } from '../local-time.ts';
import { EmulatedClock } from './clock.ts';

export interface ZkFaults {
  /** Write each packet in pieces of this many bytes (0: whole packets). */
  splitWrites: number;
  /** Write all packets of one answer in a single write. */
  coalesce: boolean;
  /** Ignore the next N chunk requests (the client must time out and ask again). */
  dropChunks: number;
  /** Wait this long before answering a chunk request. */
  delayChunkMs: number;
  /** Reset the connection once, after this many bytes of chunk data (0: off). */
  resetAfterBytes: number;
  /** Close any TCP client that connects while another is connected. */
  refuseSecondClient: boolean;
  /** Pause after each chunk, as a real terminal's slow CPU does. */
  chunkGapMs: number;
  /** Pause between PREPARE_DATA and the data of a chunk (a terminal is not instant either). */
  prepareGapMs: number;
  /** Over TCP, send a chunk as DATA packets of at most this size (0: one packet). */
  tcpDataPacket: number;
}

export const DEFAULT_ZK_FAULTS: ZkFaults = {
  splitWrites: 0,
  coalesce: false,
  dropChunks: 0,
  delayChunkMs: 0,
  resetAfterBytes: 0,
  refuseSecondClient: false,
  chunkGapMs: 10,
  prepareGapMs: 5,
  tcpDataPacket: 0,
};

export interface ZkPunchSpec {
  userId: string;
  /** Default: the emulator's clock now. */
  time?: LocalDateTime;
  /** Stored as is: lets a test store a date that cannot exist (e.g. 30 February). */
  packedTime?: number;
  state?: number;
  verify?: number;
}

export interface ZkEmulatorOptions {
  serial: string;
  timeZone: string;
  name?: string;
  firmware?: string;
  mac?: string;
  commKey?: number;
  recordSize?: RecordSize;
  host?: string;
  port?: number;
  tcp?: boolean;
  udp?: boolean;
  /** Tables up to this size are answered inline (CMD_DATA) instead of through chunks. */
  inlineMaxBytes?: number;
  /**
   * Realtime attendance event layout (pyzk's sizes: 10, 12, 14 from older ZEM
   * firmware, 32, 36, 37 TFT, 52 newer). Default: 36 with 40-byte records, else 12.
   */
  eventLayout?: AttEventLayout;
  /** Builds an event payload instead of the layout (a test's garbled or unknown-size event). */
  eventPayload?: (punch: ZkRecord) => Buffer;
  /**
   * The attendance table as this terminal's firmware sends it, instead of the
   * encoded log (e.g. a K40 block that matches no known layout).
   */
  attendanceTable?: () => Buffer;
  faults?: Partial<ZkFaults>;
  realNow?: () => Date;
}

interface Session {
  id: number;
  authed: boolean;
  events: boolean;
  /** The table prepared by CMD_DATA_WRRQ, frozen at that moment. */
  prepared: Buffer | undefined;
  send: (packets: Buffer[]) => Promise<void>;
  close: () => void;
  /** Requests are answered one at a time, in order. */
  queue: Promise<void>;
}

type StoredPunch = ZkRecord & { packedTime?: number };

export class ZkEmulator {
  readonly options: Required<Omit<ZkEmulatorOptions, 'faults' | 'realNow' | 'port' | 'eventLayout' | 'eventPayload' | 'attendanceTable'>> &
    Pick<ZkEmulatorOptions, 'eventLayout' | 'eventPayload' | 'attendanceTable'> & { port: number };
  readonly faults: ZkFaults;
  readonly clock: EmulatedClock;
  #log: StoredPunch[] = [];
  #encoded: Buffer[] = [];
  #users = new Map<string, ZkUser>();
  #lastUid = 0;
  #tcp: net.Server | undefined;
  #udp: dgram.Socket | undefined;
  #tcpSockets = new Set<net.Socket>();
  #sessions = new Map<number, Session>();
  #nextSession = 1;
  #bytesSinceReset = 0;
  /** Punches to add at the next chunk requests, one per request (a punch during a read). */
  punchesDuringRead: ZkPunchSpec[] = [];
  /** Counters a test can check. */
  readonly stats = { connections: 0, refused: 0, chunkRequests: 0, droppedChunks: 0, resets: 0, eventsSent: 0 };

  constructor(options: ZkEmulatorOptions) {
    this.options = {
      name: 'ZK Emulator',
      firmware: 'Ver 6.60 Apr 28 2017',
      mac: '00:17:61:12:34:56',
      commKey: 0,
      recordSize: 40,
      host: '127.0.0.1',
      port: 0,
      tcp: true,
      udp: true,
      inlineMaxBytes: 1024,
      ...options,
    };
    this.faults = { ...DEFAULT_ZK_FAULTS, ...options.faults };
    this.clock = new EmulatedClock(options.timeZone, options.realNow);
    // Sequential new sessions make "reboot" visible: session ids restart elsewhere.
    this.#nextSession = 0x1000 + Math.floor(Math.random() * 0x1000);
  }

  get port(): number {
    return this.options.port;
  }

  async start(): Promise<this> {
    const { host } = this.options;
    let port = this.options.port;
    if (this.options.tcp) {
      this.#tcp = net.createServer((socket) => this.#onTcp(socket));
      await new Promise<void>((resolve, reject) => {
        this.#tcp!.once('error', reject);
        this.#tcp!.listen(port, host, () => resolve());
      });
      port = (this.#tcp.address() as net.AddressInfo).port;
    }
    if (this.options.udp) {
      this.#udp = dgram.createSocket('udp4');
      this.#udp.on('message', (msg, rinfo) => this.#onUdp(msg, rinfo));
      await new Promise<void>((resolve, reject) => {
        this.#udp!.once('error', reject);
        this.#udp!.bind(port, host, () => resolve());
      });
      port = this.#udp.address().port;
    }
    this.options.port = port;
    return this;
  }

  async stop(): Promise<void> {
    for (const s of this.#tcpSockets) s.destroy();
    await Promise.all([
      this.#tcp ? new Promise<void>((resolve) => this.#tcp!.close(() => resolve())) : undefined,
      this.#udp ? new Promise<void>((resolve) => this.#udp!.close(() => resolve())) : undefined,
    ]);
    this.#tcp = undefined;
    this.#udp = undefined;
  }

  // ----- the terminal's data --------------------------------------------------------

  #userFor(userId: string): ZkUser {
    let user = this.#users.get(userId);
    if (!user) {
      // The next free slot after the highest in use (a deleted user's slot is not handed out again here).
      this.#lastUid++;
      user = { uid: this.#lastUid, userId, name: `User ${userId}`, privilege: 0 };
      this.#users.set(userId, user);
    }
    return user;
  }

  /** Deletes a user from the terminal: its punches stay in the log, naming a slot the user table no longer has. */
  removeUser(userId: string): boolean {
    return this.#users.delete(userId);
  }

  /** Appends a punch to the log and announces it to sessions that registered for events. */
  addPunch(spec: ZkPunchSpec): StoredPunch {
    const user = this.#userFor(spec.userId);
    const time = spec.packedTime !== undefined ? decodeZkTime(spec.packedTime) : (spec.time ?? this.clock.now());
    const punch: StoredPunch = {
      userId: spec.userId,
      uid: user.uid,
      time,
      state: spec.state ?? 0,
      verify: spec.verify ?? 1,
      ...(spec.packedTime !== undefined ? { packedTime: spec.packedTime } : {}),
    };
    this.#log.push(punch);
    this.#encoded.push(encodeRecord(punch, this.options.recordSize));
    const layout = this.options.eventLayout ?? (this.options.recordSize === 40 ? 36 : 12);
    this.sendEvent(this.options.eventPayload ? this.options.eventPayload(punch) : encodeAttEvent(punch, layout));
    return punch;
  }

  /** Sends a realtime attendance event with this payload to every session that registered for events. */
  sendEvent(payload: Buffer): void {
    const event = encodePacket(CMD.REG_EVENT, EF_ATTLOG, 0, payload);
    for (const session of this.#sessions.values()) {
      if (!session.events) continue;
      this.stats.eventsSent++;
      void session.send([event]);
    }
  }

  /** Adds many punches at once without realtime events (a terminal that has been running for years). */
  fillLog(specs: Iterable<ZkPunchSpec>): void {
    for (const spec of specs) {
      const user = this.#userFor(spec.userId);
      const punch: StoredPunch = { userId: spec.userId, uid: user.uid, time: spec.time ?? this.clock.now(), state: spec.state ?? 0, verify: spec.verify ?? 1 };
      this.#log.push(punch);
      this.#encoded.push(encodeRecord(punch, this.options.recordSize));
    }
  }

  clearLog(): void {
    this.#log = [];
    this.#encoded = [];
  }

  /** What the terminal holds, as a client would decode it. */
  get records(): readonly StoredPunch[] {
    return this.#log;
  }

  get users(): ZkUser[] {
    return [...this.#users.values()];
  }

  /** A power cycle: every connection drops, sessions are forgotten. The log and clock survive. */
  reboot(): void {
    for (const s of this.#tcpSockets) s.destroy();
    this.#sessions.clear();
    this.#nextSession = 0x3000 + Math.floor(Math.random() * 0x1000);
  }

  // ----- transports ------------------------------------------------------------------

  #writeTcp(socket: net.Socket, packets: Buffer[]): Promise<void> {
    const framed = packets.map(withTcpTop);
    const pieces: Buffer[] = [];
    if (this.faults.coalesce) pieces.push(Buffer.concat(framed));
    else if (this.faults.splitWrites > 0) {
      for (const f of framed) for (let i = 0; i < f.length; i += this.faults.splitWrites) pieces.push(f.subarray(i, i + this.faults.splitWrites));
    } else pieces.push(...framed);
    return (async () => {
      for (const piece of pieces) {
        if (socket.destroyed) return;
        await new Promise<void>((resolve) => socket.write(piece, () => resolve()));
        if (this.faults.splitWrites > 0) await new Promise((r) => setImmediate(r));
      }
    })();
  }

  #onTcp(socket: net.Socket): void {
    socket.setNoDelay(true);
    if (this.faults.refuseSecondClient && this.#tcpSockets.size > 0) {
      this.stats.refused++;
      socket.destroy();
      return;
    }
    this.stats.connections++;
    this.#tcpSockets.add(socket);
    const framer = new ZkTcpFramer();
    let session: Session | undefined;
    let writes: Promise<void> = Promise.resolve();
    const send = (packets: Buffer[]) => (writes = writes.then(() => this.#writeTcp(socket, packets)));
    const base = { send, close: () => socket.end(), queue: Promise.resolve() };
    let pending: Promise<void> = Promise.resolve();
    socket.on('data', (chunk) => {
      for (const raw of framer.push(chunk)) {
        pending = pending.then(async () => {
          session = await this.#handle(raw, session, base, 'tcp');
        });
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      this.#tcpSockets.delete(socket);
      if (session) this.#sessions.delete(session.id);
    });
  }

  #onUdp(msg: Buffer, rinfo: dgram.RemoteInfo): void {
    let packet: ZkPacket;
    try {
      packet = decodePacket(msg);
    } catch {
      return;
    }
    const send = async (packets: Buffer[]) => {
      for (const p of packets) await new Promise<void>((resolve) => this.#udp?.send(p, rinfo.port, rinfo.address, () => resolve()));
    };
    const known = packet.command === CMD.CONNECT ? undefined : this.#sessions.get(packet.sessionId);
    const base = { send, close: () => undefined, queue: Promise.resolve() };
    // UDP sessions are keyed by id; requests of one session are still answered in order.
    const run = async () => {
      await this.#handle(msg, known, base, 'udp');
    };
    if (known) known.queue = known.queue.then(run);
    else void run();
  }

  // ----- the protocol ------------------------------------------------------------------

  async #handle(raw: Buffer, session: Session | undefined, io: Pick<Session, 'send' | 'close' | 'queue'>, transport: 'tcp' | 'udp'): Promise<Session | undefined> {
    if (!checksumMatches(raw)) return session;
    const p = decodePacket(raw);
    const reply = (command: number, payload?: Buffer) => encodePacket(command, session?.id ?? p.sessionId, p.replyId, payload);

    if (p.command === CMD.CONNECT) {
      if (session) this.#sessions.delete(session.id);
      const id = this.#nextSession++ & 0xffff;
      session = { id, authed: this.options.commKey === 0, events: false, prepared: undefined, ...io };
      this.#sessions.set(id, session);
      await session.send([encodePacket(session.authed ? CMD.ACK_OK : CMD.ACK_UNAUTH, id, p.replyId)]);
      return session;
    }
    // A client acknowledging an event: nothing to answer.
    if (p.command === CMD.ACK_OK) return session;
    if (!session || (transport === 'tcp' && p.sessionId !== session.id)) {
      await io.send([encodePacket(CMD.ACK_UNAUTH, p.sessionId, p.replyId)]);
      return session;
    }
    if (p.command === CMD.AUTH) {
      session.authed = p.payload.equals(makeCommKey(this.options.commKey, session.id));
      await session.send([reply(session.authed ? CMD.ACK_OK : CMD.ACK_UNAUTH)]);
      return session;
    }
    if (!session.authed) {
      await session.send([reply(CMD.ACK_UNAUTH)]);
      return session;
    }
    switch (p.command) {
      case CMD.EXIT:
        await session.send([reply(CMD.ACK_OK)]);
        this.#sessions.delete(session.id);
        session.close();
        return undefined;
      case CMD.GET_FREE_SIZES:
        await session.send([
          reply(
            CMD.ACK_OK,
            encodeSizes({
              users: this.#users.size,
              fingers: this.#users.size,
              records: this.#log.length,
              cards: 0,
              fingersCapacity: 3000,
              usersCapacity: 10_000,
              recordsCapacity: 200_000,
              faces: 0,
              facesCapacity: 0,
            }),
          ),
        ]);
        return session;
      case CMD.OPTIONS_RRQ: {
        const key = p.payload.toString('latin1').replace(/\0.*$/s, '');
        const value = this.#option(key);
        await session.send([value === undefined ? reply(CMD.ACK_ERROR) : reply(CMD.ACK_OK, Buffer.from(`${key}=${value}\0`, 'latin1'))]);
        return session;
      }
      case CMD.GET_VERSION:
        await session.send([reply(CMD.ACK_OK, Buffer.from(`${this.options.firmware}\0`, 'latin1'))]);
        return session;
      case CMD.GET_TIME: {
        const payload = Buffer.alloc(4);
        payload.writeUInt32LE(encodeZkTime(this.clock.now()), 0);
        await session.send([reply(CMD.ACK_OK, payload)]);
        return session;
      }
      case CMD.SET_TIME:
        this.clock.set(localToInstant(decodeZkTime(p.payload.readUInt32LE(0)), this.clock.timeZone));
        await session.send([reply(CMD.ACK_OK)]);
        return session;
      case CMD.REG_EVENT:
        session.events = ((p.payload.length >= 4 ? p.payload.readUInt32LE(0) : 0) & EF_ATTLOG) !== 0;
        await session.send([reply(CMD.ACK_OK)]);
        return session;
      case CMD.FREE_DATA:
        session.prepared = undefined;
        await session.send([reply(CMD.ACK_OK)]);
        return session;
      case CMD.CLEAR_ATTLOG:
        this.clearLog();
        await session.send([reply(CMD.ACK_OK)]);
        return session;
      case CMD.DATA_WRRQ:
        await this.#prepare(session, p, reply);
        return session;
      case CMD.DATA_RDY:
        await this.#chunk(session, p, transport);
        return session;
      case CMD.DISABLEDEVICE:
      case CMD.ENABLEDEVICE:
      case CMD.REFRESHDATA:
      case CMD.CANCELCAPTURE:
      case CMD.STARTVERIFY:
      case CMD.OPTIONS_WRQ:
        await session.send([reply(CMD.ACK_OK)]);
        return session;
      default:
        await session.send([reply(CMD.ACK_UNKNOWN)]);
        return session;
    }
  }

  #option(key: string): string | undefined {
    const values: Record<string, string> = {
      '~SerialNumber': this.options.serial,
      '~DeviceName': this.options.name,
      '~Platform': 'ZMM220_TFT',
      '~OS': '1',
      '~ZKFPVersion': '10',
      '~OEMVendor': 'Muster Emulator',
      '~ProductTime': '2017-04-28 10:00:00',
      '~PIN2Width': '9',
      '~ExtendFmt': this.options.recordSize === 40 ? '1' : '0',
      '~UserExtFmt': this.options.recordSize === 40 ? '1' : '0',
      '~SSR': '1',
      WorkCode: '0',
      FaceFunOn: '0',
      MAC: this.options.mac,
      IPAddress: this.options.host,
    };
    return values[key];
  }

  #table(command: number, fct: number): Buffer | undefined {
    if (command === CMD.ATTLOG_RRQ) {
      const records = this.options.attendanceTable ? this.options.attendanceTable() : Buffer.concat(this.#encoded);
      const head = Buffer.alloc(4);
      head.writeUInt32LE(records.length, 0);
      return Buffer.concat([head, records]);
    }
    if (command === CMD.USERTEMP_RRQ && fct === FCT_USER) {
      const width = this.options.recordSize === 40 ? 72 : 28;
      const users = Buffer.concat([...this.#users.values()].map((u) => encodeUser(u, width)));
      const head = Buffer.alloc(4);
      head.writeUInt32LE(users.length, 0);
      return Buffer.concat([head, users]);
    }
    return undefined;
  }

  async #prepare(session: Session, p: ZkPacket, reply: (command: number, payload?: Buffer) => Buffer): Promise<void> {
    const { command, fct } = decodeBufferedReadRequest(p.payload);
    const table = this.#table(command, fct);
    if (!table) {
      await session.send([reply(CMD.ACK_ERROR)]);
      return;
    }
    if (table.length <= this.options.inlineMaxBytes) {
      await session.send([reply(CMD.DATA, table)]);
      return;
    }
    session.prepared = table;
    // 0, the size (twice), and a checksum of the data as the vendor firmware sends.
    const info = Buffer.alloc(13);
    info.writeUInt32LE(table.length, 1);
    info.writeUInt32LE(table.length, 5);
    let sum = 0;
    for (let i = 0; i < table.length; i += 64) sum = (sum + table[i]!) >>> 0;
    info.writeUInt32LE(sum, 9);
    await session.send([reply(CMD.ACK_OK, info)]);
  }

  async #chunk(session: Session, p: ZkPacket, transport: 'tcp' | 'udp'): Promise<void> {
    this.stats.chunkRequests++;
    const during = this.punchesDuringRead.shift();
    if (during) this.addPunch(during);
    if (this.faults.dropChunks > 0) {
      this.faults.dropChunks--;
      this.stats.droppedChunks++;
      return;
    }
    if (this.faults.delayChunkMs) await new Promise((r) => setTimeout(r, this.faults.delayChunkMs));
    const reply = (command: number, payload?: Buffer) => encodePacket(command, session.id, p.replyId, payload);
    const start = p.payload.readInt32LE(0);
    const size = p.payload.readInt32LE(4);
    const table = session.prepared;
    if (!table || start < 0 || size < 0 || start + size > table.length) {
      await session.send([reply(CMD.ACK_ERROR)]);
      return;
    }
    if (size === 0) {
      await session.send([reply(CMD.ACK_OK)]);
      return;
    }
    const data = table.subarray(start, start + size);
    const prepare = Buffer.alloc(8);
    prepare.writeUInt32LE(size, 0);
    const packetSize = transport === 'udp' ? UDP_DATA_PACKET : this.faults.tcpDataPacket || size;
    const dataPackets: Buffer[] = [];
    for (let at = 0; at < size; at += packetSize) dataPackets.push(reply(CMD.DATA, data.subarray(at, at + packetSize)));
    const packets = [reply(CMD.PREPARE_DATA, prepare), ...dataPackets, reply(CMD.ACK_OK)];
    if (this.faults.resetAfterBytes > 0 && this.#bytesSinceReset + size > this.faults.resetAfterBytes) {
      // Send part of the chunk, then drop the connection as a flaky network would.
      const cut = Math.max(0, this.faults.resetAfterBytes - this.#bytesSinceReset);
      this.faults.resetAfterBytes = 0;
      this.#bytesSinceReset = 0;
      this.stats.resets++;
      const partial = withTcpTop(packets[1]!).subarray(0, cut);
      await session.send([packets[0]!]);
      for (const socket of this.#tcpSockets) {
        socket.write(partial);
        socket.destroy();
      }
      return;
    }
    this.#bytesSinceReset += size;
    if (this.faults.prepareGapMs && !this.faults.coalesce) {
      await session.send(packets.slice(0, 1));
      await new Promise((r) => setTimeout(r, this.faults.prepareGapMs));
      await session.send(packets.slice(1));
    } else await session.send(packets);
    if (this.faults.chunkGapMs) await new Promise((r) => setTimeout(r, this.faults.chunkGapMs));
  }
}
