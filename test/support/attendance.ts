import { fixedClock } from '../../server/src/clock.ts';
import { zonedInstant } from '../../server/src/modules/attendance/shift-time.ts';
import type { Client } from './client.ts';
import { CONNECTOR_SECRET, startServer, type TestServer } from './server.ts';

/**
 * An attendance test world on a copy of the demo database: a fixed clock in
 * 2031 (Wednesday 12 March, 17:30 IST), a fresh location without demo
 * terminals, and a few employees there reporting to the demo manager.
 */

export const TZ = 'Asia/Kolkata';
export const NOW = '2031-03-12T12:00:00.000Z';
export const TODAY = '2031-03-12';
export const CONNECTOR = { authorization: `Bearer ${CONNECTOR_SECRET}` };

export interface World {
  server: TestServer;
  clock: ReturnType<typeof fixedClock>;
  admin: Client;
  hr: Client;
  manager: Client;
  locationId: string;
  managerId: string;
  /** Employees at the test location, joined 2031-01-01, General shift, terminal user ids 77001…; the first has a login. */
  employees: { id: string; code: string; terminalUserId: number; email: string }[];
  employee: Client;
}

/** `HH:MM` on a day in IST, as an ISO instant with `+05:30`. */
export function ist(day: string, time: string): string {
  return `${day}T${time}+05:30`;
}

/** The instant (UTC ISO) of a local IST time. */
export function istInstant(day: string, time: string): string {
  const [h, m] = time.split(':').map(Number);
  return new Date(zonedInstant(day, (h ?? 0) * 60 + (m ?? 0), TZ)).toISOString();
}

let transId = 1;

/** Posts one punch as the connector would. */
export async function punch(
  server: TestServer,
  body: { terminalUserId: number; at: string; attendStat?: string; serial?: string; transId?: number; terminalType?: string; photoBase64?: string },
) {
  return server.client().post(
    '/api/ingest/biometric/timelog',
    { serial: body.serial ?? 'TEST-T1', terminalType: body.terminalType ?? 'zk', terminalId: 1, transId: body.transId ?? transId++, at: body.at, terminalUserId: body.terminalUserId, ...(body.attendStat !== undefined ? { attendStat: body.attendStat } : {}), ...(body.photoBase64 ? { photoBase64: body.photoBase64 } : {}) },
    CONNECTOR,
  );
}

export async function startWorld(opts: { employees?: number; suffix?: string } = {}): Promise<World> {
  const clock = fixedClock(NOW);
  const server = await startServer({ clock });
  const [admin, hr, manager] = await Promise.all([
    server.login('admin@kaveri.example'),
    server.login('hr@kaveri.example'),
    server.login('manager@kaveri.example'),
  ]);
  const managerId = (await manager.get('/api/auth/me')).body.user.employeeId as string;
  const suffix = opts.suffix ?? String(Math.floor(Math.random() * 1e6));
  const location = await admin.post('/api/locations', { name: `Test Works ${suffix}` });
  if (location.status !== 200) throw new Error(`location: ${location.status} ${location.text}`);
  const employees: World['employees'] = [];
  for (let i = 0; i < (opts.employees ?? 3); i++) {
    const terminalUserId = 77001 + i;
    const email = `att.${suffix}.${i}@test.example`;
    const res = await hr.post('/api/employees', {
      code: `AT${suffix}${i}`,
      fullName: `Att Tester ${i}`,
      email,
      joinedDate: '2031-01-01',
      locationId: location.body.id,
      managerId,
      terminalUserId,
    });
    if (res.status !== 200) throw new Error(`employee: ${res.status} ${res.text}`);
    employees.push({ id: res.body.id, code: res.body.code, terminalUserId, email });
  }
  const first = employees[0];
  if (!first) throw new Error('no employees');
  const login = await admin.post('/api/users', { employeeId: first.id, email: first.email, password: 'tester-pass-123', roles: ['Employee'] });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
  const employee = await server.login(first.email, 'tester-pass-123');
  return { server, clock, admin, hr, manager, locationId: location.body.id, managerId, employees, employee };
}
