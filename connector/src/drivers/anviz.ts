/**
 * Anviz client over TCP (port 5010) or a serial line (RS-232/RS-485 through
 * `serialport`): the same frames on both. One command in flight; replies are
 * matched by command code and device id (an RS-485 bus carries several).
 */
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { SerialPort } from 'serialport';
import type { LocalDateTime } from '../local-time.ts';
import { DriverError, type DeviceInfo, type RawPunch, type TerminalDriver } from './types.ts';
import {
  ANVIZ,
  ANVIZ_RESULT,
  AnvizFramer,
  RECORDS_ALL,
  RECORDS_NEXT,
  RECORDS_PER_PAGE,
  decodeClock,
  decodeRecordInfo,
  decodeRecordPage,
  decodeText,
  encodeClock,
  encodeCommand,
  encodeRecordsRequest,
  type AnvizFrame,
  type AnvizRecord,
} from './anviz-codec.ts';

export type AnvizLink = { kind: 'tcp'; host: string; port: number } | { kind: 'serial'; path: string; baudRate: number };

export interface AnvizOptions {
  link: AnvizLink;
  /** The device id the terminal answers to (its RS-485 address). */
  deviceId: number;
  timeoutMs?: number;
  /** Whole-log read attempts: paging has no offsets, so a failed page restarts the read. */
  readAttempts?: number;
}

const VERIFY_NAMES: Record<number, string> = { 1: 'fingerprint', 2: 'fingerprint', 8: 'password', 16: 'card' };

export function anvizVerifyName(code: number): string {
  return VERIFY_NAMES[code] ?? `code ${code}`;
}

function toRawPunch(r: AnvizRecord): RawPunch {
  return { userId: String(r.userCode), local: r.time, state: String(r.recordType), verify: anvizVerifyName(r.backupCode) };
}

function openLink(link: AnvizLink, timeoutMs: number): Promise<Duplex> {
  if (link.kind === 'tcp') {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: link.host, port: link.port, noDelay: true });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new DriverError(`no TCP connection to ${link.host}:${link.port} within ${timeoutMs} ms`));
      }, timeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve(socket);
      });
      socket.once('error', (error) => {
        clearTimeout(timer);
        reject(new DriverError(`cannot connect to ${link.host}:${link.port}: ${error.message}`));
      });
    });
  }
  return new Promise((resolve, reject) => {
    const port = new SerialPort({ path: link.path, baudRate: link.baudRate, autoOpen: false });
    port.open((error) => (error ? reject(new DriverError(`cannot open ${link.path}: ${error.message}`)) : resolve(port)));
  });
}

export class AnvizDriver implements TerminalDriver {
  readonly family = 'anviz';
  readonly options: Required<AnvizOptions>;
  #stream: Duplex | undefined;
  #framer = new AnvizFramer('reply');
  #waiter: { code: number; resolve: (f: AnvizFrame) => void; reject: (e: Error) => void; timer: NodeJS.Timeout } | undefined;
  #closeListeners: ((error?: Error) => void)[] = [];
  #closed = false;

  constructor(options: AnvizOptions) {
    this.options = { timeoutMs: 5_000, readAttempts: 3, ...options };
  }

  onClose(listener: (error?: Error) => void): void {
    this.#closeListeners.push(listener);
  }

