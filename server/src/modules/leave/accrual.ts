import { addDays, financialYearStart, formatDay, monthBounds, splitDay } from '../../../../shared/dates.ts';
import type { AccrualMethod } from '../../../../shared/leave/index.ts';

/**
 * Ledger arithmetic, pure: which credits are due (annual grants, monthly
 * accruals, pro-rated for joiners), how a year-end balance splits into carry
 * forward, lapse and encashment, and which expiring credits (comp-off) lapse.
 * Every credit carries a period key; the ledger's unique (employee, type,
 * period key) makes the jobs idempotent and lets them catch up missed periods.
 */

export interface AccrualPolicy {
  accrual: AccrualMethod;
  annualDays: number;
  monthlyDays: number;
  prorateJoiners: boolean;
  /** Credits start with the leave year containing this day. */
  accrualFrom: string;
}

export interface Credit {
  periodKey: string;
  kind: 'grant' | 'accrual';
  days: number;
  effectiveDate: string;
  reason: string;
}

export function roundToHalf(n: number): number {
  return Math.round(n * 2) / 2;
}

export function roundToQuarter(n: number): number {
  return Math.round(n * 4) / 4;
}

/** First day of the leave year containing `day`. */
export const leaveYearStart = financialYearStart;

/** Last day of the leave year starting `start`. */
export function leaveYearEnd(start: string): string {
  const [y, m] = splitDay(start);
  return addDays(formatDay(y + 1, m, 1), -1);
}

/** First day of the next leave year. */
export function nextLeaveYear(start: string): string {
  const [y, m] = splitDay(start);
  return formatDay(y + 1, m, 1);
}

