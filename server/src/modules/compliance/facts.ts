import type { Db } from '../../context.ts';
import { policyOf, publicHolidayOn, registerDays, registerDaySums, registerDaysWithStatus, weeklyOffOn, type Policy, type RegisterDay } from '../attendance/index.ts';
import { type RegisterRecordRow, registerRecords, registerSerials } from '../employees/index.ts';
import { type ChecklistFact, documentChecklistFacts } from '../documents/index.ts';
import { type LeaveRegisterFacts, leaveRegisterFacts } from '../leave/index.ts';
import { addDays, startOfDayInZone } from '../../../../shared/dates.ts';
import { establishmentOf } from '../org/index.ts';

/**
 * Reads what registers are built from, through the owning modules' public
 * read functions, once per range: a bundle builds ten registers from one
 * load. Nothing here checks permissions: the compliance use cases do.
 */

export type EstablishmentData = Awaited<ReturnType<typeof establishmentOf>>;

export class FactsLoader {
  private readonly memo = new Map<string, Promise<unknown>>();

  constructor(
    readonly db: Db,
    readonly locationId: string | null,
  ) {}

  private once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let p = this.memo.get(key) as Promise<T> | undefined;
    if (!p) {
      p = load();
      this.memo.set(key, p);
    }
    return p;
  }

  establishment(): Promise<EstablishmentData> {
    return this.once('establishment', () => establishmentOf(this.db));
  }

  policy(): Promise<Policy> {
    return this.once('policy', () => policyOf(this.db));
  }

  serials(): Promise<Map<string, number>> {
    return this.once('serials', () => registerSerials(this.db, this.locationId));
  }

  /** Employees of the location (or all) employed at some time in from..to. */
  employees(from: string, to: string): Promise<RegisterRecordRow[]> {
    return this.once(`employees|${from}|${to}`, () => registerRecords(this.db, { locationId: this.locationId ?? undefined, from, to }));
  }

  /** Everyone on the rolls of the organisation on a day (EPF/ESI thresholds count the establishment). */
  async headcountOn(day: string): Promise<number> {
    return this.once(`headcount|${day}`, async () => (await registerRecords(this.db, { from: day, to: day })).length);
  }

  days(from: string, to: string): Promise<RegisterDay[]> {
    return this.once(`days|${from}|${to}`, async () => {
      const ids = (await this.employees(from, to)).map((e) => e.id);
      return registerDays(this.db, this.locationId ? ids : 'all', from, to);
    });
  }

  daysWorked(from: string, to: string): Promise<Map<string, number>> {
    return this.once(`worked|${from}|${to}`, async () => {
      const ids = (await this.employees(from, to)).map((e) => e.id);
      const sums = await registerDaySums(this.db, this.locationId ? ids : 'all', from, to);
      return new Map(sums.map((s) => [s.employee_id, s.present]));
    });
  }

  workedOnHolidays(from: string, to: string) {
    return this.once(`holidays-worked|${from}|${to}`, () => registerDaysWithStatus(this.db, ['WorkedOnHoliday'], from, to));
  }

  leave(from: string, to: string): Promise<LeaveRegisterFacts> {
    return this.once(`leave|${from}|${to}`, async () => {
      const ids = (await this.employees(from, to)).map((e) => e.id);
      return leaveRegisterFacts(this.db, ids, from, to);
    });
  }

  /** The document checklist of the employees on the rolls on a day, as it stood at the day's end. */
  documentChecklist(day: string, timeZone: string): Promise<ChecklistFact[]> {
    return this.once(`documents|${day}`, async () => {
      const employees = await this.employees(`${day.slice(0, 7)}-01`, day);
      const end = new Date(startOfDayInZone(addDays(day, 1), timeZone).getTime() - 1).toISOString();
      return documentChecklistFacts(this.db, employees, { instant: end, day });
    });
  }

  /** Whether a day is a working day at a location (not a weekly off, not a public holiday). */
  async workingDay(): Promise<(locationId: string | null, day: string) => boolean> {
    const policy = await this.policy();
    return (locationId, day) => !weeklyOffOn(policy, locationId, day) && !publicHolidayOn(policy, locationId, day);
  }
}
