import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.ts';
import * as m0002 from './0002_attendance.ts';
import * as m0003 from './0003_leave.ts';
import * as m0004 from './0004_terminal_users.ts';
import * as m0005 from './0005_punch_append_only.ts';
import * as m0006 from './0006_terminal_sync.ts';
import * as m0007 from './0007_leave_entered_by.ts';
import * as m0008 from './0008_attendance_day_covering.ts';
import * as m0009 from './0009_documents.ts';
import * as m0009b from './0009b_leave_documents.ts';
import * as m0010 from './0010_compliance.ts';
import * as m0011 from './0011_reports.ts';
import * as m0012 from './0012_agent.ts';
import * as m0014 from './0014_reporting_line.ts';
import * as m0015 from './0015_outbox.ts';
import * as m0016 from './0016_language.ts';
import * as m0017 from './0017_one_per_rule.ts';
import * as m0018 from './0018_instances.ts';
import * as m0020 from './0020_directory_covering.ts';

/** A static list, so a bundled build finds every migration without reading a folder. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_attendance': m0002,
  '0003_leave': m0003,
  '0004_terminal_users': m0004,
  '0005_punch_append_only': m0005,
  '0006_terminal_sync': m0006,
  '0007_leave_entered_by': m0007,
  '0008_attendance_day_covering': m0008,
  '0009_documents': m0009,
  '0009b_leave_documents': m0009b,
  '0010_compliance': m0010,
  '0011_reports': m0011,
  '0012_agent': m0012,
  '0014_reporting_line': m0014,
  '0015_outbox': m0015,
  '0016_language': m0016,
  '0017_one_per_rule': m0017,
  '0018_instances': m0018,
  '0020_directory_covering': m0020,
};
