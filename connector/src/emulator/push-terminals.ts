/**
 * Terminals that push instead of being polled: a ZKTeco ADMS/iclock terminal
 * (HTTP client) and an FK-family terminal pushing to a "log server" (TCP
 * client). Each keeps its log and resends what the receiver has not
 * acknowledged, as the real ones do.
 */
import net from 'node:net';
import { formatLocal, type LocalDateTime } from '../local-time.ts';
import { FkFramer, fkMessage, parseFkMessage } from '../receivers/fk-codec.ts';
import { EmulatedClock } from './clock.ts';

export interface PushPunch {
  userId: string;
  time?: LocalDateTime;
  state?: string;
  verify?: string;
  /** FK: a photo taken with the punch (base64), sent in `<Photo>`. */
  photoBase64?: string;
}

interface Stored {
  userId: string;
  time: LocalDateTime;
  state: string;
  verify: string;
  transId: number;
  acked: boolean;
  photoBase64?: string;
}

/** A line uploaded as it is (e.g. one a real terminal garbled), and whether the receiver answered OK to its batch. */
interface RawLine {
  table: 'ATTLOG' | 'OPERLOG';
  text: string;
  acked: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A ZKTeco push terminal: uploads unsent ATTLOG lines until the server answers OK. */
export class AdmsTerminal {
  readonly clock: EmulatedClock;
  #log: Stored[] = [];
  #rawLines: RawLine[] = [];
  #running = false;
  #loop: Promise<void> | undefined;
  /** Batches the receiver did not answer OK (the terminal kept them). */
  failures = 0;

  constructor(
    readonly options: { baseUrl: string; serial: string; timeZone: string; intervalMs?: number; batchSize?: number },
  ) {
    this.clock = new EmulatedClock(options.timeZone);
  }

  addPunch(p: PushPunch): Stored {
    const stored: Stored = { userId: p.userId, time: p.time ?? this.clock.now(), state: p.state ?? '0', verify: p.verify ?? '1', transId: this.#log.length + 1, acked: false };
    this.#log.push(stored);
    return stored;
  }

  /** Queues a line uploaded exactly as given, in its own batch (a firmware that garbles a record, an OPLOG line). */
  addRawLine(table: RawLine['table'], text: string): void {
    this.#rawLines.push({ table, text, acked: false });
  }

  get records(): readonly Stored[] {
    return this.#log;
  }

  get unsent(): number {
    return this.#log.filter((r) => !r.acked).length + this.#rawLines.filter((r) => !r.acked).length;
  }

  start(): void {
    this.#running = true;
    this.#loop = (async () => {
      while (this.#running) {
        try {
          await this.#uploadRawLines();
          await this.#upload();
        } catch {
          this.failures++;
        }
        await sleep(this.options.intervalMs ?? 200);
      }
    })();
  }

  async stop(): Promise<void> {
    this.#running = false;
    await this.#loop;
  }

  async #uploadRawLines(): Promise<void> {
    const q = `SN=${encodeURIComponent(this.options.serial)}`;
    for (const line of this.#rawLines.filter((r) => !r.acked)) {
      const res = await fetch(`${this.options.baseUrl}/iclock/cdata?${q}&table=${line.table}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: line.text,
        signal: AbortSignal.timeout(5_000),
      });
      if (res.status === 200 && (await res.text()).startsWith('OK')) line.acked = true;
      else this.failures++;
    }
  }

  async #upload(): Promise<void> {
    const q = `SN=${encodeURIComponent(this.options.serial)}`;
    await fetch(`${this.options.baseUrl}/iclock/getrequest?${q}`, { signal: AbortSignal.timeout(2_000) });
    const batch = this.#log.filter((r) => !r.acked).slice(0, this.options.batchSize ?? 50);
    if (batch.length === 0) return;
    const body = batch.map((r) => [r.userId, formatLocal(r.time).replace('T', ' '), r.state, r.verify, '0', '0', '0'].join('\t')).join('\n');
    const res = await fetch(`${this.options.baseUrl}/iclock/cdata?${q}&table=ATTLOG&Stamp=${batch[0]!.transId}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body,
      signal: AbortSignal.timeout(5_000),
    });
    const text = await res.text();
    if (res.status === 200 && text.startsWith('OK')) for (const r of batch) r.acked = true;
    else this.failures++;
  }
}

