import type { Database } from '../../server/src/db/database.ts';
import type { PunchTable } from '../../server/src/db/schema.ts';
import { newId } from '../../server/src/ids.ts';
import { zonedInstant } from '../../server/src/modules/attendance/shift-time.ts';

/** Bench data for attendance: a month of realistic punches for every employee of a synthetic directory. */

export const BENCH_MONTH = '2026-10';
export const TZ = 'Asia/Kolkata';

/**
 * Inserts about two punches per employee per day of the month (a lunch
 * pair now and then, a few absences and missing punches): ~60,000 for
 * 1,000 employees. Returns how many.
 */
export async function seedMonthOfPunches(db: Database, month = BENCH_MONTH): Promise<number> {
  const employees = await db.selectFrom('employee').select(['id', 'terminal_user_id']).execute();
  const [y, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const rows: PunchTable[] = [];
  const now = new Date().toISOString();
  for (const e of employees) {
    for (let d = 1; d <= days; d++) {
      const day = `${month}-${String(d).padStart(2, '0')}`;
      const r = random();
      if (r < 0.03) continue;
      const at = (minutes: number) => new Date(zonedInstant(day, minutes, TZ)).toISOString();
      const add = (minutes: number, stat: string) =>
        rows.push({
          id: newId(),
          employee_id: e.id,
          source: 'terminal',
          terminal_id: null,
          terminal_serial: 'BENCH-1',
          terminal_user_id: e.terminal_user_id,
          trans_id: null,
          at: at(minutes),
          utc_offset_minutes: 330,
          local_date: day,
          local_time: '00:00:00',
          attend_stat: stat,
          verify_mode: 'fingerprint',
          direction: null,
          photo_path: null,
          geo_lat: null,
          geo_lng: null,
          geo_accuracy: null,
          flags: '',
          supersedes_id: null,
          regularization_id: null,
          note: null,
          created_by_name: null,
          created_at: now,
        });
      add(9 * 60 + 5 + Math.floor(random() * 40), '0');
      if (r > 0.9) {
        add(13 * 60 + Math.floor(random() * 20), '1');
        add(13 * 60 + 45 + Math.floor(random() * 10), '0');
      }
      if (r > 0.05) add(18 * 60 + 20 + Math.floor(random() * 80), '1');
    }
  }
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500) await trx.insertInto('punch').values(rows.slice(i, i + 500)).execute();
  });
  return rows.length;
}
