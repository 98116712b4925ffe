import type { LocalDateTime } from '../local-time.ts';

/** What a terminal says about itself once connected. */
export interface DeviceInfo {
  serial: string;
  name?: string;
  firmware?: string;
  /** A hardware id the server may show (MAC address, device UID). */
  deviceUid?: string;
  recordCount: number;
}

/** One punch as read from a terminal, before any interpretation. */
export interface RawPunch {
  /** The enrolment number exactly as the terminal stores it (may be non-numeric). */
  userId: string;
  /** Wall time of the terminal clock; may be a date that cannot exist (checked later). */
  local: LocalDateTime;
  /** Punch state code as text, e.g. `0`, `1`, `255`. */
  state: string;
  /** Verification as text, e.g. `fingerprint`. */
  verify: string;
  /** The terminal's own record number, when the protocol has one. */
  deviceTransId?: number;
  photoBase64?: string;
  /** The record's bytes as the terminal sent them (hex), kept with a record that cannot be read. */
  raw?: string;
  /**
   * Why the record cannot be sent as read (e.g. an 8-byte ZK record whose user
   * slot is not in the terminal's user table): it is kept as a dead letter
   * with this reason instead of being guessed.
   */
  unreadable?: string;
}

/**
 * One terminal protocol. A driver holds at most one connection; its owner
 * (the terminal worker) serialises calls.
 */
export interface TerminalDriver {
  /** Protocol family as sent to the server (`terminalType`). */
  readonly family: string;
  connect(): Promise<DeviceInfo>;
  /** Records the terminal currently holds. */
  recordCount(): Promise<number>;
  readClock(): Promise<LocalDateTime>;
  setClock(t: LocalDateTime): Promise<void>;
  /**
   * Reads the whole attendance log, chunk by chunk; `onRecords` receives the
   * records of each chunk in log order. Resolves with the number read.
   */
  readLog(onRecords: (records: RawPunch[]) => void): Promise<number>;
  /**
   * Realtime punches where the protocol has them: a latency boost, the log read stays the truth.
   * `onAnomaly` hears of events that could not be read (never silently dropped).
   */
  subscribe?(onPunch: (punch: RawPunch) => void, onAnomaly?: (anomaly: DriverAnomaly) => void): Promise<void>;
  /** Called once when the connection drops. */
  onClose(listener: (error?: Error) => void): void;
  disconnect(): Promise<void>;
}

export class DriverError extends Error {
  constructor(
    message: string,
    /** `auth`: credentials refused (retrying will not help until fixed); `io`: network/timeouts. */
    readonly kind: 'auth' | 'io' | 'protocol' = 'io',
  ) {
    super(message);
  }
}

/** Something a terminal sent that could not be read (a realtime event of an unknown size…). */
export interface DriverAnomaly {
  reason: string;
  /** The bytes, hex. */
  raw?: string;
}

/** Largest part of an undecodable block kept with its dead letter (the rest is named by size and digest). */
export const UNDECODABLE_RAW_MAX = 64 * 1024;

/**
 * A block of records that matches no record layout (or whose records are not
 * plausible in any): nothing of it may be sent. `raw` holds its first bytes.
 */
export class UndecodableBlock extends DriverError {
  constructor(
    message: string,
    readonly raw: Buffer,
    /** Bytes in the whole block. */
    readonly totalBytes: number,
  ) {
    super(message, 'protocol');
  }
}
