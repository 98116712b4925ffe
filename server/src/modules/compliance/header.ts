import type { LocationEstablishment } from '../../../../shared/establishment.ts';
import type { RegisterRecordRow } from '../employees/index.ts';
import type { EstablishmentData } from './facts.ts';
import type { HeaderKey } from './layouts/types.ts';
import { type Period, formatDay } from './period.ts';

/** The establishment header a form prints, from the establishment data (pure). */

export interface HeaderLine {
  label: string;
  value: string;
}

function ageOn(dob: string | null, day: string): number | null {
  if (!dob) return null;
  const years = Number(day.slice(0, 4)) - Number(dob.slice(0, 4));
  return day.slice(5) >= dob.slice(5) ? years : years - 1;
}

/** Persons employed: men, women, and young persons (under 18) of each. */
export function personsEmployed(employees: readonly RegisterRecordRow[], day: string): string {
  let men = 0;
  let women = 0;
  let youngMen = 0;
  let youngWomen = 0;
  for (const e of employees) {
    if (e.joined_date > day || (e.exit_date && e.exit_date < day)) continue;
    const young = (ageOn(e.date_of_birth, day) ?? 99) < 18;
    if (e.gender === 'Female') young ? youngWomen++ : women++;
    else young ? youngMen++ : men++;
  }
  return `Men ${men}, Women ${women}, Male young persons ${youngMen}, Female young persons ${youngWomen}`;
}

export function headerLines(
  keys: readonly HeaderKey[],
  input: { establishment: EstablishmentData; location: LocationEstablishment | null; period: Period; employees: readonly RegisterRecordRow[] },
): HeaderLine[] {
  const { establishment: est, location, period } = input;
  const name = location?.establishmentName ?? (location ? `${est.organisationName}, ${location.locationName}` : est.organisationName);
  const address = location ? (location.establishmentAddress ?? est.locationAddresses.get(location.locationId) ?? '') : 'All locations';
  const owner = est.employerName ?? '';
  const out: HeaderLine[] = [];
  for (const key of keys) {
    switch (key) {
      case 'establishment':
        out.push({ label: 'Name of the Establishment', value: name });
        if (location) out.push({ label: 'Address', value: address });
        break;
      case 'establishmentAndAddress':
        out.push({ label: 'Name and address of the establishment', value: [name, address].filter(Boolean).join(', ') });
        break;
      case 'address':
        out.push({ label: 'Address', value: address });
        break;
      case 'owner':
        out.push({ label: 'Name of Owner / Employer', value: owner });
        out.push({ label: 'Name of the Manager', value: location?.managerName ?? est.managerName ?? '' });
        break;
      case 'manager':
        out.push({ label: 'Name of the Manager', value: location?.managerName ?? est.managerName ?? '' });
        break;
      case 'lin':
        out.push({ label: 'LIN', value: est.lin ?? '' });
        break;
      case 'seRegistration':
        out.push({
          label: 'Registration No. (Shops & Establishments)',
          value: [location?.seRegistrationNumber, location?.seState].filter(Boolean).join(', '),
        });
        break;
      case 'epf':
        out.push({ label: 'EPF establishment code', value: est.epfEstablishmentCode ?? '' });
        break;
      case 'esic':
        out.push({ label: 'ESIC employer code', value: est.esicEmployerCode ?? '' });
        break;
      case 'period':
        out.push({ label: 'For the period', value: `From ${formatDay(period.from)} to ${formatDay(period.to)}` });
        break;
      case 'wagePeriod':
        out.push({ label: 'Wage period', value: `${est.wagePeriodStartDay === 1 ? 'Monthly' : `Monthly, ${est.wagePeriodStartDay}th to ${est.wagePeriodStartDay - 1}th`}: from ${formatDay(period.from)} to ${formatDay(period.to)}` });
        break;
      case 'year':
        out.push({ label: 'For the year', value: period.label });
        break;
      case 'asOf':
        out.push({ label: 'As on', value: formatDay(period.to) });
        break;
      case 'fhApproval':
        if (location?.stateProfile === 'tn' || location?.fhApprovalReference) out.push({ label: 'Festival holidays approved by proceedings', value: location?.fhApprovalReference ?? '' });
        break;
      case 'personsEmployed':
        out.push({ label: 'Persons employed', value: personsEmployed(input.employees, period.to) });
        break;
    }
  }
  return out;
}
