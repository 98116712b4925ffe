import { describe, expect, it } from 'vitest';
import { REGISTERS, headingsOf, layoutFor, registerDef } from '../../server/src/modules/compliance/catalogue.ts';
import { dayCode, holidayKind } from '../../server/src/modules/compliance/builders/codes.ts';
import { splitName } from '../../server/src/modules/compliance/builders/people.ts';
import { FORM_A, FORM_B, FORM_D } from '../../server/src/modules/compliance/layouts/central-2017.ts';
import { TN_FORM_U, TN_FORM_V, TN_FORM_W, TN_FORM_X } from '../../server/src/modules/compliance/layouts/tn.ts';
import { bundlePeriod, monthPeriod, parsePeriod } from '../../server/src/modules/compliance/period.ts';

/**
 * Each layout's headings against the form's column list in
 * ../shared/design/compliance-registers.md (copied here as the note gives
 * them; the note's parenthetical glosses such as "(earned wages)" and
 * "(deduction)" are its explanations, printed as group headings instead).
 */

const NOTE_FORM_A = [
  'Sl. No.', 'Employee Code', 'Name', 'Surname', 'Gender', "Father's/Spouse Name", 'Date of Birth', 'Nationality', 'Education Level', 'Date of Joining',
  'Designation', 'Category Address* (HS/S/SS/US)', 'Type of Employment', 'Mobile', 'UAN', 'PAN', 'ESIC IP', 'LWF', 'AADHAAR', 'Bank A/c Number', 'Bank',
  'Branch (IFSC)', 'Present Address', 'Permanent (address)', 'Service Book No.', 'Date of Exit', 'Reason for Exit', 'Mark of Identification', 'Photo',
  'Specimen Signature/Thumb Impression', 'Remarks',
];
const NOTE_FORM_B = [
  'Sl. No. in Employee Register', 'Name', 'Rate of Wage', 'No. of Days worked', 'Overtime hours worked', 'Basic', 'Special Basic', 'DA', 'Payments Overtime',
  'HRA', '*Others', 'Total', 'PF', 'ESIC', 'Society', 'Income Tax', 'Insurance', 'Others', 'Recoveries', 'Total', 'Net Payment', 'Employer Share PF Welfare Fund',
  'Receipt by Employee / Bank Transaction ID', 'Date of Payment', 'Remarks',
];
const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1));
const NOTE_FORM_D = ['Sl. Number in Employee register', 'Name', 'Relay # or set work', 'Place of work*', ...DAYS, 'Summary No. of Days', 'Remarks / No. of hours', '**Signature of Register Keeper'];
const NOTE_TN_U = [
  'Serial Number', 'Name of the employee', 'Employee Identification No.', 'Gender', 'Father/Spouse Name', 'Date of Birth', 'Date of entry into service', 'Designation',
  'Present Address', 'Permanent address', "Employee's Provident Fund No.", 'ESIC No.', 'Aadhaar No.', 'Date on which completion of 480 days of service',
  'Date on which made permanent', 'Period of Suspension if any', 'Bank A/c Number, Name of Bank, Branch (IFSC Code)', 'Photo', 'Mobile Number', 'e-mail I.D',
  'Specimen Signature/Thumb Impression', 'Date of Exit', 'Reason for Exit', 'Remarks',
];
const NOTE_TN_V = [
  'Serial Number', 'Name of the Employee', 'Employee Identification No.', 'Time at which work commences', 'Rest Interval', 'Time at which work ends', ...DAYS,
  'Total Days Worked', 'Total Hours Worked', 'Number of days on Loss of Pay', 'Benefit availed for working on National Holiday',
  'Benefit availed for working on Festival Holiday', 'Remarks',
];
const NOTE_TN_W_COUNT = 30;
const NOTE_TN_X = [
  'Sl.', 'Name', 'Employee Identification No.', 'At the start of the month', 'Earned in the period', 'Availed', 'Balance', 'At the start of the month', 'Availed', 'Balance',
  'At the start of the month', 'Availed', 'Balance', 'Date of notice of pregnancy/delivery', 'Amount paid in advance and date', 'Subsequent payment and date',
  'Medical bonus and date', 'Leave with wages under MB Act ss.9/10', 'Whether nomination received', 'Paid on exit', 'Remarks',
];

