/**
 * An Anviz terminal over TCP and/or a serial line (one end of a real
 * pseudo-terminal pair): device id, serial number, a clock, a growing record
 * log read in pages of 25, and fault knobs.
 */
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { SerialPort } from 'serialport';
import {
  ANVIZ,
  ANVIZ_RESULT,
  AnvizFramer,
  RECORDS_ALL,
  RECORDS_NEW,
  RECORDS_PER_PAGE,
  decodeClock,
  encodeClock,
  encodeRecordInfo,
  encodeRecordPage,
  encodeReply,
  type AnvizFrame,
  type AnvizRecord,
} from '../drivers/anviz-codec.ts';
import { localToInstant, type LocalDateTime } from '../local-time.ts';
import { EmulatedClock } from './clock.ts';

export interface AnvizFaults {
  /** Write replies in pieces of this many bytes (0: whole). */
  splitWrites: number;
  /** Ignore the next N record page requests. */
  dropPages: number;
  /** Reset the connection (TCP) once after this many record pages (0: off). */
  resetAfterPages: number;
  /** Noise bytes written before each reply (a serial line's garbage). */
  noiseBeforeReplies: boolean;
  refuseSecondClient: boolean;
  replyDelayMs: number;
}

export const DEFAULT_ANVIZ_FAULTS: AnvizFaults = {
  splitWrites: 0,
  dropPages: 0,
  resetAfterPages: 0,
  noiseBeforeReplies: false,
  refuseSecondClient: false,
  replyDelayMs: 0,
};

export interface AnvizPunchSpec {
  userCode: number;
  time?: LocalDateTime;
  recordType?: number;
  backupCode?: number;
  workCode?: number;
}

export interface AnvizEmulatorOptions {
  serial: string;
  deviceId: number;
  timeZone: string;
  model?: string;
  firmware?: string;
  host?: string;
  /** TCP port (0: any free one); undefined: no TCP. */
  port?: number;
  /** Serial line to answer on (e.g. one end of a socat pty pair). */
  serialPath?: string;
  faults?: Partial<AnvizFaults>;
  realNow?: () => Date;
}

interface Link {
  write: (bytes: Buffer) => Promise<void>;
  reset: () => void;
  /** Records paging of this link: a snapshot and a position. */
  snapshot: AnvizRecord[];
  position: number;
}

export class AnvizEmulator {
  readonly options: AnvizEmulatorOptions & { model: string; firmware: string; host: string };
  readonly faults: AnvizFaults;
  readonly clock: EmulatedClock;
  #log: (AnvizRecord & { isNew: boolean })[] = [];
  #tcp: net.Server | undefined;
  #sockets = new Set<net.Socket>();
  #serial: SerialPort | undefined;
  #port = 0;
  #pagesSinceStart = 0;
  /** Punches to add at the next page requests, one per request. */
  punchesDuringRead: AnvizPunchSpec[] = [];
  readonly stats = { connections: 0, refused: 0, pageRequests: 0, droppedPages: 0, resets: 0 };

  constructor(options: AnvizEmulatorOptions) {
    this.options = { model: 'TC-B-N', firmware: '02.20.02', host: '127.0.0.1', ...options };
    this.faults = { ...DEFAULT_ANVIZ_FAULTS, ...options.faults };
    this.clock = new EmulatedClock(options.timeZone, options.realNow);
  }

  get port(): number {
    return this.#port;
  }