  async connect(): Promise<DeviceInfo> {
    const stream = await openLink(this.options.link, this.options.timeoutMs);
    this.#stream = stream;
    let lastError: Error | undefined;
    stream.on('data', (chunk: Buffer) => {
      for (const frame of this.#framer.push(chunk)) this.#onFrame(frame);
    });
    stream.on('error', (error) => (lastError = error));
    stream.on('close', () => this.#onClose(lastError));
    const serial = decodeText(await this.#request(ANVIZ.GET_SN));
    if (!serial) throw new DriverError('the terminal did not report a serial number', 'protocol');
    const name = decodeText(await this.#request(ANVIZ.GET_DEVICE_TYPE));
    const info = await this.#request(ANVIZ.GET_INFO);
    const firmware = decodeText(info.subarray(0, 8));
    const recordCount = await this.recordCount();
    return { serial, ...(name ? { name } : {}), ...(firmware ? { firmware } : {}), recordCount };
  }

  #onClose(error?: Error): void {
    if (this.#closed) return;
    this.#closed = true;
    const waiter = this.#waiter;
    this.#waiter = undefined;
    if (waiter) {
      clearTimeout(waiter.timer);
      waiter.reject(new DriverError(`connection lost${error ? `: ${error.message}` : ''}`));
    }
    for (const listener of this.#closeListeners) listener(error);
  }

  #onFrame(frame: AnvizFrame): void {
    const waiter = this.#waiter;
    // Other devices on a bus, heartbeats (0x7F) and late replies are not ours.
    if (!waiter || frame.deviceId !== this.options.deviceId || frame.code !== ((waiter.code | 0x80) & 0xff)) return;
    this.#waiter = undefined;
    clearTimeout(waiter.timer);
    if (frame.result !== ANVIZ_RESULT.SUCCESS) waiter.reject(new DriverError(`command 0x${waiter.code.toString(16)} failed (result ${frame.result})`, 'protocol'));
    else waiter.resolve(frame);
  }

  async #request(code: number, data?: Buffer): Promise<Buffer> {
    const stream = this.#stream;
    if (!stream || this.#closed) throw new DriverError('not connected');
    if (this.#waiter) throw new Error('AnvizDriver: a command is already in flight');
    const frame = await new Promise<AnvizFrame>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiter = undefined;
        reject(new DriverError(`no reply to command 0x${code.toString(16)} within ${this.options.timeoutMs} ms`));
      }, this.options.timeoutMs);
      this.#waiter = { code, resolve, reject, timer };
      stream.write(encodeCommand(this.options.deviceId, code, data));
    });
    return frame.data;
  }

  async recordCount(): Promise<number> {
    return decodeRecordInfo(await this.#request(ANVIZ.GET_RECORD_INFO)).allRecords;
  }

  async readClock(): Promise<LocalDateTime> {
    return decodeClock(await this.#request(ANVIZ.GET_CLOCK));
  }

  async setClock(t: LocalDateTime): Promise<void> {
    await this.#request(ANVIZ.SET_CLOCK, encodeClock(t));
  }

  async readLog(onRecords: (records: RawPunch[]) => void): Promise<number> {
    let lastError: Error | undefined;
    for (let attempt = 1; attempt <= this.options.readAttempts; attempt++) {
      try {
        return await this.#readAll(onRecords);
      } catch (error) {
        lastError = error as Error;
        if (this.#closed) break;
        // Paging has no offsets: let a late reply of the failed page go by (no waiter: dropped), then start over.
        await new Promise((r) => setTimeout(r, Math.min(this.options.timeoutMs, 1_000)));
      }
    }
    throw new DriverError(`log read failed after ${this.options.readAttempts} attempts: ${lastError?.message ?? 'unknown'}`);
  }

  async #readAll(onRecords: (records: RawPunch[]) => void): Promise<number> {
    let remaining = await this.recordCount();
    let read = 0;
    let kind = RECORDS_ALL;
    while (remaining > 0) {
      const page = decodeRecordPage(await this.#request(ANVIZ.GET_RECORDS, encodeRecordsRequest(kind, Math.min(remaining, RECORDS_PER_PAGE))));
      if (page.length === 0) break;
      onRecords(page.map(toRawPunch));
      read += page.length;
      remaining -= page.length;
      kind = RECORDS_NEXT;
    }
    return read;
  }

  async disconnect(): Promise<void> {
    const stream = this.#stream;
    this.#stream = undefined;
    if (!stream) return;
    this.#closed = true;
    await new Promise<void>((resolve) => {
      if (stream instanceof SerialPort) {
        if (!stream.isOpen) return resolve();
        stream.close(() => resolve());
      } else if (stream.closed) {
        resolve();
      } else {
        stream.once('close', () => resolve());
        stream.destroy();
      }
    });
  }
}
