import { fakerEN_IN as faker } from '@faker-js/faker';
import { addDays, dayInZone, formatDay, splitDay } from '../../../shared/dates.ts';
import type { Role } from '../../../shared/permissions.ts';
import { type Ctx, inTransaction } from '../context.ts';
import type { EmployeeTable } from '../db/schema.ts';
import { newId } from '../ids.ts';
import { recordAudit } from '../modules/audit/index.ts';
import { insertEmployeeRows } from '../modules/employees/index.ts';
import { hashPassword } from '../modules/auth/index.ts';
import { notify } from '../modules/notifications/index.ts';
import { updateOrganisationRow } from '../modules/org/index.ts';
import { insertUserAccount } from '../modules/users/index.ts';
import { randomSecret } from '../secrets.ts';
import { seedDemoAttendance } from '../modules/attendance/index.ts';
import { seedDemoLeave } from '../modules/leave/index.ts';
import { documentStore, seedDemoDocuments } from '../modules/documents/index.ts';
import { seal } from '../db/sealed.ts';
import { verhoeffCheckDigit } from '../../../shared/verhoeff.ts';

export const DEMO_DOMAIN = 'kaveri.example';
export const DEMO_ORG_NAME = 'Kaveri Precision Components Pvt. Ltd.';

export interface DemoLogin {
  email: string;
  fullName: string;
  roles: Role[];
}

export interface DemoResult {
  admin: { email: string; password: string };
  demoPassword: string;
  /** The named demo logins (admin, HR, manager, employee) first, then the rest. */
  logins: DemoLogin[];
  employees: number;
}

interface DeptPlan {
  name: string;
  code: string;
  location: 'BLR' | 'PUN';
  head: string;
  leads: string[];
  staff: [designation: string, count: number][];
}

const DEPARTMENTS: DeptPlan[] = [
  { name: 'Engineering', code: 'ENG', location: 'BLR', head: 'Head of Engineering', leads: ['Engineering Manager', 'Engineering Manager'], staff: [['Senior Design Engineer', 5], ['Design Engineer', 7], ['Software Engineer', 6], ['CAD Technician', 3]] },
  { name: 'Production', code: 'PRD', location: 'PUN', head: 'Plant Head', leads: ['Production Manager', 'Shift Supervisor', 'Shift Supervisor', 'Shift Supervisor'], staff: [['CNC Operator', 16], ['Machinist', 12], ['Assembly Technician', 14], ['Production Associate', 11]] },
  { name: 'Quality', code: 'QA', location: 'PUN', head: 'Quality Head', leads: ['Senior Quality Engineer'], staff: [['Quality Engineer', 5], ['Quality Inspector', 8]] },
  { name: 'Sales & Marketing', code: 'SAL', location: 'BLR', head: 'Head of Sales', leads: ['Regional Sales Manager', 'Regional Sales Manager'], staff: [['Sales Executive', 11], ['Marketing Executive', 4]] },
  { name: 'Finance & Accounts', code: 'FIN', location: 'BLR', head: 'Finance Controller', leads: ['Senior Accountant'], staff: [['Accounts Executive', 7]] },
  { name: 'Human Resources', code: 'HR', location: 'BLR', head: 'HR Manager', leads: [], staff: [['HR Executive', 4], ['Recruiter', 2]] },
  { name: 'Administration & IT', code: 'ADM', location: 'BLR', head: 'Head of Administration & IT', leads: [], staff: [['IT Support Engineer', 3], ['Admin Executive', 3], ['Security Supervisor', 2], ['Driver', 2]] },
];

