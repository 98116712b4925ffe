/** Attendance contracts, by subject; importers use this file. */
export * from './days.ts';
export * from './enums.ts';
export * from './policy.ts';
export * from './punches.ts';
export * from './reasons.ts';
export * from './recompute.ts';
export * from './regularizations.ts';
export * from './time.ts';
export * from './views.ts';
