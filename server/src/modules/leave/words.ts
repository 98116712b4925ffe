/** How leave is put in words in messages, the ledger and the audit trail. */

/** "1 day", "2.5 days". */
export const fmtDays = (n: number): string => `${n} day${n === 1 ? '' : 's'}`;

/** "2026-11-18" or "2026-11-18 to 2026-11-20". */
export const spanOf = (from: string, to: string): string => (from === to ? from : `${from} to ${to}`);

/** "2026-11-18" or "2026-11-18 (and 2 more days)". */
export const firstOf = (days: readonly string[]): string => `${days[0]}${days.length > 1 ? ` (and ${fmtDays(days.length - 1)} more)` : ''}`;