/** Annual CTC bands in rupees. */
const CTC: Record<string, [number, number]> = {
  'Managing Director': [6_000_000, 6_000_000],
  'Executive Assistant': [600_000, 750_000],
  'Company Secretary': [1_400_000, 1_600_000],
  'Head of Engineering': [4_200_000, 4_800_000],
  'Engineering Manager': [2_600_000, 3_200_000],
  'Senior Design Engineer': [1_600_000, 2_200_000],
  'Design Engineer': [800_000, 1_300_000],
  'Software Engineer': [900_000, 1_600_000],
  'CAD Technician': [420_000, 600_000],
  'Plant Head': [3_600_000, 4_200_000],
  'Production Manager': [1_800_000, 2_400_000],
  'Shift Supervisor': [720_000, 900_000],
  'CNC Operator': [240_000, 330_000],
  Machinist: [230_000, 320_000],
  'Assembly Technician': [210_000, 300_000],
  'Production Associate': [180_000, 250_000],
  'Quality Head': [2_800_000, 3_200_000],
  'Senior Quality Engineer': [1_200_000, 1_500_000],
  'Quality Engineer': [600_000, 900_000],
  'Quality Inspector': [260_000, 360_000],
  'Head of Sales': [3_800_000, 4_400_000],
  'Regional Sales Manager': [1_800_000, 2_400_000],
  'Sales Executive': [450_000, 700_000],
  'Marketing Executive': [500_000, 750_000],
  'Finance Controller': [3_000_000, 3_400_000],
  'Senior Accountant': [900_000, 1_200_000],
  'Accounts Executive': [360_000, 520_000],
  'HR Manager': [1_800_000, 2_200_000],
  'HR Executive': [450_000, 650_000],
  Recruiter: [420_000, 600_000],
  'Head of Administration & IT': [2_200_000, 2_600_000],
  'IT Support Engineer': [420_000, 650_000],
  'Admin Executive': [300_000, 420_000],
  'Security Supervisor': [240_000, 300_000],
  Driver: [200_000, 240_000],
};

const NAMED = {
  md: { fullName: 'Vikram Rao', gender: 'Male', email: `md@${DEMO_DOMAIN}` },
  admin: { fullName: 'Arjun Menon', gender: 'Male', email: `admin@${DEMO_DOMAIN}` },
  hr: { fullName: 'Priya Sharma', gender: 'Female', email: `hr@${DEMO_DOMAIN}` },
  manager: { fullName: 'Rahul Deshmukh', gender: 'Male', email: `manager@${DEMO_DOMAIN}` },
  employee: { fullName: 'Sneha Kulkarni', gender: 'Female', email: `employee@${DEMO_DOMAIN}` },
} as const;

/** Holidays that fall on the same date every year. */
const FIXED_HOLIDAYS: [string, string, 'BLR' | 'PUN' | null, boolean][] = [
  ['01-01', "New Year's Day", null, true],
  ['01-26', 'Republic Day', null, false],
  ['05-01', 'Maharashtra Day', 'PUN', false],
  ['05-01', 'May Day', 'BLR', false],
  ['08-15', 'Independence Day', null, false],
  ['10-02', 'Gandhi Jayanti', null, false],
  ['11-01', 'Kannada Rajyotsava', 'BLR', false],
  ['12-25', 'Christmas', null, false],
];

/** Festivals that follow the lunar calendar, by year (published holiday lists). */
const LUNAR_HOLIDAYS: Record<number, [string, string, boolean][]> = {
  2025: [['03-14', 'Holi', false], ['03-31', 'Id-ul-Fitr', true], ['08-27', 'Ganesh Chaturthi', false], ['10-02', 'Vijaya Dashami', false], ['10-21', 'Diwali (Lakshmi Puja)', false], ['10-22', 'Diwali (Balipratipada)', false]],
  2026: [['03-04', 'Holi', false], ['03-21', 'Id-ul-Fitr', true], ['04-03', 'Good Friday', true], ['09-14', 'Ganesh Chaturthi', false], ['10-20', 'Vijaya Dashami', false], ['11-08', 'Diwali (Lakshmi Puja)', false], ['11-10', 'Diwali (Balipratipada)', false]],
  2027: [['03-22', 'Holi', false], ['03-10', 'Id-ul-Fitr', true], ['03-26', 'Good Friday', true], ['09-04', 'Ganesh Chaturthi', false], ['10-09', 'Vijaya Dashami', false], ['10-29', 'Diwali (Lakshmi Puja)', false]],
  2028: [['03-11', 'Holi', false], ['02-27', 'Id-ul-Fitr', true], ['04-14', 'Good Friday', true], ['08-23', 'Ganesh Chaturthi', false], ['09-27', 'Vijaya Dashami', false], ['10-17', 'Diwali (Lakshmi Puja)', false]],
};