/** An FK-family terminal: keeps a TCP connection to its log server and resends unacknowledged logs. */
export class FkTerminal {
  readonly clock: EmulatedClock;
  #log: Stored[] = [];
  #nextTransId = 1;
  #running = false;
  #loop: Promise<void> | undefined;
  #socket: net.Socket | undefined;
  keepAlivesAnswered = 0;

  constructor(
    readonly options: { host: string; port: number; serial: string; timeZone: string; terminalId?: number; deviceUid?: string; terminalType?: string; ackTimeoutMs?: number },
  ) {
    this.clock = new EmulatedClock(options.timeZone);
  }

  /** Adds a punch; `transId` lets a test reuse a number as terminals do after a clear. */
  addPunch(p: PushPunch & { transId?: number }): Stored {
    const stored: Stored = {
      userId: p.userId,
      time: p.time ?? this.clock.now(),
      state: p.state ?? 'Duty On',
      verify: p.verify ?? 'FP',
      transId: p.transId ?? this.#nextTransId++,
      acked: false,
      ...(p.photoBase64 ? { photoBase64: p.photoBase64 } : {}),
    };
    this.#log.push(stored);
    return stored;
  }

  get records(): readonly Stored[] {
    return this.#log;
  }

  get unsent(): number {
    return this.#log.filter((r) => !r.acked).length;
  }

  start(): void {
    this.#running = true;
    this.#loop = (async () => {
      while (this.#running) {
        try {
          await this.#session();
        } catch {
          // reconnect
        }
        if (this.#running) await sleep(200);
      }
    })();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#socket?.destroy();
    await this.#loop;
  }

  #message(r: Stored): Buffer {
    const t = r.time;
    return fkMessage([
      ['Request', 'TimeLog'],
      ['TerminalType', this.options.terminalType ?? 'FK-Emulator'],
      ['TerminalID', this.options.terminalId ?? 1],
      ['DeviceSerialNo', this.options.serial],
      ['DeviceUID', this.options.deviceUid ?? `UID-${this.options.serial}`],
      ['TransID', r.transId],
      ['Year', t.year],
      ['Month', t.month],
      ['Day', t.day],
      ['Hour', t.hour],
      ['Minute', t.minute],
      ['Second', t.second],
      ['UserID', r.userId],
      ['AttendStat', r.state],
      ['VerifMode', r.verify],
      ['Photo', r.photoBase64 ?? 'No'],
    ]);
  }

  async #session(): Promise<void> {
    const socket = net.connect({ host: this.options.host, port: this.options.port });
    this.#socket = socket;
    const framer = new FkFramer();
    const acks: string[] = [];
    let notify: (() => void) | undefined;
    let closed = false;
    socket.on('data', (chunk) => {
      for (const xml of framer.push(chunk)) {
        const fields = parseFkMessage(xml);
        if (fields.get('Response') === 'UploadedLog') acks.push(fields.get('TransID') ?? '');
        if (fields.get('Response') === 'KeepAlive') this.keepAlivesAnswered++;
        notify?.();
      }
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      closed = true;
      notify?.();
    });
    socket.write(fkMessage([['Request', 'KeepAlive'], ['DeviceSerialNo', this.options.serial], ['DevTime', formatLocal(this.clock.now())]]));
    while (this.#running && !closed) {
      const next = this.#log.find((r) => !r.acked);
      if (!next) {
        await sleep(50);
        continue;
      }
      socket.write(this.#message(next));
      const deadline = Date.now() + (this.options.ackTimeoutMs ?? 3_000);
      while (!closed && !acks.includes(String(next.transId)) && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          notify = resolve;
          setTimeout(resolve, 100);
        });
      }
      if (acks.includes(String(next.transId))) {
        next.acked = true;
        acks.splice(acks.indexOf(String(next.transId)), 1);
      } else break;
    }
    socket.destroy();
  }
}
