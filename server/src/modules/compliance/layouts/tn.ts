import { type Layout, NO_PAYROLL, NO_PHOTO, cols } from './types.ts';

/**
 * Tamil Nadu Shops and Establishments Rules 1948, rule 16(1) as substituted
 * on 30 Mar 2022: Forms U, V, W and X. Column lists: compliance-registers.md
 * §3, transcribed from an open-source implementation (secondary).
 */

const SOURCE = 'TN Shops & Establishments Rules 1948, r.16(1) (notified 30 Mar 2022); column list per compliance-registers.md §3 (secondary)';
const SIGN = ['Signature of the Employer / Manager'];
const NO_SUSPENSION = 'Muster records no suspensions.';

export const TN_FORM_U: Layout = {
  id: 'tn/form-u',
  profiles: ['tn'],
  form: 'Form U',
  title: 'REGISTER OF PERSONS EMPLOYED',
  ruleLine: '[See rule 16(1)]',
  source: `${SOURCE}, Form U (24 columns)`,
  header: ['establishmentAndAddress', 'seRegistration', 'owner', 'asOf'],
  columns: cols([
    ['1', 'Serial Number', 'serial', 5, 'number'],
    ['2', 'Name of the employee', 'fullName', 16],
    ['3', 'Employee Identification No.', 'code', 9],
    ['4', 'Gender', 'gender', 7],
    ['5', 'Father/Spouse Name', 'fatherOrSpouse', 14],
    ['6', 'Date of Birth', 'dateOfBirth', 10, 'date'],
    ['7', 'Date of entry into service', 'joinedDate', 10, 'date'],
    ['8', 'Designation', 'designation', 13],
    ['9', 'Present Address', 'presentAddress', 20],
    ['10', 'Permanent address', 'permanentAddress', 20],
    ['11', "Employee's Provident Fund No.", 'pfMemberId', 14],
    ['12', 'ESIC No.', 'esic', 10],
    ['13', 'Aadhaar No.', 'aadhaar', 12],
    ['14', 'Date on which completion of 480 days of service', 'date480', 10, 'date'],
    ['15', 'Date on which made permanent', 'permanentOn', 10, 'date'],
    ['16', 'Period of Suspension if any', 'suspension', 9, 'text', NO_SUSPENSION],
    ['17', 'Bank A/c Number, Name of Bank, Branch (IFSC Code)', 'bankAll', 22],
    ['18', 'Photo', 'photo', 8, 'text', NO_PHOTO],
    ['19', 'Mobile Number', 'mobile', 12],
    ['20', 'e-mail I.D', 'email', 18],
    ['21', 'Specimen Signature/Thumb Impression', 'signature', 10, 'text', NO_PHOTO],
    ['22', 'Date of Exit', 'exitDate', 10, 'date'],
    ['23', 'Reason for Exit', 'exitReason', 14],
    ['24', 'Remarks', 'remarks', 12],
  ]),
  signature: SIGN,
  pageSize: 'A3',
};

export const TN_FORM_V: Layout = {
  id: 'tn/form-v',
  profiles: ['tn'],
  form: 'Form V',
  title: 'REGISTER OF EMPLOYMENT',
  ruleLine: '[See rule 16(1)]',
  source: `${SOURCE}, Form V (13 columns; column 7 holds days 1–31)`,
  header: ['establishmentAndAddress', 'seRegistration', 'owner', 'period', 'fhApproval'],
  columns: cols([
    ['1', 'Serial Number', 'serial', 5, 'number'],
    ['2', 'Name of the Employee', 'fullName', 16],
    ['3', 'Employee Identification No.', 'code', 9],
    ['4', 'Time at which work commences', 'workStart', 7],
    ['5', 'Rest Interval', 'restInterval', 6],
    ['6', 'Time at which work ends', 'workEnd', 7],
    ['8', 'Total Days Worked', 'daysWorked', 6, 'number'],
    ['9', 'Total Hours Worked', 'hoursWorked', 7, 'number'],
    ['10', 'Number of days on Loss of Pay', 'lopDays', 6, 'number'],
    ['11', 'Benefit availed for working on National Holiday', 'nhBenefit', 12],
    ['12', 'Benefit availed for working on Festival Holiday', 'fhBenefit', 12],
    ['13', 'Remarks', 'remarks', 12],
  ]),
  days: { after: 'workEnd', width: 4.5, group: '(7) Daily hours of work including overtime' },
  signature: SIGN,
  pageSize: 'A3',
};

const W = (no: string, heading: string, width = 7, group?: string): [string, string, string, number, 'number', string, string?] => [no, heading, `w${no}`, width, 'number', NO_PAYROLL, group];