describe('register layouts follow the forms of the design note', () => {
  it('2017 Form A: 31 columns in the form’s order', () => {
    expect(headingsOf(FORM_A)).toEqual(NOTE_FORM_A);
    expect(FORM_A.columns.map((c) => c.no)).toEqual(NOTE_FORM_A.map((_, i) => String(i + 1)));
  });
  it('2017 Form B: 25 columns, earned wages and deductions grouped', () => {
    expect(headingsOf(FORM_B)).toEqual(NOTE_FORM_B);
    expect(FORM_B.columns.filter((c) => c.group === 'Earned Wages and Allowances').map((c) => c.no)).toEqual(['6', '7', '8', '9', '10', '11', '12']);
    expect(FORM_B.columns.filter((c) => c.group === 'Deductions').map((c) => c.no)).toEqual(['13', '14', '15', '16', '17', '18', '19', '20']);
  });
  it('2017 Form D: the muster roll with a column per day holding IN / OUT', () => {
    expect(headingsOf(FORM_D)).toEqual(NOTE_FORM_D);
    expect(FORM_D.rowLines).toBe(3);
  });
  it('TN Form U: 24 columns', () => {
    expect(headingsOf(TN_FORM_U)).toEqual(NOTE_TN_U);
  });
  it('TN Form V: 13 columns, column 7 holding days 1–31', () => {
    expect(headingsOf(TN_FORM_V)).toEqual(NOTE_TN_V);
    expect(TN_FORM_V.days?.group).toMatch(/^\(7\) Daily hours of work including overtime/);
  });
  it('TN Form W: 30 numbered columns', () => {
    expect(TN_FORM_W.columns.map((c) => c.no)).toEqual(Array.from({ length: NOTE_TN_W_COUNT }, (_, i) => String(i + 1)));
    expect(TN_FORM_W.columns[9]?.heading).toBe('Wages for EL availed / double wages for National & Festival holidays / accumulated leave');
    expect(TN_FORM_W.columns.at(-1)?.heading).toBe('Remarks');
  });
  it('TN Form X: 21 columns with earned, medical, other leave, maternity and gratuity groups', () => {
    expect(headingsOf(TN_FORM_X)).toEqual(NOTE_TN_X);
    expect([...new Set(TN_FORM_X.columns.map((c) => c.group).filter(Boolean))]).toEqual(['Earned leave', 'Medical leave', 'Other leave', 'Maternity benefit', 'Gratuity']);
  });
  it('state leave books and Muster layouts number every column and name their source', () => {
    for (const def of REGISTERS) {
      for (const layout of def.layouts) {
        expect(layout.source.length, layout.id).toBeGreaterThan(40);
        expect(new Set(layout.columns.map((c) => c.field)).size, layout.id).toBe(layout.columns.length);
      }
    }
  });
  it('wage cells are blank by design, never derived', () => {
    for (const layout of [FORM_B, TN_FORM_W]) {
      const filled = layout.columns.filter((c) => !c.blank).map((c) => c.field);
      expect(filled).toEqual(layout === FORM_B ? ['serial', 'fullName', 'daysWorked', 'otHours', 'remarks'] : ['serial', 'fullName', 'code', 'daysWorked', 'remarks']);
    }
  });
  it('picks the requested layout, else the location’s, else the central one', () => {
    const emp = registerDef('employee-register');
    if (!emp) throw new Error('no employee register');
    expect(layoutFor(emp, 'tn', undefined)?.layout).toBe(TN_FORM_U);
    expect(layoutFor(emp, undefined, 'tn')?.layout).toBe(TN_FORM_U);
    expect(layoutFor(emp, undefined, 'ka')?.layout).toBe(FORM_A);
    const leave = registerDef('leave-register');
    if (!leave) throw new Error('no leave register');
    expect(layoutFor(leave, 'ka', undefined)?.layout.form).toBe('Form F');
    expect(layoutFor(leave, undefined, 'mh')?.layout.form).toBe('Form O');
    expect(layoutFor(registerDef('wage-register') as never, 'ka', undefined)?.layout).toBe(FORM_B);
  });
});

