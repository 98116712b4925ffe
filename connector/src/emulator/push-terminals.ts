/**
 * Terminals that push instead of being polled: a ZKTeco ADMS/iclock terminal
 * (HTTP client) and an FK-family terminal pushing to a "log server" (TCP
 * client). Each keeps its log and resends what the receiver has not
 * acknowledged, as the real ones do.
 */
import net from 'node:net';
import { formatLocal, type LocalDateTime } from '../local-time.ts';
import { parseOptionsReply } from '../receivers/adms-codec.ts';
import { fkMessage, parseFkMessage, parseFkReply, replyAcknowledges } from '../receivers/fk-codec.ts';
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

/**
 * A ZKTeco push (ADMS) terminal, as the PUSH protocol has it: a handshake
 * (`options=all`) whose stamps say what the server already holds, uploads of
 * newer ATTLOG lines (each batch with its last record's stamp) until the
 * server answers OK, a heartbeat (`getrequest`) that fetches commands, and
 * `devicecmd` with their results.
 */
export class AdmsTerminal {
  readonly clock: EmulatedClock;
  #log: Stored[] = [];
  #rawLines: RawLine[] = [];
  #running = false;
  #loop: Promise<void> | undefined;
  #handshaken = false;
  /** Batches the receiver did not answer OK (the terminal kept them). */
  failures = 0;
  /** What the terminal did, for tests: handshakes, ATTLOG lines uploaded, commands run. */
  readonly stats = { handshakes: 0, uploadedLines: 0, commands: [] as string[] };
  /** The options block of the last handshake. */
  serverOptions: Map<string, string> = new Map();

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

  /** A power cycle: the next round starts with a handshake again. */
  reboot(): void {
    this.#handshaken = false;
  }