export const TN_FORM_W: Layout = {
  id: 'tn/form-w',
  profiles: ['tn'],
  form: 'Form W',
  title: 'REGISTER OF WAGES',
  ruleLine: '[See rule 16(1)]',
  source: `${SOURCE}, Form W (30 columns)`,
  header: ['establishmentAndAddress', 'seRegistration', 'owner', 'wagePeriod', 'personsEmployed'],
  columns: cols([
    ['1', 'Sl.', 'serial', 5, 'number'],
    ['2', 'Name', 'fullName', 16],
    ['3', 'Employee Identification No.', 'code', 9],
    ['4', 'Days worked', 'daysWorked', 6, 'number'],
    W('5', 'Basic'),
    W('6', 'DA'),
    W('7', 'HRA'),
    W('8', 'Other allowances'),
    W('9', 'Overtime wages'),
    W('10', 'Wages for EL availed / double wages for National & Festival holidays / accumulated leave', 12),
    W('11', 'Gross wages'),
    W('12', 'PF', 6, 'Deductions'),
    W('13', 'ESI', 6, 'Deductions'),
    W('14', 'LWF', 6, 'Deductions'),
    W('15', 'Advances paid', 7, 'Advances'),
    W('16', 'Pending at the start of the month', 7, 'Advances'),
    W('17', 'Recovered', 7, 'Advances'),
    W('18', 'Pending recovery', 7, 'Advances'),
    W('19', 'Imposed', 7, 'Damage / fine'),
    W('20', 'Pending at the start of the month', 7, 'Damage / fine'),
    W('21', 'Deducted', 7, 'Damage / fine'),
    W('22', 'Pending', 7, 'Damage / fine'),
    W('23', 'Any other deductions'),
    W('24', 'Total deductions'),
    W('25', 'Net wages'),
    ['26', 'Date of payment', 'w26', 9, 'date', NO_PAYROLL],
    W('27', 'Unpaid accumulations'),
    W('28', 'Subsistence allowance rate and amount'),
    ['29', 'Receipt by employee / bank transaction ID and date', 'w29', 12, 'text', NO_PAYROLL],
    ['30', 'Remarks', 'remarks', 12],
  ]),
  signature: SIGN,
  pageSize: 'A3',
};

const NO_MB_PAYMENTS = 'Muster holds no payments (maternity benefit advances, later payments, medical bonus).';
const NO_GRATUITY = 'Muster records no gratuity nominations or payments.';

export const TN_FORM_X: Layout = {
  id: 'tn/form-x',
  profiles: ['tn'],
  form: 'Form X',
  title: 'REGISTER OF LEAVE AND SOCIAL SECURITY BENEFITS',
  ruleLine: '[See rule 16(1)]',
  source: `${SOURCE}, Form X (21 columns; one row per employee per month)`,
  header: ['establishmentAndAddress', 'seRegistration', 'owner', 'year'],
  columns: cols([
    ['1', 'Sl.', 'serial', 5, 'number'],
    ['2', 'Name', 'fullName', 16],
    ['3', 'Employee Identification No.', 'code', 9],
    ['4', 'At the start of the month', 'elStart', 6, 'number', undefined, 'Earned leave'],
    ['5', 'Earned in the period', 'elEarned', 6, 'number', undefined, 'Earned leave'],
    ['6', 'Availed', 'elAvailed', 6, 'number', undefined, 'Earned leave'],
    ['7', 'Balance', 'elBalance', 6, 'number', undefined, 'Earned leave'],
    ['8', 'At the start of the month', 'mlStart', 6, 'number', undefined, 'Medical leave'],
    ['9', 'Availed', 'mlAvailed', 6, 'number', undefined, 'Medical leave'],
    ['10', 'Balance', 'mlBalance', 6, 'number', undefined, 'Medical leave'],
    ['11', 'At the start of the month', 'olStart', 6, 'number', undefined, 'Other leave'],
    ['12', 'Availed', 'olAvailed', 6, 'number', undefined, 'Other leave'],
    ['13', 'Balance', 'olBalance', 6, 'number', undefined, 'Other leave'],
    ['14', 'Date of notice of pregnancy/delivery', 'mbNotice', 9, 'date', undefined, 'Maternity benefit'],
    ['15', 'Amount paid in advance and date', 'mbAdvance', 8, 'text', NO_MB_PAYMENTS, 'Maternity benefit'],
    ['16', 'Subsequent payment and date', 'mbLater', 8, 'text', NO_MB_PAYMENTS, 'Maternity benefit'],
    ['17', 'Medical bonus and date', 'mbBonus', 8, 'text', NO_MB_PAYMENTS, 'Maternity benefit'],
    ['18', 'Leave with wages under MB Act ss.9/10', 'mbLeave', 9, 'text', undefined, 'Maternity benefit'],
    ['19', 'Whether nomination received', 'gratuityNomination', 8, 'text', NO_GRATUITY, 'Gratuity'],
    ['20', 'Paid on exit', 'gratuityPaid', 8, 'text', NO_GRATUITY, 'Gratuity'],
    ['21', 'Remarks', 'remarks', 12],
  ]),
  signature: SIGN,
  pageSize: 'A3',
};