describe('periods', () => {
  it('a month is its wage period; the 26th–25th period ends in the month named', () => {
    expect(monthPeriod('2026-10', 1)).toMatchObject({ from: '2026-10-01', to: '2026-10-31' });
    expect(monthPeriod('2026-10', 26)).toMatchObject({ from: '2026-09-26', to: '2026-10-25' });
    expect(monthPeriod('2026-01', 26)).toMatchObject({ from: '2025-12-26', to: '2026-01-25' });
  });
  it('parses each kind and names what is wrong', () => {
    const opts = { wageStartDay: 1, fyStartMonth: 4 };
    expect(parsePeriod('year', '2026', opts)).toMatchObject({ from: '2026-01-01', to: '2026-12-31' });
    expect(parsePeriod('year', '2026-27', opts)).toMatchObject({ from: '2026-04-01', to: '2027-03-31' });
    expect(parsePeriod('date', '2026-10-31', opts)).toMatchObject({ from: '2026-10-01', to: '2026-10-31' });
    expect(parsePeriod('month', '2026-10-31', opts)).toMatch(/must be a month/);
    expect(parsePeriod('year', '2026-10', opts)).toMatch(/calendar year/);
    expect(parsePeriod('date', '2026-02-30', opts)).toMatch(/must be a date/);
  });
  it('a month’s bundle takes yearly registers up to the month’s end', () => {
    expect(bundlePeriod('year', '2026-10', 1)).toMatchObject({ from: '2026-01-01', to: '2026-10-31' });
    expect(bundlePeriod('date', '2026-10', 1)).toMatchObject({ value: '2026-10-31', to: '2026-10-31' });
  });
});

describe('day codes', () => {
  const day = (status: string, extra: Partial<{ leave_code: string; holiday_name: string; date: string; provisional: number }> = {}) => ({
    status,
    leave_code: extra.leave_code ?? null,
    holiday_name: extra.holiday_name ?? null,
    date: extra.date ?? '2026-10-14',
    provisional: extra.provisional ?? 0,
  });
  it('prints the forms’ codes', () => {
    expect(dayCode(day('Present'), 'central-2017')).toBe('P');
    expect(dayCode(day('Absent'), 'central-2017')).toBe('A');
    expect(dayCode(day('HalfDay'), 'central-2017')).toBe('HD');
    expect(dayCode(day('WeeklyOff'), 'central-2017')).toBe('WO');
    expect(dayCode(day('WeeklyOff'), 'tn')).toBe('H');
    expect(dayCode(day('Holiday', { date: '2026-10-02', holiday_name: 'Gandhi Jayanti' }), 'central-2017')).toBe('NH');
    expect(dayCode(day('Holiday', { holiday_name: 'Deepavali' }), 'central-2017')).toBe('FH');
    expect(dayCode(day('OnLeave', { leave_code: 'CL' }), 'central-2017')).toBe('CL');
    expect(dayCode(day('OnLeave', { leave_code: 'LOP' }), 'central-2017')).toBe('LOP');
    expect(dayCode(day('OnLeave', { leave_code: 'SL' }), 'tn')).toBe('ML');
    expect(dayCode(day('HalfDayLeave', { leave_code: 'CL' }), 'central-2017')).toBe('HD/CL');
  });
  it('marks a provisional day', () => {
    expect(dayCode(day('Present', { provisional: 1 }), 'central-2017')).toBe('P?');
    expect(dayCode(day('Pending', { provisional: 1 }), 'central-2017')).toBe('?');
    expect(holidayKind('2026-08-15', 'Independence Day')).toBe('NH');
  });
  it('splits a name into name and surname', () => {
    expect(splitName('Priya Sharma', null)).toEqual({ first: 'Priya', surname: 'Sharma' });
    expect(splitName('Anand Kumar Rao', 'Kumar Rao')).toEqual({ first: 'Anand', surname: 'Kumar Rao' });
    expect(splitName('Madonna', null)).toEqual({ first: 'Madonna', surname: '' });
  });
});
