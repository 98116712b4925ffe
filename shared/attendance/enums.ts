import { z } from 'zod';
import EN_LABELS from '../i18n/en-IN/labels.json' with { type: 'json' };

/** The closed sets attendance speaks in: day statuses, punch sources and flags, terminal direction policies, regularization kinds and states. */

/**
 * The status of a reconciled day. `Pending` is a day that is not final yet
 * (still in progress, or a terminal of the employee's location has not
 * reported past the end of the shift window): no absence is marked on it.
 */
export const ATTENDANCE_STATUSES = [
  'Present',
  'HalfDay',
  'Absent',
  'MissingPunch',
  'OnLeave',
  'HalfDayLeave',
  'Holiday',
  'WeeklyOff',
  'WorkedOnHoliday',
  'WorkedOnWeeklyOff',
  'Pending',
] as const;
export const AttendanceStatus = z.enum(ATTENDANCE_STATUSES);
export type AttendanceStatus = z.infer<typeof AttendanceStatus>;

export interface StatusMeta {
  /** Short code for grid cells and exports. */
  code: string;
  label: string;
  /** Background colour (hex RRGGBB) in exports and the console grid. */
  fill: string;
  /** Mantine colour name for badges. */
  color: string;
}

// The English labels live in the `labels` catalogue (one map for the console, exports and messages).
export const STATUS_META: Readonly<Record<AttendanceStatus, StatusMeta>> = {
  Present: { code: 'P', label: EN_LABELS.attendanceStatus.Present, fill: 'C6EFCE', color: 'teal' },
  HalfDay: { code: 'HD', label: EN_LABELS.attendanceStatus.HalfDay, fill: 'FFEB9C', color: 'yellow' },
  Absent: { code: 'A', label: EN_LABELS.attendanceStatus.Absent, fill: 'FFC7CE', color: 'red' },
  MissingPunch: { code: 'MP', label: EN_LABELS.attendanceStatus.MissingPunch, fill: 'F8CBAD', color: 'orange' },
  OnLeave: { code: 'L', label: EN_LABELS.attendanceStatus.OnLeave, fill: 'BDD7EE', color: 'blue' },
  HalfDayLeave: { code: 'HL', label: EN_LABELS.attendanceStatus.HalfDayLeave, fill: 'DDEBF7', color: 'cyan' },
  Holiday: { code: 'H', label: EN_LABELS.attendanceStatus.Holiday, fill: 'E4DFEC', color: 'grape' },
  WeeklyOff: { code: 'WO', label: EN_LABELS.attendanceStatus.WeeklyOff, fill: 'EDEDED', color: 'gray' },
  WorkedOnHoliday: { code: 'WH', label: EN_LABELS.attendanceStatus.WorkedOnHoliday, fill: 'A9D08E', color: 'lime' },
  WorkedOnWeeklyOff: { code: 'WW', label: EN_LABELS.attendanceStatus.WorkedOnWeeklyOff, fill: 'A9D08E', color: 'lime' },
  Pending: { code: '…', label: EN_LABELS.attendanceStatus.Pending, fill: 'FFFFFF', color: 'gray' },
};

export const PUNCH_SOURCES = ['terminal', 'self', 'manual', 'import'] as const;
export const PunchSource = z.enum(PUNCH_SOURCES);
export type PunchSource = z.infer<typeof PunchSource>;

export const Direction = z.enum(['in', 'out']);
export type Direction = z.infer<typeof Direction>;

export const PUNCH_FLAGS = ['OffZone', 'WrongLocation'] as const;
export const PunchFlag = z.enum(PUNCH_FLAGS);
export type PunchFlag = z.infer<typeof PunchFlag>;

export const DIRECTION_POLICIES = ['fixed-in', 'fixed-out', 'by-state', 'alternating'] as const;
export const DirectionPolicy = z.enum(DIRECTION_POLICIES);
export type DirectionPolicy = z.infer<typeof DirectionPolicy>;

export const REGULARIZATION_KINDS = ['MissingPunchIn', 'MissingPunchOut', 'OffZone', 'ManualEntry', 'WrongLocation'] as const;
export const RegularizationKind = z.enum(REGULARIZATION_KINDS);
export type RegularizationKind = z.infer<typeof RegularizationKind>;

export const REGULARIZATION_STATUSES = ['AwaitingManager', 'ManagerApprovedAwaitingHR', 'Approved', 'Rejected'] as const;
export const RegularizationStatus = z.enum(REGULARIZATION_STATUSES);
export type RegularizationStatus = z.infer<typeof RegularizationStatus>;
