import { type Layout, cols } from './types.ts';

/**
 * State leave registers and leave books. The design note (§3) names the forms
 * and what they record; their exact column wording is not in the stored
 * sources, so these are Muster's renditions of the named particulars
 * (secondary, UNVERIFIED against the gazette text) and say so in `source`.
 */

const SIGN = ['Signature of the Employer / Manager'];

export const KA_FORM_F: Layout = {
  id: 'ka/form-f',
  profiles: ['ka'],
  form: 'Form F',
  title: 'REGISTER OF LEAVE WITH WAGES',
  ruleLine: '[See rule 17(3)] Karnataka Shops & Commercial Establishments Rules 1963',
  source:
    'Karnataka S&CE Rules, Form F (Part I earned leave, Part II sick leave; kept 3 years): compliance-registers.md §3 [P38]; column wording is Muster’s rendition of those particulars (UNVERIFIED)',
  header: ['establishmentAndAddress', 'seRegistration', 'owner', 'year'],
  columns: cols([
    ['1', 'Sl. No.', 'serial', 5, 'number'],
    ['2', 'Name of the employee', 'fullName', 16],
    ['3', 'Date of entry into service', 'joinedDate', 10, 'date'],
    ['4', 'Leave at credit at the beginning of the year', 'elStart', 7, 'number', undefined, 'Part I — Earned leave'],
    ['5', 'Days worked during the year', 'daysWorked', 7, 'number', undefined, 'Part I — Earned leave'],
    ['6', 'Leave earned (1 day for every 20 days worked)', 'elEarned', 7, 'number', undefined, 'Part I — Earned leave'],
    ['7', 'Leave availed (from – to)', 'elSpells', 16, 'text', undefined, 'Part I — Earned leave'],
    ['8', 'Days availed', 'elAvailed', 6, 'number', undefined, 'Part I — Earned leave'],
    ['9', 'Balance at credit', 'elBalance', 7, 'number', undefined, 'Part I — Earned leave'],
    ['10', 'Leave at credit for the year', 'slStart', 7, 'number', undefined, 'Part II — Sick leave'],
    ['11', 'Leave availed (from – to)', 'slSpells', 16, 'text', undefined, 'Part II — Sick leave'],
    ['12', 'Days availed', 'slAvailed', 6, 'number', undefined, 'Part II — Sick leave'],
    ['13', 'Balance at credit', 'slBalance', 7, 'number', undefined, 'Part II — Sick leave'],
    ['14', 'Remarks', 'remarks', 12],
  ]),
  signature: SIGN,
};

export const MH_FORM_O: Layout = {
  id: 'mh/form-o',
  profiles: ['mh'],
  form: 'Form O',
  title: 'LEAVE BOOK',
  ruleLine: '[See rule 19] Maharashtra Shops & Establishments (Regulation of Employment and Conditions of Service) Rules 2018',
  source:
    'Maharashtra S&E Rules 2018, Form O leave book (r.19): entries for earned leave sanctioned and refused, employers may keep their own format with its particulars — compliance-registers.md §3 [P40]; column wording is Muster’s (UNVERIFIED)',
  header: ['establishmentAndAddress', 'seRegistration', 'owner', 'year'],
  columns: cols([
    ['1', 'Sl. No.', 'serial', 5, 'number'],
    ['2', 'Name of the employee', 'fullName', 16],
    ['3', 'Date of entry into service', 'joinedDate', 10, 'date'],
    ['4', 'Leave at credit at the beginning of the year', 'elStart', 7, 'number'],
    ['5', 'Leave earned during the year', 'elEarned', 7, 'number'],
    ['6', 'Leave sanctioned (from – to)', 'elSpells', 18],
    ['7', 'No. of days', 'elAvailed', 6, 'number'],
    ['8', 'Leave refused (date of application, days)', 'elRefused', 16],
    ['9', 'Casual leave availed', 'clAvailed', 6, 'number'],
    ['10', 'Balance of leave', 'elBalance', 7, 'number'],
    ['11', 'Remarks', 'remarks', 12],
  ]),
  signature: SIGN,
};

export const DL_FORM_I: Layout = {
  id: 'dl/form-i',
  profiles: ['dl'],
  form: 'Form I',
  title: 'REGISTER OF LEAVE',
  ruleLine: 'Delhi Shops & Establishments Rules 1954',
  source: 'Delhi S&E Rules 1954, Form I register of leave — compliance-registers.md §3 [P42][P43]; column wording is Muster’s rendition (UNVERIFIED)',
  header: ['establishmentAndAddress', 'seRegistration', 'owner', 'year'],
  columns: cols([
    ['1', 'Sl. No.', 'serial', 5, 'number'],
    ['2', 'Name of the employee', 'fullName', 16],
    ['3', 'Date of appointment', 'joinedDate', 10, 'date'],
    ['4', 'Kind of leave', 'leaveType', 12],
    ['5', 'Leave due at the beginning of the year', 'opening', 7, 'number'],
    ['6', 'Leave earned during the year', 'credited', 7, 'number'],
    ['7', 'Leave availed (from – to)', 'spells', 18],
    ['8', 'No. of days availed', 'availed', 6, 'number'],
    ['9', 'Leave refused', 'refused', 14],
    ['10', 'Balance', 'closing', 7, 'number'],
    ['11', 'Remarks', 'remarks', 12],
  ]),
  signature: SIGN,
};