interface Person {
  row: EmployeeTable;
  roles: Role[];
}

function band(designation: string): number {
  const [lo, hi] = CTC[designation] ?? [300_000, 600_000];
  return Math.round(faker.number.int({ min: lo, max: hi }) / 1000) * 1000;
}

function pan(lastName: string): string {
  const letters = faker.string.alpha({ length: 3, casing: 'upper' });
  return `${letters}P${(lastName[0] ?? 'X').toUpperCase()}${faker.string.numeric(4)}${faker.string.alpha({ length: 1, casing: 'upper' })}`;
}

const BANKS: [string, string][] = [
  ['HDFC Bank', 'HDFC0001234'],
  ['ICICI Bank', 'ICIC0000456'],
  ['State Bank of India', 'SBIN0004567'],
  ['Axis Bank', 'UTIB0000789'],
  ['Canara Bank', 'CNRB0002345'],
];

/** A few notifications so the bell has something to say on first start. */
async function seedNotifications(ctx: Ctx, people: Person[], today: string): Promise<void> {
  const joiners = people.filter((p) => p.row.joined_date.slice(0, 7) === today.slice(0, 7));
  const onNotice = people.filter((p) => p.row.status === 'OnNotice');
  const hrAndAdmins: Role[] = ['HR', 'Admin'];
  await notify(ctx, { roles: ['Employee', 'Manager', 'HR', 'Admin'] }, {
    kind: 'welcome',
    title: `Welcome to Muster, ${DEMO_ORG_NAME}`,
    body: 'This is the demo organisation. Look around: every change you make is kept in the audit trail.',
    link: '/',
  });
  await notify(ctx, { roles: hrAndAdmins }, {
    kind: 'employee.joined',
    title: `${joiners.length} people joined this month`,
    body: joiners.map((p) => p.row.full_name).join(', '),
    link: '/employees?status=Active',
  });
  for (const p of onNotice) {
    await notify(ctx, { roles: hrAndAdmins, employeeIds: p.row.manager_id ? [p.row.manager_id] : [] }, {
      kind: 'employee.exit',
      title: `${p.row.full_name} leaves on ${p.row.exit_date ?? ''}`,
      body: p.row.exit_reason,
      link: `/employees/${p.row.id}`,
    });
  }
}

/**
 * Seeds the demo organisation: about 150 employees over seven departments,
 * two locations, a reporting hierarchy, an HR team, this year's holidays and
 * logins for the named demo users. Deterministic for a given date.
 */
