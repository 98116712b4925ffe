import { z } from 'zod';
import { dayInZone } from '../../../../../shared/dates.ts';
import { abilitiesFor } from '../../../../../shared/oauth.ts';
import { getEmployee } from '../../employees/index.ts';
import { orgSettings } from '../../org/index.ts';
import { decodeCursor, encodeCursor } from '../cursor.ts';
import { localTime, weekday } from '../present.ts';
import { searchPeople } from '../resolve.ts';
import { defineTool, fixedInput, seesOthers } from '../tool.ts';

/** Who the caller is, and looking colleagues up in the directory. */

const PAGE = 20;

export const whoami = defineTool({
  name: 'whoami',
  title: 'Who am I',
  description:
    'Who you are acting as in Muster (the HR system of this office): name, employee code, designation, department, location, manager, roles, the organisation and its time zone, today\'s date and weekday there, and what you may do for this person. Call it first to ground dates ("next Friday") and to know which tools apply. Takes no arguments.',
  acts: false,
  destructive: false,
  idempotent: true,
  allowed: () => true,
  ...fixedInput(z.object({}).strict()),
  output: z.object({
    name: z.string(),
    employeeCode: z.string(),
    designation: z.string().nullable(),
    department: z.string().nullable(),
    location: z.string().nullable(),
    manager: z.string().nullable(),
    email: z.string().nullable(),
    joinedOn: z.string(),
    roles: z.array(z.string()),
    organisation: z.string(),
    timeZone: z.string().describe('IANA zone every date and local time is in.'),
    today: z.string().describe('YYYY-MM-DD in the organisation\'s time zone.'),
    weekday: z.string(),
    localTime: z.string(),
    connectedAs: z.string().describe('The key or app this assistant uses.'),
    canAct: z.boolean().describe('False for a read-only connection: only tools that read are available.'),
    youCanAskMeTo: z.array(z.string()),
  }),
  async run(ctx) {
    const id = ctx.caller.employeeId ?? '';
    const [me, org] = await Promise.all([getEmployee(ctx, id), orgSettings(ctx.db)]);
    const now = ctx.clock.now();
    const today = dayInZone(now, ctx.timeZone);
    const credential = ctx.caller.credential;
    const canAct = credential?.canAct ?? false;
    return {
      name: me.fullName,
      employeeCode: me.code,
      designation: me.designation?.name ?? null,
      department: me.department?.name ?? null,
      location: me.location?.name ?? null,
      manager: me.manager?.fullName ?? null,
      email: me.email,
      joinedOn: me.joinedDate,
      roles: [...ctx.caller.roles],
      organisation: org.name,
      timeZone: ctx.timeZone,
      today,
      weekday: weekday(today),
      localTime: localTime(now.toISOString(), ctx.timeZone) ?? '',
      connectedAs: credential ? `${credential.name} (${credential.kind === 'api-key' ? 'API key' : 'connected app'})` : 'unknown',
      canAct,
      youCanAskMeTo: abilitiesFor(ctx.caller.permissions, canAct ? ['muster:read', 'muster:write'] : ['muster:read']),
    };
  },
});

const Person = z.object({
  name: z.string(),
  employeeCode: z.string(),
  designation: z.string().nullable(),
  department: z.string().nullable(),
  location: z.string().nullable(),
  manager: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.string().describe('Active, OnNotice or Exited.'),
  joinedOn: z.string(),
});

export const peopleLookup = defineTool({
  name: 'people_lookup',
  title: 'Look up a colleague',
  description:
    'Searches the employee directory by name, employee code or email, within what this person may see in the console: a manager their reporting line, HR the whole organisation. Answers contact and placement details (designation, department, location, manager, email, phone, status) — never salary or government ids. Use it to find who someone is or to get the exact name or code another tool needs. 20 people a page; pass `cursor` from the previous answer for more.',
  acts: false,
  destructive: false,
  idempotent: true,
  allowed: seesOthers,
  ...fixedInput(
    z
      .object({
        search: z.string().trim().min(1).max(100).describe('A name, part of one, an employee code or an email.'),
        cursor: z.string().max(200).optional().describe('From the previous page\'s nextCursor.'),
      })
      .strict(),
  ),
  output: z.object({
    people: z.array(Person),
    total: z.number().describe('People matching across all pages.'),
    nextCursor: z.string().nullable(),
  }),
  async run(ctx, args) {
    const at = decodeCursor('people', args.cursor, ['o'])?.o ?? 0;
    const page = await searchPeople(ctx, args.search, PAGE, at);
    const total = page.total;
    return {
      people: page.items.map((e) => ({
        name: e.fullName,
        employeeCode: e.code,
        designation: e.designation?.name ?? null,
        department: e.department?.name ?? null,
        location: e.location?.name ?? null,
        manager: e.manager?.fullName ?? null,
        email: e.email,
        phone: e.phone,
        status: e.status,
        joinedOn: e.joinedDate,
      })),
      total,
      nextCursor: page.items.length === PAGE && at + PAGE < total ? encodeCursor('people', { o: at + PAGE }) : null,
    };
  },
});
