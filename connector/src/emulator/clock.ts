import { instantToLocal, type LocalDateTime } from '../local-time.ts';

/** A terminal's clock: real time shifted by whatever the terminal believes, shown in its zone. */
export class EmulatedClock {
  #offsetMs = 0;

  constructor(
    readonly timeZone: string,
    readonly realNow: () => Date = () => new Date(),
  ) {}

  /** The wall time the terminal shows now. */
  now(): LocalDateTime {
    return instantToLocal(this.instant(), this.timeZone);
  }

  instant(): Date {
    return new Date(this.realNow().getTime() + this.#offsetMs);
  }

  /** Moves the clock (a fault: a terminal whose clock jumps). */
  jump(seconds: number): void {
    this.#offsetMs += seconds * 1000;
  }

  /** What SET_TIME does: from now on the terminal shows `wall` (read in its zone). */
  set(wallAsInstant: Date): void {
    this.#offsetMs = wallAsInstant.getTime() - this.realNow().getTime();
  }

  get offsetSeconds(): number {
    return Math.round(this.#offsetMs / 1000);
  }
}
