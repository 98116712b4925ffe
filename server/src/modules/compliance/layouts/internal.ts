import { STATE_PROFILES } from '../../../../../shared/establishment.ts';
import { type Layout, NO_PAYROLL, cols } from './types.ts';

/**
 * Registers Muster lays out itself (no prescribed form, or the form's layout
 * is not verified): the leave register under the central profile, holidays,
 * overtime, joiners and leavers, maternity, statutory ids and the document
 * checklist. Each names the particulars it carries and where they come from.
 */

const ALL = STATE_PROFILES;
const SIGN = ['Prepared by', 'Verified by (Manager)', 'Signature of the Employer'];

export const CENTRAL_LEAVE: Layout = {
  id: 'central-2017/leave',
  profiles: ['central-2017'],
  form: 'Register of Leave',
  title: 'REGISTER OF LEAVE WITH WAGES',
  source:
    'Muster layout of the leave particulars OSH Code s.32 / the draft OSH register (Form XX) record: opening, earned, availed (from–to), refused, lapsed, encashed, closing per leave type — compliance-registers.md §2, §6 (2017 Form E applies only to sales promotion, journalist and mine staff; its layout is UNVERIFIED)',
  header: ['establishment', 'owner', 'lin', 'year'],
  columns: cols([
    ['1', 'Sl. No. in Employee register', 'serial', 6, 'number'],
    ['2', 'Name', 'fullName', 16],
    ['3', 'Leave type', 'leaveType', 12],
    ['4', 'Balance at the start of the period', 'opening', 7, 'number'],
    ['5', 'Earned / credited in the period', 'credited', 7, 'number'],
    ['6', 'Leave availed (from – to)', 'spells', 20],
    ['7', 'Days availed', 'availed', 6, 'number'],
    ['8', 'Leave refused', 'refused', 14],
    ['9', 'Lapsed', 'lapsed', 6, 'number'],
    ['10', 'Encashed', 'encashed', 6, 'number'],
    ['11', 'Adjusted / carried', 'adjusted', 7, 'number'],
    ['12', 'Balance at the end of the period', 'closing', 7, 'number'],
    ['13', 'Remarks', 'remarks', 12],
  ]),
  signature: SIGN,
};

export const HOLIDAYS: Layout = {
  id: 'all/holidays',
  profiles: ALL,
  form: 'Register of National & Festival Holidays',
  title: 'REGISTER OF HOLIDAYS AND WORK ON HOLIDAYS',
  source:
    'Muster layout: the holiday list per location tagged national / festival (TN Form V cols 11–12, approval reference; MH Act s.18(7): double wages and a substituted day for work on a holiday) — compliance-registers.md §4, §6',
  header: ['establishment', 'owner', 'fhApproval', 'year'],
  columns: cols([
    ['1', 'Sl. No.', 'serial', 5, 'number'],
    ['2', 'Date', 'date', 10, 'date'],
    ['3', 'Holiday', 'holiday', 18],
    ['4', 'National / Festival', 'holidayKind', 9],
    ['5', 'Location', 'location', 12],
    ['6', 'Employee Code', 'code', 9],
    ['7', 'Name of the employee who worked', 'fullName', 18],
    ['8', 'Hours worked', 'hoursWorked', 7, 'number'],
    ['9', 'Compensation (substituted day / comp-off, or double wages)', 'compensation', 20],
    ['10', 'Compensation given on', 'compensationDate', 10, 'date'],
    ['11', 'Remarks', 'remarks', 14],
  ]),
  signature: SIGN,
};

export const OVERTIME: Layout = {
  id: 'all/overtime',
  profiles: ALL,
  form: 'Register of Overtime',
  title: 'REGISTER OF OVERTIME',
  source:
    'Muster layout of the overtime columns of Forms B (col 5 "Overtime hours worked", col 9 "Payments Overtime") and D, with the particulars of the overtime registers the 2017 rules replaced (dates and extent of overtime, normal and overtime rate at twice the ordinary rate) — compliance-registers.md §1, §4',
  header: ['establishment', 'owner', 'lin', 'period'],
  columns: cols([
    ['1', 'Sl. No. in Employee register', 'serial', 6, 'number'],
    ['2', 'Name', 'fullName', 16],
    ['3', 'Designation', 'designation', 12],
    ['4', 'Total overtime hours', 'otHours', 7, 'number'],
    ['5', 'Days with overtime', 'otDays', 6, 'number'],
    ['6', 'Normal hours per day', 'normalHours', 6, 'number'],
    ['7', 'Normal rate of wages', 'normalRate', 7, 'number', NO_PAYROLL],
    ['8', 'Overtime rate (twice the ordinary rate)', 'otRate', 7, 'number', NO_PAYROLL],
    ['9', 'Overtime earnings', 'otEarnings', 7, 'number', NO_PAYROLL],
    ['10', 'Date on which overtime wages paid', 'otPaidOn', 9, 'date', NO_PAYROLL],
    ['11', 'Remarks', 'remarks', 14],
  ]),
  days: { after: 'designation', width: 4, group: 'Overtime hours worked on each day' },
  signature: SIGN,
  pageSize: 'A3',
};