  async start(): Promise<this> {
    if (this.options.port !== undefined) {
      this.#tcp = net.createServer((socket) => this.#onTcp(socket));
      await new Promise<void>((resolve, reject) => {
        this.#tcp!.once('error', reject);
        this.#tcp!.listen(this.options.port, this.options.host, () => resolve());
      });
      this.#port = (this.#tcp.address() as net.AddressInfo).port;
    }
    if (this.options.serialPath) {
      const port = new SerialPort({ path: this.options.serialPath, baudRate: 9600, autoOpen: false });
      await new Promise<void>((resolve, reject) => port.open((e) => (e ? reject(e) : resolve())));
      this.#serial = port;
      this.#attach(port, () => {
        // A serial line cannot be "reset": drop what is buffered instead.
        port.flush();
      });
    }
    return this;
  }

  async stop(): Promise<void> {
    for (const s of this.#sockets) s.destroy();
    if (this.#tcp) await new Promise<void>((resolve) => this.#tcp!.close(() => resolve()));
    if (this.#serial?.isOpen) await new Promise<void>((resolve) => this.#serial!.close(() => resolve()));
    this.#tcp = undefined;
    this.#serial = undefined;
  }

  addPunch(spec: AnvizPunchSpec): AnvizRecord {
    const record = { userCode: spec.userCode, time: spec.time ?? this.clock.now(), recordType: spec.recordType ?? 0, backupCode: spec.backupCode ?? 1, workCode: spec.workCode ?? 0 };
    this.#log.push({ ...record, isNew: true });
    return record;
  }

  fillLog(specs: Iterable<AnvizPunchSpec>): void {
    for (const spec of specs) this.addPunch(spec);
  }

  clearLog(): void {
    this.#log = [];
  }

  get records(): readonly AnvizRecord[] {
    return this.#log;
  }

  /** A power cycle: TCP connections drop (a serial line simply goes quiet and comes back). Log and clock survive. */
  reboot(): void {
    for (const s of this.#sockets) s.destroy();
  }

  #onTcp(socket: net.Socket): void {
    if (this.faults.refuseSecondClient && this.#sockets.size > 0) {
      this.stats.refused++;
      socket.destroy();
      return;
    }
    this.stats.connections++;
    this.#sockets.add(socket);
    socket.on('close', () => this.#sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    this.#attach(socket, () => socket.destroy());
  }

  #attach(stream: Duplex, reset: () => void): void {
    const framer = new AnvizFramer('command');
    const link: Link = {
      write: async (bytes) => {
        const pieces: Buffer[] = [];
        if (this.faults.noiseBeforeReplies) pieces.push(Buffer.from([0x00, 0xff, 0x13]));
        if (this.faults.splitWrites > 0) for (let i = 0; i < bytes.length; i += this.faults.splitWrites) pieces.push(bytes.subarray(i, i + this.faults.splitWrites));
        else pieces.push(bytes);
        for (const piece of pieces) {
          if (stream.destroyed) return;
          await new Promise<void>((resolve) => stream.write(piece, () => resolve()));
        }
      },
      reset,
      snapshot: [],
      position: 0,
    };
    let queue: Promise<void> = Promise.resolve();
    stream.on('data', (chunk: Buffer) => {
      for (const frame of framer.push(chunk)) queue = queue.then(() => this.#handle(link, frame));
    });
  }

  async #handle(link: Link, frame: AnvizFrame): Promise<void> {
    // On a bus every device hears every frame: answer only our own id.
    if (frame.deviceId !== this.options.deviceId) return;
    if (this.faults.replyDelayMs) await new Promise((r) => setTimeout(r, this.faults.replyDelayMs));
    const ok = (data?: Buffer) => link.write(encodeReply(this.options.deviceId, frame.code, ANVIZ_RESULT.SUCCESS, data));
    switch (frame.code) {
      case ANVIZ.GET_SN:
        return ok(Buffer.from(this.options.serial, 'latin1'));
      case ANVIZ.GET_DEVICE_TYPE:
        return ok(Buffer.from(this.options.model, 'latin1'));
      case ANVIZ.GET_INFO: {
        const info = Buffer.alloc(18);
        info.write(this.options.firmware.slice(0, 8), 0, 'latin1');
        return ok(info);
      }
      case ANVIZ.GET_DEVICE_ID: {
        const id = Buffer.alloc(4);
        id.writeUInt32BE(this.options.deviceId, 0);
        return ok(id);
      }
      case ANVIZ.GET_CLOCK:
        return ok(encodeClock(this.clock.now()));
      case ANVIZ.SET_CLOCK:
        this.clock.set(localToInstant(decodeClock(frame.data), this.clock.timeZone));
        return ok();
      case ANVIZ.GET_RECORD_INFO:
        return ok(
          encodeRecordInfo({
            users: new Set(this.#log.map((r) => r.userCode)).size,
            fingerprints: 0,
            passwords: 0,
            cards: 0,
            allRecords: this.#log.length,
            newRecords: this.#log.filter((r) => r.isNew).length,
          }),
        );
      case ANVIZ.GET_RECORDS:
        return this.#page(link, frame);
      case ANVIZ.CLEAR_RECORDS: {
        const mode = frame.data[0] ?? 0;
        if (mode === 0) this.#log = [];
        else for (const r of this.#log) r.isNew = false;
        return ok();
      }
      default:
        return link.write(encodeReply(this.options.deviceId, frame.code, ANVIZ_RESULT.FAIL));
    }
  }

  async #page(link: Link, frame: AnvizFrame): Promise<void> {
    this.stats.pageRequests++;
    const during = this.punchesDuringRead.shift();
    if (during) this.addPunch(during);
    if (this.faults.dropPages > 0) {
      this.faults.dropPages--;
      this.stats.droppedPages++;
      return;
    }
    const kind = frame.data[0] ?? RECORDS_ALL;
    const amount = Math.min(frame.data[1] ?? RECORDS_PER_PAGE, RECORDS_PER_PAGE);
    if (kind === RECORDS_ALL || kind === RECORDS_NEW) {
      // The first page freezes what this read will see.
      link.snapshot = (kind === RECORDS_ALL ? this.#log : this.#log.filter((r) => r.isNew)).map((r) => ({ ...r }));
      link.position = 0;
    }
    const page = link.snapshot.slice(link.position, link.position + amount);
    link.position += page.length;
    this.#pagesSinceStart++;
    if (this.faults.resetAfterPages > 0 && this.#pagesSinceStart >= this.faults.resetAfterPages) {
      this.faults.resetAfterPages = 0;
      this.#pagesSinceStart = 0;
      this.stats.resets++;
      link.reset();
      return;
    }
    await link.write(encodeReply(this.options.deviceId, frame.code, ANVIZ_RESULT.SUCCESS, encodeRecordPage(page)));
  }
}
