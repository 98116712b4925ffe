import type { EmployeeRegisterUpdate } from '../../../../shared/employee-register.ts';
import type { Ctx } from '../../context.ts';
import { prng } from '../../../../shared/prng.ts';
import { registerRecords, updateEmployeeRegister } from '../employees/index.ts';
import { establishmentOf, updateEstablishment } from '../org/index.ts';

/**
 * The demo's compliance data: Kaveri's establishment header (LIN, EPF and
 * ESIC codes, S&E registrations of both locations, Karnataka and Maharashtra
 * profiles) and the register fields of most employees; a few are left
 * without some, so the missing-data list has something to show.
 */

const FATHERS = ['Ramesh', 'Suresh', 'Mahesh', 'Venkatesh', 'Prakash', 'Srinivas', 'Anand', 'Mohan', 'Gopal', 'Ravi', 'Shankar', 'Narayan', 'Dinesh', 'Ashok'];
const MARKS = ['Mole on the left cheek', 'Scar above the right eyebrow', 'Mole on the right hand', 'Scar on the left forearm', 'Mole near the chin', 'Birthmark on the neck'];
const HOMES = ['Mysuru, Karnataka 570001', 'Hubballi, Karnataka 580020', 'Nashik, Maharashtra 422001', 'Kolhapur, Maharashtra 416003', 'Madurai, Tamil Nadu 625001', 'Kozhikode, Kerala 673001', 'Belagavi, Karnataka 590001', 'Aurangabad, Maharashtra 431001'];

function educationAndSkill(designation: string | null): { education: string; skill: 'HS' | 'S' | 'SS' | 'US' } {
  const d = (designation ?? '').toLowerCase();
  if (/head|director|manager|controller|secretary|senior|engineer/.test(d)) return { education: 'B.E. / B.Tech', skill: 'HS' };
  if (/accountant|executive|recruiter|assistant|inspector|technician|machinist|cnc/.test(d)) return { education: d.includes('cnc') || d.includes('machinist') || d.includes('technician') ? 'ITI' : 'B.Com / B.A.', skill: 'S' };
  if (/operator|supervisor|associate/.test(d)) return { education: 'Diploma', skill: 'SS' };
  return { education: 'SSLC', skill: 'US' };
}

export async function seedDemoCompliance(ctx: Ctx): Promise<void> {
  const random = prng(20261010);
  const est = await establishmentOf(ctx.db);
  const blr = est.locations.find((l) => l.locationName === 'Bengaluru HQ');
  const pun = est.locations.find((l) => l.locationName === 'Pune Plant');
  await updateEstablishment(ctx, {
    employerName: 'Vikram Rao, Managing Director, Kaveri Precision Components Pvt. Ltd.',
    managerName: 'Arjun Menon',
    lin: '1-2345-6789-0',
    epfEstablishmentCode: 'KNBNG0012345000',
    esicEmployerCode: '53000123450001001',
    wagePeriodStartDay: 1,
    locations: [
      ...(blr
        ? [{ locationId: blr.locationId, establishmentName: 'Kaveri Precision Components Pvt. Ltd. (Bengaluru HQ)', seRegistrationNumber: 'KA/BNG/SCE/2011/004512', seState: 'Karnataka', stateProfile: 'ka' as const, managerName: 'Priya Sharma' }]
        : []),
      ...(pun
        ? [{ locationId: pun.locationId, establishmentName: 'Kaveri Precision Components Pvt. Ltd. (Pune Plant)', seRegistrationNumber: 'MH/PUN/SE/2016/117845', seState: 'Maharashtra', stateProfile: 'mh' as const, managerName: 'Rahul Deshmukh' }]
        : []),
    ],
  });
  const people = await registerRecords(ctx.db, { from: '1900-01-01', to: '2199-12-31' });
  let member = 1001;
  for (const [i, p] of people.entries()) {
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const surname = p.full_name.split(' ').slice(-1)[0] ?? null;
    const { education, skill } = educationAndSkill(p.designation_name);
    const city = p.location_name === 'Pune Plant' ? 'Pune, Maharashtra 411018' : 'Bengaluru, Karnataka 560058';
    const fields: EmployeeRegisterUpdate = {
      surname,
      fatherOrSpouseName: `${pick(FATHERS)} ${surname ?? ''}`.trim(),
      nationality: 'Indian',
      educationLevel: education,
      skillCategory: skill,
      serviceBookNumber: `SB-${String(i + 1).padStart(4, '0')}`,
      presentAddress: `${10 + Math.floor(random() * 290)}, ${pick(['2nd Cross', '5th Main', 'MG Road', 'Station Road', 'Nehru Nagar', 'Shivaji Nagar'])}, ${city}`,
      permanentAddress: `${1 + Math.floor(random() * 120)}, ${pick(['Temple Street', 'Market Road', 'Gandhi Chowk', 'Old Town'])}, ${pick(HOMES)}`,
      identificationMark: pick(MARKS),
      pfMemberId: `KNBNG0012345000${String(member++).padStart(7, '0')}`,
      ...(p.location_name === 'Pune Plant' ? { lwfNumber: `MHLWF${String(40000 + i)}` } : {}),
    };
    // Every twelfth employee has gaps, so the missing-data list shows what to fill.
    if (i % 12 === 7) {
      delete fields.fatherOrSpouseName;
      delete fields.permanentAddress;
      delete fields.identificationMark;
    }
    await updateEmployeeRegister(ctx, p.id, fields);
  }
}