/** `FY 2026-27` for an April year, `2026` for a calendar year. */
export function leaveYearLabel(start: string): string {
  const [y, m] = splitDay(start);
  return m === 1 ? String(y) : `FY ${y}-${String((y + 1) % 100).padStart(2, '0')}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function monthLabel(first: string): string {
  const [y, m] = splitDay(first);
  return `${MONTHS[m - 1]} ${y}`;
}

function nextMonth(first: string): string {
  const [y, m] = splitDay(first);
  return m === 12 ? formatDay(y + 1, 1, 1) : formatDay(y, m + 1, 1);
}

/** Whole months a joiner serves in the year ending `yearEnd`: the joining month counts when joined by the 15th. */
export function monthsLeftInYear(joined: string, yearEnd: string): number {
  const [jy, jm, jd] = splitDay(joined);
  const [ey, em] = splitDay(yearEnd);
  const months = (ey - jy) * 12 + (em - jm) + 1;
  return Math.max(0, Math.min(12, jd <= 15 ? months : months - 1));
}

/**
 * Every credit due from the policy's start (or the joining date) up to and
 * including `today`: annual grants on each leave year's first day, monthly
 * accruals on each month's first day. A joiner's first period is pro-rated
 * (annual: whole months left, rounded to half days; monthly: days left in the
 * month, rounded to quarter days) when the policy says so. Nothing is due for
 * periods starting after the exit date.
 */
export function dueCredits(input: {
  policy: AccrualPolicy;
  joinedDate: string;
  exitDate: string | null;
  today: string;
  yearStartMonth: number;
}): Credit[] {
  const { policy, joinedDate, exitDate, today, yearStartMonth } = input;
  const credits: Credit[] = [];
  if (joinedDate > today) return credits;
  const firstYear = leaveYearStart(policy.accrualFrom, yearStartMonth);
  if (policy.accrual === 'annual' && policy.annualDays > 0) {
    for (let start = firstYear; start <= today; start = nextLeaveYear(start)) {
      const end = leaveYearEnd(start);
      if (joinedDate > end) continue;
      if (exitDate !== null && exitDate < start) break;
      const joinedInYear = joinedDate > start;
      const fraction = joinedInYear && policy.prorateJoiners ? monthsLeftInYear(joinedDate, end) / 12 : 1;
      const days = roundToHalf(policy.annualDays * fraction);
      if (days <= 0) continue;
      credits.push({
        periodKey: `grant:${start}`,
        kind: 'grant',
        days,
        effectiveDate: joinedInYear ? joinedDate : start,
        reason: `Annual grant for ${leaveYearLabel(start)}${fraction < 1 ? ` (pro-rated: joined ${joinedDate})` : ''}`,
      });
    }
  }
  if (policy.accrual === 'monthly' && policy.monthlyDays > 0) {
    const joinedMonth = monthBounds(joinedDate).first;
    const fromMonth = firstYear > joinedMonth ? firstYear : joinedMonth;
    for (let first = fromMonth; first <= today; first = nextMonth(first)) {
      if (exitDate !== null && exitDate < first) break;
      const joinedInMonth = joinedDate > first;
      const { last } = monthBounds(first);
      const length = splitDay(last)[2];
      const fraction = joinedInMonth && policy.prorateJoiners ? (length - splitDay(joinedDate)[2] + 1) / length : 1;
      const days = roundToQuarter(policy.monthlyDays * fraction);
      if (days <= 0) continue;
      credits.push({
        periodKey: `accrual:${first.slice(0, 7)}`,
        kind: 'accrual',
        days,
        effectiveDate: joinedInMonth ? joinedDate : first,
        reason: `Monthly accrual for ${monthLabel(first)}${fraction < 1 ? ` (pro-rated: joined ${joinedDate})` : ''}`,
      });
    }
  }
  return credits;
}

export interface YearEndSplit {
  carryForward: number;
  lapse: number;
  encash: number;
}

/**
 * How a closing balance leaves the year: up to the cap is carried forward
 * (no cap: all of it; a negative balance is carried as it is), the rest is
 * encashed when the policy allows, else it lapses.
 */
export function splitYearEnd(closing: number, cap: number | null, encashable: boolean): YearEndSplit {
  if (cap === null || closing <= cap) return { carryForward: closing, lapse: 0, encash: 0 };
  const excess = closing - cap;
  return { carryForward: cap, lapse: encashable ? 0 : excess, encash: encashable ? excess : 0 };
}

/** What one leave year brings and holds, for checking a request against each year it touches. */
export interface YearFigures {
  yearStart: string;
  /** Ledger entries of the year: for the first (current) year every entry effective up to its end; for a later year those effective in it. */
  entries: number;
  /** Credits the year will bring that are not in the ledger yet: due by the last day asked in it, and over the whole year. */
  creditsToDate: number;
  creditsInYear: number;
  /** Days held by pending requests in the year. */
  pending: number;
  /** Days the request at hand takes in the year. */
  asked: number;
}

export interface YearPosition {
  yearStart: string;
  /** What the year has for the request's days: its entries and credits, plus what the year end before it will carry in. */
  balance: number;
  pending: number;
  asked: number;
}

/**
 * The balance of each leave year from the current one on, in order: a later
 * year opens with what the year end will carry forward from the year before
 * (its closing balance after pending holds and the request, split by the cap),
 * so days promised to one year are never paid from another's balance.
 */
export function projectYears(years: readonly YearFigures[], cap: number | null, encashable: boolean): YearPosition[] {
  const out: YearPosition[] = [];
  let carried = 0;
  for (const y of years) {
    out.push({ yearStart: y.yearStart, balance: carried + y.entries + y.creditsToDate, pending: y.pending, asked: y.asked });
    carried = splitYearEnd(carried + y.entries + y.creditsInYear - y.pending - y.asked, cap, encashable).carryForward;
  }
  return out;
}

export interface LedgerFact {
  id: string;
  kind: string;
  days: number;
  effectiveDate: string;
  expiresOn: string | null;
  periodKey: string | null;
}

export interface Expiry {
  creditId: string;
  days: number;
  expiresOn: string;
  /** The day the lapse is written for: the day after the last usable day. */
  effectiveDate: string;
}

const EXPIRY_PREFIX = 'expiry:';

export function expiryKey(creditId: string): string {
  return EXPIRY_PREFIX + creditId;
}

/**
 * Expiring credits (comp-off) whose last usable day is before `today` and
 * whose unused part has not lapsed yet. Debits use the oldest credit still
 * valid on their day first (FIFO).
 */
export function dueExpiries(entries: readonly LedgerFact[], today: string): Expiry[] {
  const byDate = (a: LedgerFact, b: LedgerFact) => a.effectiveDate.localeCompare(b.effectiveDate) || a.id.localeCompare(b.id);
  const lapsed = new Map<string, number>();
  for (const e of entries) {
    if (e.periodKey?.startsWith(EXPIRY_PREFIX)) lapsed.set(e.periodKey.slice(EXPIRY_PREFIX.length), -e.days);
  }
  const lots = entries
    .filter((e) => e.days > 0)
    .sort(byDate)
    .map((e) => ({ ...e, remaining: e.days - (lapsed.get(e.id) ?? 0) }));
  const debits = entries.filter((e) => e.days < 0 && !e.periodKey?.startsWith(EXPIRY_PREFIX)).sort(byDate);
  for (const debit of debits) {
    let owed = -debit.days;
    for (const lot of lots) {
      if (owed <= 0) break;
      if (lot.remaining <= 0 || lot.effectiveDate > debit.effectiveDate) continue;
      if (lot.expiresOn !== null && lot.expiresOn < debit.effectiveDate) continue;
      const used = Math.min(owed, lot.remaining);
      lot.remaining -= used;
      owed -= used;
    }
  }
  return lots
    .filter((l) => l.expiresOn !== null && l.expiresOn < today && !lapsed.has(l.id) && l.remaining > 0)
    .map((l) => ({ creditId: l.id, days: l.remaining, expiresOn: l.expiresOn as string, effectiveDate: addDays(l.expiresOn as string, 1) }));
}
