import { type DayReason, type DayReasonMessage, type DayReasonValue, type Direction, formatMinutes, timeOf } from '../../../../shared/attendance/index.ts';
import type { Occurrence, ShiftRule } from './shift-time.ts';

/**
 * How the reconciliation engine words a day's reasons: each in English (`text`, what the API has
 * always answered) and as a catalogue message with its values (`employee:dayReason.<id>`), so the
 * console shows it in the reader's language. Pure, like the engine.
 */

const MINUTE = 60_000;

const shiftTexts = new WeakMap<ShiftRule, DayReason>();

/** "General 09:30–18:30" (with the core hours of a flexible shift), once per shift rule. */
export function shiftReason(shift: ShiftRule): DayReason {
  let reason = shiftTexts.get(shift);
  if (reason === undefined) {
    const values: Record<string, DayReasonValue> = { name: shift.name, start: timeOf(shift.start), end: timeOf(shift.end) };
    reason = shift.flexible
      ? {
          rule: 'shift',
          text: `${shift.name} ${timeOf(shift.start)}–${timeOf(shift.end)} (flexible, core ${timeOf(shift.flexible.coreStart)}–${timeOf(shift.flexible.coreEnd)}, ${formatMinutes(shift.flexible.required)} required)`,
          messageId: 'shiftFlexible',
          messageValues: { ...values, coreStart: timeOf(shift.flexible.coreStart), coreEnd: timeOf(shift.flexible.coreEnd), required: { duration: shift.flexible.required } },
        }
      : { rule: 'shift', text: `${shift.name} ${timeOf(shift.start)}–${timeOf(shift.end)}`, messageId: 'shift', messageValues: values };
    shiftTexts.set(shift, reason);
  }
  return reason;
}

/** The local `HH:MM` of an instant within an occurrence (its start's local time plus the minutes since). */
export function clockAt(o: Occurrence, t: number): string {
  return timeOf(o.shift.start + Math.floor((t - o.start) / MINUTE));
}

/** "18:30", or "03:45 the next day" when the instant falls after the shift day's midnight (with the same as a message value). */
export function whenAt(o: Occurrence, t: number): { text: string; value: DayReasonValue } {
  const minutes = o.shift.start + Math.floor((t - o.start) / MINUTE);
  return minutes >= 1440 ? { text: `${timeOf(minutes)} the next day`, value: { nextDay: timeOf(minutes) } } : { text: timeOf(minutes), value: timeOf(minutes) };
}

export function sayMissing(reasons: DayReason[], u: { punch: { at: number }; direction: Direction }, o: Occurrence): void {
  const time = clockAt(o, u.punch.at);
  if (u.direction === 'in') say(reasons, 'missing-punch', `missing punch: in at ${time} has no out`, 'missingIn', { time });
  else say(reasons, 'missing-punch', `missing punch: out at ${time} has no in`, 'missingOut', { time });
}

/** A reason: its English words and the same as a catalogue message, for readers of other languages. */
export function say(reasons: DayReason[], rule: string, text: string, messageId: DayReasonMessage, messageValues: Record<string, DayReasonValue> = {}): void {
  reasons.push({ rule, text, messageId, messageValues });
}

/** "yes"/"no" for a message's select (ICU selects take words, not booleans). */
export function yesNo(value: boolean): string {
  return value ? 'yes' : 'no';
}

export const leaveTypeOf = (l: { code: string; name: string }): DayReasonValue => ({ leaveType: { code: l.code, name: l.name } });
