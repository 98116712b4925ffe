import { z } from 'zod';

/**
 * The messages a day's reasons are, so a reader sees them in their language: each reason the
 * engine writes carries one of these ids (an `employee:dayReason.<id>` message of the catalogues)
 * with its values, beside the English `text`. The list is what the catalogue test walks: a reason
 * added to the engine without a message in every language fails it.
 */
export const DAY_REASON_MESSAGES = [
  'debounce',
  'flagged',
  'wrongLocation',
  'wrongLocationHome',
  'worked',
  'workedBreak',
  'overrideWorked',
  'overrideOt',
  'pendingUntil',
  'pendingNeverReported',
  'pendingTerminal',
  'leave',
  'leaveHalves',
  'leaveAlsoPunched',
  'holiday',
  'weeklyOff',
  'missingIn',
  'missingOut',
  'offDayOvertime',
  'offDayCompOff',
  'shift',
  'shiftFlexible',
  'halfLeave',
  'outsideShift',
  'late',
  'earlyArrival',
  'earlyLeave',
  'overtime',
  'overtimeCapped',
  'noOvertime',
  'halfDayLeaveFull',
  'halfDayLeaveLop',
  'absentNoPunch',
  'absentShort',
  'halfDay',
  'present',
] as const;
export const DayReasonMessage = z.enum(DAY_REASON_MESSAGES).meta({
  description: 'The message the reason is: `employee:dayReason.<messageId>` of the catalogues (`shared/i18n/<lang>/employee.json`).',
});
export type DayReasonMessage = z.infer<typeof DayReasonMessage>;

/**
 * A reason's value. Plain strings are shown as they are (a clock time "09:42", a name); a number is
 * a count the message's plural reads;
 * the typed ones read differently per language: a duration in minutes ("8h13" / "8 घं 13 मि"),
 * a clock time on the next day, a list of places, a leave type (the glossary's word for a
 * standard code).
 */
export const DayReasonValue = z.union([
  z.string(),
  z.number(),
  z.object({ duration: z.number().int() }).strict(),
  z.object({ nextDay: z.string() }).strict(),
  z.object({ list: z.array(z.string()) }).strict(),
  z.object({ leaveType: z.object({ code: z.string(), name: z.string() }) }).strict(),
]);
export type DayReasonValue = z.infer<typeof DayReasonValue>;
