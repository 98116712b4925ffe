import { formatDate } from '../../../../shared/labels.ts';

/** How leave is put in words in messages, the ledger and the audit trail. */

/** "1 day", "2.5 days". */
export const fmtDays = (n: number): string => `${n} day${n === 1 ? '' : 's'}`;

/** "18 Nov 2026" or "18 Nov 2026 to 20 Nov 2026": dates as people write them. */
export const spanOf = (from: string, to: string): string => (from === to ? formatDate(from) : `${formatDate(from)} to ${formatDate(to)}`);

/** "18 Nov 2026" or "18 Nov 2026 (and 2 more days)". */
export const firstOf = (days: readonly string[]): string => `${formatDate(days[0])}${days.length > 1 ? ` (and ${fmtDays(days.length - 1)} more)` : ''}`;
