import type { Logger } from 'pino';
import type { LocalDateTime } from '../local-time.ts';
import type { TerminalIdentity } from '../records.ts';
import type { Spool } from '../spool.ts';

/** A pushing terminal as the connector knows it once it has said its serial. */
export interface PushTerminal {
  /** The spool's terminal key: the registry id, or `push:<serial>` for a terminal not in the registry yet. */
  key: string;
  identity: TerminalIdentity;
  mapping?: ReadonlyMap<string, number>;
}

/** What a receiver needs from the connector. */
export interface ReceiverContext {
  spool: Spool;
  logger: Logger;
  /** Matches a serial (and the port it arrived on) to a configured terminal. */
  resolve(serial: string, details: { terminalId?: number; deviceUid?: string }): PushTerminal;
  /** Something was spooled: the sender should look. */
  spooled(): void;
  /** Contact from a terminal (and its clock, when the message carried one). */
  contact(terminal: PushTerminal, event: { records?: number; clock?: LocalDateTime }): void;
}

export interface Receiver {
  readonly port: number;
  close(): Promise<void>;
}
