/**
 * Plausible punches for the demo: people arrive (check-in, state 0), stay a
 * while, leave (check-out, state 1), sometimes come back. One punch every few
 * seconds, picked at random among those who may punch now.
 */
export interface DemoPuncherOptions {
  userIds: number[];
  meanGapMs: number;
  /** Shortest stay between someone's check-in and check-out. */
  minStayMs?: number;
  punch: (userId: number, state: 0 | 1) => void;
  random?: () => number;
  now?: () => number;
}

export class DemoPuncher {
  readonly #options: Required<DemoPuncherOptions>;
  /** Who is in, since when. */
  readonly #inSince = new Map<number, number>();
  #timer: NodeJS.Timeout | undefined;

  constructor(options: DemoPuncherOptions) {
    this.#options = { minStayMs: 60_000, random: Math.random, now: Date.now, ...options };
  }

  /** The next punch: an arrival, or a departure of someone who stayed long enough. */
  next(): { userId: number; state: 0 | 1 } {
    const { userIds, random, now, minStayMs } = this.#options;
    const t = now();
    const leavers = [...this.#inSince].filter(([, since]) => t - since >= minStayMs).map(([id]) => id);
    const arrivals = userIds.filter((id) => !this.#inSince.has(id));
    // Mornings fill up: arrivals win while most people are out.
    if (arrivals.length === 0 && leavers.length === 0) {
      // Everyone is in and nobody stayed long enough: the earliest arrival leaves.
      const [userId] = [...this.#inSince].reduce((a, b) => (b[1] < a[1] ? b : a));
      this.#inSince.delete(userId);
      return { userId, state: 1 };
    }
    const leave = leavers.length > 0 && (arrivals.length === 0 || random() < this.#inSince.size / userIds.length);
    const pool = leave ? leavers : arrivals;
    const userId = pool[Math.floor(random() * pool.length)]!;
    if (leave) {
      this.#inSince.delete(userId);
      return { userId, state: 1 };
    }
    this.#inSince.set(userId, t);
    return { userId, state: 0 };
  }

  start(): void {
    const schedule = () => {
      // Gaps between half and one and a half times the mean.
      const gap = this.#options.meanGapMs * (0.5 + this.#options.random());
      this.#timer = setTimeout(() => {
        const { userId, state } = this.next();
        this.#options.punch(userId, state);
        schedule();
      }, gap);
    };
    schedule();
  }

  stop(): void {
    clearTimeout(this.#timer);
  }
}