export async function seedDemo(
  ctx: Ctx,
  opts: {
    adminEmail?: string | undefined;
    adminPassword?: string | undefined;
    demoPassword?: string | undefined;
    /** Where the demo's document files go; without it the demo has no documents. */
    dataDir?: string | undefined;
  },
): Promise<DemoResult> {
  faker.seed(20260401);
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const today = dayInZone(now, ctx.timeZone);
  const [year] = splitDay(today);
  const demoPassword = opts.demoPassword ?? randomSecret(9);
  const adminPassword = opts.adminPassword ?? demoPassword;
  const adminEmail = opts.adminEmail ?? NAMED.admin.email;

  const ids = {
    locations: { BLR: newId(), PUN: newId() },
    shifts: { General: '', Morning: newId(), Evening: newId(), Night: newId() },
  };
  const designationIds = new Map<string, string>();
  const people: Person[] = [];
  const usedEmails = new Set<string>();

  const sealedIds = (ids: Record<'pan' | 'uan' | 'esi' | 'aadhaar' | 'passport', string | null>) => {
    const out: Partial<EmployeeTable> = {};
    for (const [k, v] of Object.entries(ids) as [keyof typeof ids, string | null][]) {
      const s = seal(ctx.db, v);
      out[`${k}_enc`] = s.enc;
      out[`${k}_last4`] = s.last4;
    }
    return out as Pick<EmployeeTable, 'pan_enc' | 'pan_last4' | 'uan_enc' | 'uan_last4' | 'esi_enc' | 'esi_last4' | 'aadhaar_enc' | 'aadhaar_last4' | 'passport_enc' | 'passport_last4'>;
  };
  const aadhaar = () => {
    const body = `${faker.number.int({ min: 2, max: 9 })}${faker.string.numeric(10)}`;
    return `${body}${verhoeffCheckDigit(body)}`;
  };

  const makePerson = (p: {
    designation: string;
    departmentId: string;
    location: 'BLR' | 'PUN';
    managerId: string | null;
    fullName?: string;
    gender?: string;
    email?: string;
    joinedDate?: string;
    shift?: keyof typeof ids.shifts;
    roles?: Role[];
  }): Person => {
    const gender = p.gender ?? faker.helpers.weightedArrayElement([{ value: 'Male', weight: 60 }, { value: 'Female', weight: 38 }, { value: 'Undisclosed', weight: 2 }]);
    const sex = gender === 'Female' ? 'female' : 'male';
    const first = faker.person.firstName(sex);
    const last = faker.person.lastName();
    const fullName = p.fullName ?? `${first} ${last}`;
    let email = p.email;
    if (!email) {
      const base = fullName.toLowerCase().replace(/[^a-z ]/g, '').trim().replace(/\s+/g, '.');
      email = `${base}@${DEMO_DOMAIN}`;
      for (let n = 2; usedEmails.has(email); n++) email = `${base}${n}@${DEMO_DOMAIN}`;
    }
    usedEmails.add(email);
    const index = people.length + 1;
    const joinedDate =
      p.joinedDate ?? formatDay(faker.number.int({ min: 2012, max: year - 1 }), faker.number.int({ min: 1, max: 12 }), faker.number.int({ min: 1, max: 28 }));
    const ctc = band(p.designation);
    const bank = faker.helpers.arrayElement(BANKS);
    const row: EmployeeTable = {
      id: newId(),
      code: `KPC${String(index).padStart(4, '0')}`,
      full_name: fullName,
      email,
      phone: `+91 ${faker.helpers.arrayElement(['98', '97', '96', '94', '90', '88', '80', '70'])}${faker.string.numeric(3)} ${faker.string.numeric(5)}`,
      search_text: '',
      designation_id: designationIds.get(p.designation) ?? null,
      department_id: p.departmentId,
      location_id: ids.locations[p.location],
      manager_id: p.managerId,
      joined_date: joinedDate,
      exit_date: null,
      exit_reason: null,
      status: 'Active',
      employment_type: p.designation === 'Driver' || p.designation === 'Security Supervisor' ? 'Contract' : 'FullTime',
      gender,
      date_of_birth: formatDay(faker.number.int({ min: 1968, max: 2003 }), faker.number.int({ min: 1, max: 12 }), faker.number.int({ min: 1, max: 28 })),
      shift_id: ids.shifts[p.shift ?? 'General'],
      terminal_user_id: 1000 + index,
      ctc_annual: ctc,
      // Government ids are sealed (AES-256-GCM under the data dir's key); the clear columns stay empty.
      pan: null,
      uan: null,
      esi: null,
      ...sealedIds({
        pan: pan(last),
        uan: `10${faker.string.numeric(10)}`,
        esi: ctc <= 21_000 * 12 ? faker.string.numeric(10) : null,
        aadhaar: aadhaar(),
        passport: faker.number.int({ min: 1, max: 4 }) === 1 ? `${faker.string.alpha({ length: 1, casing: 'upper' })}${faker.string.numeric(7)}` : null,
      }),
      bank_account_number: faker.string.numeric(faker.number.int({ min: 11, max: 14 })),
      bank_ifsc: bank[1],
      bank_name: bank[0],
      created_at: nowIso,
      updated_at: nowIso,
    };
    row.search_text = `${row.full_name} ${row.code} ${row.email ?? ''}`.toLowerCase();
    const person = { row, roles: p.roles ?? [] };
    people.push(person);
    return person;
  };

  return inTransaction(ctx, async (t) => {
    const db = t.db;
    await updateOrganisationRow(db, {
      name: DEMO_ORG_NAME,
      weekly_offs: JSON.stringify([
        { weekday: 0, weeks: 'all' },
        { weekday: 6, weeks: [2, 4] },
      ]),
      setup_completed_at: nowIso,
    });
    await db
      .insertInto('location')
      .values([
        { id: ids.locations.BLR, name: 'Bengaluru HQ', address_line: '42, 3rd Phase, Peenya Industrial Area', city: 'Bengaluru', state: 'Karnataka', postal_code: '560058', country: 'India', created_at: nowIso },
        { id: ids.locations.PUN, name: 'Pune Plant', address_line: 'Plot B-14, Chakan MIDC Phase II', city: 'Pune', state: 'Maharashtra', postal_code: '410501', country: 'India', created_at: nowIso },
      ])
      .execute();
    const general = await db.selectFrom('shift').select('id').where('is_default', '=', 1).executeTakeFirstOrThrow();
    ids.shifts.General = general.id;
    await db
      .insertInto('shift')
      .values([
        { id: ids.shifts.Morning, name: 'Morning', start_time: '06:00', end_time: '14:00', is_default: 0, created_at: nowIso },
        { id: ids.shifts.Evening, name: 'Evening', start_time: '14:00', end_time: '22:00', is_default: 0, created_at: nowIso },
        { id: ids.shifts.Night, name: 'Night', start_time: '22:00', end_time: '06:00', is_default: 0, created_at: nowIso },
      ])
      .execute();
    const designations = new Set(Object.keys(CTC));
    for (const name of designations) designationIds.set(name, newId());
    await db
      .insertInto('designation')
      .values([...designationIds].map(([name, id]) => ({ id, name, created_at: nowIso })))
      .execute();

    const management = newId();
    const deptIds = new Map<string, string>([['Management', management]]);
    for (const d of DEPARTMENTS) deptIds.set(d.name, newId());
    await db
      .insertInto('department')
      .values([
        { id: management, name: 'Management', code: 'MGT', created_at: nowIso },
        ...DEPARTMENTS.map((d) => ({ id: deptIds.get(d.name) ?? '', name: d.name, code: d.code, created_at: nowIso })),
      ])
      .execute();

    const md = makePerson({ ...NAMED.md, designation: 'Managing Director', departmentId: management, location: 'BLR', managerId: null, joinedDate: '2011-06-01', roles: ['Manager'] });
    makePerson({ designation: 'Executive Assistant', departmentId: management, location: 'BLR', managerId: md.row.id });
    makePerson({ designation: 'Company Secretary', departmentId: management, location: 'BLR', managerId: md.row.id });

    let productionShift = 0;
    for (const d of DEPARTMENTS) {
      const departmentId = deptIds.get(d.name) ?? '';
      const named =
        d.name === 'Human Resources' ? { ...NAMED.hr, roles: ['HR', 'Manager'] as Role[] } : d.name === 'Administration & IT' ? { ...NAMED.admin, email: adminEmail, roles: ['Admin', 'HR', 'Manager'] as Role[] } : {};
      const head = makePerson({ designation: d.head, departmentId, location: d.location, managerId: md.row.id, roles: ['Manager'], ...named });
      const leads = d.leads.map((designation, i) => {
        const isDemoManager = d.name === 'Engineering' && i === 0;
        const shift = d.name === 'Production' && i > 0 ? (['Morning', 'Evening', 'Night'] as const)[i - 1] : undefined;
        return makePerson({
          designation,
          departmentId,
          location: d.location,
          managerId: head.row.id,
          roles: ['Manager'],
          ...(shift ? { shift } : {}),
          ...(isDemoManager ? NAMED.manager : {}),
        });
      });
      let n = 0;
      for (const [designation, count] of d.staff) {
        for (let i = 0; i < count; i++, n++) {
          const lead = leads.length ? leads[n % leads.length] : head;
          const isDemoEmployee = d.name === 'Engineering' && designation === 'Software Engineer' && i === 0;
          const shift = d.name === 'Production' ? (['Morning', 'Evening', 'Night'] as const)[productionShift++ % 3] : undefined;
          const location = d.location === 'BLR' && d.name === 'Quality' ? 'BLR' : faker.number.int({ min: 1, max: 10 }) === 1 ? (d.location === 'BLR' ? 'PUN' : 'BLR') : d.location;
          makePerson({
            designation,
            departmentId,
            location,
            managerId: (lead ?? head).row.id,
            ...(shift ? { shift } : {}),
            ...(isDemoEmployee ? { ...NAMED.employee, roles: ['Employee'] as Role[] } : {}),
          });
        }
      }
      // HR executives help run HR.
      if (d.name === 'Human Resources') for (const p of people.filter((x) => x.row.department_id === departmentId && x.roles.length === 0).slice(0, 2)) p.roles = ['HR'];
    }

    // Movement in the directory: recent joiners, people on notice, and leavers.
    const staff = people.filter((p) => p.roles.length === 0 && p.row.manager_id !== md.row.id);
    const monthStart = `${today.slice(0, 7)}-01`;
    for (const p of staff.slice(-3)) p.row.joined_date = monthStart;
    for (const [i, p] of staff.slice(10, 13).entries()) {
      p.row.status = 'OnNotice';
      p.row.exit_date = addDays(today, 10 + i * 7);
      p.row.exit_reason = 'Resigned: higher studies';
    }
    for (const [i, p] of staff.slice(20, 25).entries()) {
      p.row.status = 'Exited';
      p.row.exit_date = addDays(today, -(15 + i * 45));
      if (p.row.exit_date < p.row.joined_date) p.row.joined_date = addDays(p.row.exit_date, -400);
      p.row.exit_reason = i % 2 ? 'Resigned: relocation' : 'Resigned: better opportunity';
    }

    // Insert managers before reports so the foreign key holds row by row.
    for (let i = 0; i < people.length; i += 50) {
      await insertEmployeeRows(db, people.slice(i, i + 50).map((p) => p.row));
    }
    for (const p of people) {
      await recordAudit(t, {
        employeeId: p.row.id,
        category: 'Profile',
        action: 'employee.created',
        summary: 'Added to the directory (demo organisation)',
      });
    }

    const holidays = [
      ...FIXED_HOLIDAYS.map(([md, name, loc, optional]) => ({ date: `${year}-${md}`, name, loc, optional })),
      ...(LUNAR_HOLIDAYS[year] ?? []).map(([md, name, optional]) => ({ date: `${year}-${md}`, name, loc: null, optional })),
    ];
    await db
      .insertInto('holiday')
      .values(
        holidays.map((h) => ({
          id: newId(),
          date: h.date,
          name: h.name,
          location_id: h.loc ? ids.locations[h.loc] : null,
          optional: h.optional ? 1 : 0,
          created_at: nowIso,
        })),
      )
      .execute();

    const withLogin = people.filter((p) => p.roles.length > 0);
    const hashes = await Promise.all(
      withLogin.map((p) => hashPassword(p.row.email === adminEmail ? adminPassword : demoPassword)),
    );
    for (const [i, p] of withLogin.entries()) {
      await insertUserAccount(
        db,
        { id: newId(), employee_id: p.row.id, email: p.row.email ?? '', password_hash: hashes[i] ?? '', created_at: nowIso },
        p.roles,
      );
    }
    await seedNotifications(t, people, today);
    await seedDemoLeave(t);
    await seedDemoAttendance(t);
    if (opts.dataDir) await seedDemoDocuments(t, documentStore(opts.dataDir), { hrEmail: NAMED.hr.email, demoEmployeeEmail: NAMED.employee.email });
    const order = [adminEmail, NAMED.hr.email, NAMED.manager.email, NAMED.employee.email];
    const logins = withLogin
      .map((p) => ({ email: p.row.email ?? '', fullName: p.row.full_name, roles: p.roles }))
      .sort((a, b) => {
        const ia = order.indexOf(a.email);
        const ib = order.indexOf(b.email);
        return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.fullName.localeCompare(b.fullName);
      });
    return { admin: { email: adminEmail, password: adminPassword }, demoPassword, logins, employees: people.length };
  });
}
