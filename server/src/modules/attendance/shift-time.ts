import { TZDate } from '@date-fns/tz';
import { addDays, splitDay } from '../../../../shared/dates.ts';

/**
 * Pure time helpers of the engine: local wall-clock times of a shift day in
 * the organisation's zone become instants once, here, with a real tz library.
 */

const zoned = new Map<string, number>();

/** Epoch ms of `minutes` after local midnight of `day` in `timeZone` (minutes may exceed 1440). */
export function zonedInstant(day: string, minutes: number, timeZone: string): number {
  const extraDays = Math.floor(minutes / 1440);
  const d = extraDays ? addDays(day, extraDays) : day;
  const m = minutes - extraDays * 1440;
  const key = `${timeZone}|${d}|${m}`;
  let hit = zoned.get(key);
  if (hit === undefined) {
    const [y, mo, dd] = splitDay(d);
    hit = new TZDate(y, mo - 1, dd, Math.floor(m / 60), m % 60, 0, 0, timeZone).getTime();
    if (zoned.size > 200_000) zoned.clear();
    zoned.set(key, hit);
  }
  return hit;
}