  start(): void {
    this.#running = true;
    this.#loop = (async () => {
      while (this.#running) {
        try {
          if (!this.#handshaken) await this.#handshake();
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

  get #query(): string {
    return `SN=${encodeURIComponent(this.options.serial)}`;
  }

  /** `options=all`: records up to the server's ATTLOG stamp are already there; `None` means send everything. */
  async #handshake(): Promise<void> {
    const res = await fetch(`${this.options.baseUrl}/iclock/cdata?${this.#query}&options=all&pushver=2.4.1&language=69`, { signal: AbortSignal.timeout(2_000) });
    const text = await res.text();
    if (res.status !== 200 || !text.startsWith('GET OPTION FROM:')) throw new Error(`handshake answered ${res.status}`);
    this.serverOptions = parseOptionsReply(text).options;
    const stamp = this.serverOptions.get('ATTLOGStamp') ?? this.serverOptions.get('Stamp') ?? 'None';
    const upTo = /^\d+$/.test(stamp) ? Number(stamp) : 0;
    for (const r of this.#log) r.acked = r.transId <= upTo;
    this.stats.handshakes++;
    this.#handshaken = true;
  }

  async #uploadRawLines(): Promise<void> {
    for (const line of this.#rawLines.filter((r) => !r.acked)) {
      const res = await fetch(`${this.options.baseUrl}/iclock/cdata?${this.#query}&table=${line.table}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: line.text,
        signal: AbortSignal.timeout(5_000),
      });
      if (res.status === 200 && (await res.text()).startsWith('OK')) line.acked = true;
      else this.failures++;
    }
  }

  /** The heartbeat: fetches commands and returns each one's result. */
  async #heartbeat(): Promise<void> {
    const res = await fetch(`${this.options.baseUrl}/iclock/getrequest?${this.#query}`, { signal: AbortSignal.timeout(2_000) });
    const text = await res.text();
    const results: string[] = [];
    for (const line of text.split(/\r?\n/)) {
      const m = /^C:(\d+):(.*)$/.exec(line.trim());
      if (!m) continue;
      const command = m[2]!.trim();
      this.stats.commands.push(command);
      const verb = command.split(/\s+/)[0]!;
      if (verb === 'INFO') {
        results.push(`ID=${m[1]}&Return=0&CMD=INFO`, `~DeviceName=Emulated ADMS`, `MAC=00:17:61:00:00:01`, `TransactionCount=${this.#log.length}`, `UserCount=0`);
      } else results.push(`ID=${m[1]}&Return=${verb === 'CHECK' || verb === 'DATA' ? 0 : -1002}&CMD=${verb}`);
    }
    if (results.length) {
      await fetch(`${this.options.baseUrl}/iclock/devicecmd?${this.#query}`, { method: 'POST', body: `${results.join('\n')}\n`, signal: AbortSignal.timeout(2_000) });
    }
  }

  async #upload(): Promise<void> {
    await this.#heartbeat();
    const batch = this.#log.filter((r) => !r.acked).slice(0, this.options.batchSize ?? 50);
    if (batch.length === 0) return;
    const body = batch.map((r) => [r.userId, formatLocal(r.time).replace('T', ' '), r.state, r.verify, '0', '0', '0'].join('\t')).join('\n');
    const res = await fetch(`${this.options.baseUrl}/iclock/cdata?${this.#query}&table=ATTLOG&Stamp=${batch.at(-1)!.transId}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body,
      signal: AbortSignal.timeout(5_000),
    });
    this.stats.uploadedLines += batch.length;
    const text = await res.text();
    if (res.status === 200 && text.startsWith('OK')) for (const r of batch) r.acked = true;
    else this.failures++;
  }
}

/**
 * Splits a stream on NUL only, as FK terminals do: a reply without its NUL is
 * never complete, so it is never acted on.
 */
class NulSplitter {
  #pending = Buffer.alloc(0);

  push(chunk: Buffer): string[] {
    this.#pending = Buffer.concat([this.#pending, chunk]);
    const out: string[] = [];
    for (let nul = this.#pending.indexOf(0); nul >= 0; nul = this.#pending.indexOf(0)) {
      const text = this.#pending.subarray(0, nul).toString('utf8').trim();
      this.#pending = this.#pending.subarray(nul + 1);
      if (text) out.push(text);
    }
    return out;
  }
}

/**
 * An FK-family terminal: keeps a TCP connection to its log server and resends
 * unacknowledged logs. Like the hardware (M61, A30C write-ups) it acts only on
 * the vendor's reply form: a classic terminal on `<Request>UploadedLog</Request>`
 * with its TransID, NUL-terminated; a `_v2` terminal on `<Response>TimeLog_v2</Response>`,
 * `<Result>OK</Result>` and its TransID. Anything else is ignored and the same
 * log is sent again.
 */
export class FkTerminal {
  readonly clock: EmulatedClock;
  #log: Stored[] = [];
  #nextTransId = 1;
  #keepAliveId = 0;
  #running = false;
  #loop: Promise<void> | undefined;
  #socket: net.Socket | undefined;
  #sentOnce = new Set<number>();
  keepAlivesAnswered = 0;
  /** Replies that were not the acknowledgement this terminal waits for (e.g. the `<Response>UploadedLog</Response>` form). */
  ignoredReplies = 0;
  /** Logs sent again because no acknowledgement it accepts came. */
  resends = 0;

  constructor(
    readonly options: {
      host: string;
      port: number;
      serial: string;
      timeZone: string;
      terminalId?: number;
      deviceUid?: string;
      terminalType?: string;
      ackTimeoutMs?: number;
      /** `classic`: `<Event>TimeLog</Event>` with Year…Second; `v2`: `TimeLog_v2` with `<Time>` and `<LogID>`. */
      firmware?: 'classic' | 'v2';
    },
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

  get #eventName(): string {
    return this.options.firmware === 'v2' ? 'TimeLog_v2' : 'TimeLog';
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
    const head: [string, string | number][] = [
      ['TerminalType', this.options.terminalType ?? 'FK-Emulator'],
      ['DeviceUID', this.options.deviceUid ?? `UID-${this.options.serial}`],
      ['TerminalID', this.options.terminalId ?? 1],
      ['DeviceSerialNo', this.options.serial],
      ['TransID', r.transId],
      ['Event', this.#eventName],
    ];
    if (this.options.firmware === 'v2') {
      const p = (n: number) => String(n).padStart(2, '0');
      return fkMessage([
        ...head,
        ['LogID', r.transId],
        ['Time', `${t.year}-${p(t.month)}-${p(t.day)}-T${p(t.hour)}:${p(t.minute)}:${p(t.second)}Z`],
        ['UserID', r.userId],
        ['AttendStat', r.state],
        ['Action', r.verify],
        ['JobCode', 0],
        ['Photo', r.photoBase64 ? 'Yes' : 'No'],
        ...(r.photoBase64 ? ([['LogImage', r.photoBase64]] as [string, string][]) : []),
      ]);
    }
    return fkMessage([
      ...head,
      ['Year', t.year],
      ['Month', t.month],
      ['Day', t.day],
      ['Hour', t.hour],
      ['Minute', t.minute],
      ['Second', t.second],
      ['UserID', r.userId],
      ['AttendStat', r.state],
      ['VerifMode', r.verify],
      ['JobCode', 0],
      ['APStat', 'None'],
      ['Photo', r.photoBase64 ?? 'No'],
    ]);
  }

  async #session(): Promise<void> {
    const socket = net.connect({ host: this.options.host, port: this.options.port });
    this.#socket = socket;
    const splitter = new NulSplitter();
    const acks: string[] = [];
    let notify: (() => void) | undefined;
    let closed = false;
    let waitingFor: { transId: string; eventName: string } | undefined;
    socket.on('data', (chunk) => {
      for (const xml of splitter.push(chunk)) {
        let reply;
        try {
          reply = parseFkReply(parseFkMessage(xml));
        } catch {
          reply = undefined;
        }
        if (reply?.tag === 'Request' && reply.value === 'KeptAlive') this.keepAlivesAnswered++;
        else if (reply && waitingFor && replyAcknowledges(reply, waitingFor)) acks.push(reply.transId ?? '');
        else this.ignoredReplies++;
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
    socket.write(
      fkMessage([
        ['TerminalType', this.options.terminalType ?? 'FK-Emulator'],
        ['TerminalID', this.options.terminalId ?? 1],
        ['DeviceSerialNo', this.options.serial],
        ['TransID', ++this.#keepAliveId],
        ['Event', 'KeepAlive'],
        ['DevTime', formatLocal(this.clock.now())],
      ]),
    );
    while (this.#running && !closed) {
      const next = this.#log.find((r) => !r.acked);
      if (!next) {
        await sleep(50);
        continue;
      }
      if (this.#sentOnce.has(next.transId)) this.resends++;
      this.#sentOnce.add(next.transId);
      waitingFor = { transId: String(next.transId), eventName: this.#eventName };
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