export const JOINERS_LEAVERS: Layout = {
  id: 'all/joiners-leavers',
  profiles: ALL,
  form: 'Joiners and Leavers',
  title: 'REGISTER OF JOINERS AND LEAVERS (EPF / ESI MONTHLY INPUTS)',
  source:
    'Form A columns 10 (date of joining), 26 (date of exit) and 27 (reason for exit), with the EPF/ESI monthly joiner and leaver inputs and the full-and-final due date (2 working days, Code on Wages) — compliance-registers.md §1, §2, §6',
  header: ['establishment', 'owner', 'epf', 'esic', 'period'],
  columns: cols([
    ['1', 'Sl. No.', 'serial', 5, 'number'],
    ['2', 'Joined / Left', 'movement', 7],
    ['3', 'Employee Code', 'code', 9],
    ['4', 'Name', 'fullName', 16],
    ['5', "Father's/Spouse Name", 'fatherOrSpouse', 14],
    ['6', 'Gender', 'gender', 7],
    ['7', 'Date of Birth', 'dateOfBirth', 10, 'date'],
    ['8', 'Date of Joining (Form A col. 10)', 'joinedDate', 10, 'date'],
    ['9', 'Date of Exit (Form A col. 26)', 'exitDate', 10, 'date'],
    ['10', 'Reason for Exit (Form A col. 27)', 'exitReason', 16],
    ['11', 'UAN', 'uan', 12],
    ['12', 'ESIC IP', 'esic', 10],
    ['13', 'Full and final settlement due by', 'fnfDue', 10, 'date'],
    ['14', 'Full and final settlement paid on', 'fnfPaid', 10, 'date', NO_PAYROLL],
    ['15', 'Remarks', 'remarks', 12],
  ]),
  signature: SIGN,
};

const NO_MB = 'Muster holds no maternity-benefit payments or delivery dates (only the leave).';

export const MATERNITY: Layout = {
  id: 'all/maternity',
  profiles: ALL,
  form: 'Maternity Benefit Register',
  title: 'REGISTER OF MATERNITY BENEFIT',
  source:
    'Maternity Benefit Act 1961 records carried into the Social Security Code; TN Form X cols 14–18 — compliance-registers.md §3, §4, §6 (Muster layout)',
  header: ['establishment', 'owner', 'year'],
  columns: cols([
    ['1', 'Sl. No.', 'serial', 5, 'number'],
    ['2', 'Employee Code', 'code', 9],
    ['3', 'Name', 'fullName', 16],
    ['4', 'Date of joining', 'joinedDate', 10, 'date'],
    ['5', 'Date of notice (leave applied)', 'noticeDate', 10, 'date'],
    ['6', 'Expected date of delivery', 'expectedDelivery', 10, 'date', NO_MB],
    ['7', 'Leave from', 'leaveFrom', 10, 'date'],
    ['8', 'Leave to', 'leaveTo', 10, 'date'],
    ['9', 'Days of leave', 'leaveDays', 6, 'number'],
    ['10', 'Status', 'status', 9],
    ['11', 'Date of delivery', 'deliveryDate', 10, 'date', NO_MB],
    ['12', 'Amount paid in advance and date', 'advance', 9, 'text', NO_MB],
    ['13', 'Subsequent payment and date', 'later', 9, 'text', NO_MB],
    ['14', 'Medical bonus and date', 'bonus', 9, 'text', NO_MB],
    ['15', 'Remarks', 'remarks', 14],
  ]),
  signature: SIGN,
};

export const STATUTORY_IDS: Layout = {
  id: 'all/statutory-ids',
  profiles: ALL,
  form: 'Statutory Identifiers',
  title: 'STATUTORY IDENTIFIERS AND COVERAGE (INTERNAL)',
  source: 'Internal register for EPF / ESI returns: UAN, PF member id, ESIC IP, PAN, masked Aadhaar, LWF, bank; coverage thresholds — compliance-registers.md §5, §6',
  header: ['establishment', 'epf', 'esic', 'asOf'],
  columns: cols([
    ['1', 'Sl. No.', 'serial', 5, 'number'],
    ['2', 'Employee Code', 'code', 9],
    ['3', 'Name', 'fullName', 16],
    ['4', 'Location', 'location', 11],
    ['5', 'UAN', 'uan', 12],
    ['6', 'PF member id', 'pfMemberId', 18],
    ['7', 'ESIC IP', 'esic', 10],
    ['8', 'PAN', 'pan', 10],
    ['9', 'Aadhaar (masked)', 'aadhaar', 13],
    ['10', 'LWF No.', 'lwf', 9],
    ['11', 'Bank A/c (masked)', 'bankAccountMasked', 13],
    ['12', 'IFSC', 'ifsc', 11],
    ['13', 'Missing items', 'missingItems', 22],
    ['14', 'EPF coverage', 'epfCoverage', 16],
    ['15', 'ESI coverage', 'esiCoverage', 18],
  ]),
};

export const DOCUMENT_CHECKLIST: Layout = {
  id: 'all/document-checklist',
  profiles: ALL,
  form: 'Document Checklist',
  title: 'EMPLOYEE DOCUMENT CHECKLIST (INTERNAL)',
  source: 'Onboarding document checklist (statuses required / received / verified; verified by and on; expiry) — compliance-registers.md §5; the checklist of each employment type kept by the documents module',
  header: ['establishment', 'asOf'],
  columns: cols([
    ['1', 'Sl. No.', 'serial', 5, 'number'],
    ['2', 'Employee Code', 'code', 9],
    ['3', 'Name', 'fullName', 16],
    ['4', 'Document', 'document', 16],
    ['5', 'Status', 'status', 12],
    ['6', 'Verified by', 'verifiedBy', 14],
    ['7', 'Verified on', 'verifiedOn', 10, 'date'],
    ['8', 'Expires on', 'expiresOn', 10, 'date'],
    ['9', 'Remarks', 'remarks', 16],
  ]),
};
