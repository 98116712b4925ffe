import type { StateProfile } from '../../../../../shared/establishment.ts';

/**
 * Day codes as the forms print them: P present, A absent, HD half day, WO
 * weekly off (TN: H, the weekly holiday), NH / FH national and festival
 * holidays, the leave type's code (CL, SL, EL, ML, LOP, CO…), LOP; a day not
 * final yet gets a trailing `?` and the register says so in its notes.
 */

/** National holidays by date (the three national days and May Day, a paid national/festival holiday in most states). */
const NATIONAL = new Set(['01-26', '05-01', '08-15', '10-02']);

export function holidayKind(date: string, name: string | null): 'NH' | 'FH' {
  if (NATIONAL.has(date.slice(5))) return 'NH';
  return name && /republic|independence|gandhi jayanti|may day|labour day|maharashtra day|rajyotsava/i.test(name) ? 'NH' : 'FH';
}

/** TN Form V's codes for leave types Muster names differently (ML there is medical leave; Muster's ML is maternity, MBL there). */
const TN_LEAVE: Record<string, string> = { SL: 'ML', ML: 'MBL', PL: 'EL' };

export function dayCode(
  day: { status: string; leave_code: string | null; holiday_name: string | null; date: string; provisional: number },
  profile: StateProfile,
): string {
  const leave = (code: string | null) => {
    const c = code ?? 'L';
    return profile === 'tn' ? (TN_LEAVE[c] ?? c) : c;
  };
  let code: string;
  switch (day.status) {
    case 'Present':
    case 'WorkedOnHoliday':
    case 'WorkedOnWeeklyOff':
      code = 'P';
      break;
    case 'HalfDay':
      code = 'HD';
      break;
    case 'Absent':
      code = 'A';
      break;
    case 'MissingPunch':
      code = 'MP';
      break;
    case 'OnLeave':
      code = day.leave_code === 'LOP' ? 'LOP' : leave(day.leave_code);
      break;
    case 'HalfDayLeave':
      code = `HD/${day.leave_code === 'LOP' ? 'LOP' : leave(day.leave_code)}`;
      break;
    case 'Holiday':
      code = holidayKind(day.date, day.holiday_name);
      break;
    case 'WeeklyOff':
      code = profile === 'tn' ? 'H' : 'WO';
      break;
    default:
      code = '';
  }
  if (day.status === 'Pending') return '?';
  return day.provisional === 1 ? `${code}?` : code;
}

export function legend(profile: StateProfile): string {
  const wo = profile === 'tn' ? 'H weekly holiday' : 'WO weekly off';
  const leave = profile === 'tn' ? 'EL earned leave, ML medical leave, CL casual leave, MBL maternity leave, CO compensatory off' : 'CL / SL / EL / ML / PL / CO the leave type’s code';
  return `Codes: P present, A absent, HD half day, ${wo}, NH national holiday, FH festival holiday, ${leave}, LOP loss of pay, MP missing punch (awaiting regularization), HD/CL half day with half-day leave; ? after a code: the day is provisional (not final).`;
}
