import { UUID_PATTERN } from '../../../../shared/common.ts';
import type { EmployeeListItem } from '../../../../shared/employees.ts';
import type { LeaveType } from '../../../../shared/leave/index.ts';
import type { Ctx } from '../../context.ts';
import { getEmployee, listEmployees } from '../employees/index.ts';
import { listLeaveTypes } from '../leave/index.ts';
import { ToolRefusal } from './errors.ts';

/**
 * Models name things the way people do: "Ravi", "EMP-014", "casual leave".
 * These turn such names into ids through the same use cases the console
 * uses, within the caller's scope, and refuse in words when a name matches
 * nobody or several people.
 */

export interface PersonRef {
  id: string;
  name: string;
  code: string;
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

function describe(e: EmployeeListItem): string {
  const where = [e.designation?.name, e.department?.name].filter(Boolean).join(', ');
  return `${e.fullName} (${e.code}${where ? `, ${where}` : ''})`;
}

/** The people the caller can see whose name, code or email matches (the directory's search, in scope). */
export async function searchPeople(ctx: Ctx, text: string, limit: number, offset = 0) {
  const pageSize = Math.min(Math.max(limit, 1), 100);
  const page = Math.floor(offset / pageSize) + 1;
  return listEmployees(ctx, { q: text.trim().slice(0, 100), page, pageSize, sort: 'fullName', order: 'asc' } as Parameters<typeof listEmployees>[1]);
}

/** One person the caller can see, by id, code, email or name; refused in words when nobody or several match. */
export async function resolvePerson(ctx: Ctx, ref: string): Promise<PersonRef> {
  const text = ref.trim();
  if (UUID_PATTERN.test(text)) {
    const e = await getEmployee(ctx, text.toLowerCase());
    return { id: e.id, name: e.fullName, code: e.code };
  }
  const found = await searchPeople(ctx, text, 10);
  const items = found.items;
  const exact = items.filter((e) => norm(e.code) === norm(text) || norm(e.fullName) === norm(text) || (e.email && norm(e.email) === norm(text)));
  const pick = exact.length === 1 ? exact[0] : items.length === 1 ? items[0] : undefined;
  if (pick) return { id: pick.id, name: pick.fullName, code: pick.code };
  if (items.length === 0) {
    const scope = ctx.caller.scope === 'org' ? 'in the organisation' : ctx.caller.scope === 'team' ? 'in your reporting line' : 'you can see (only yourself)';
    throw new ToolRefusal(`Nobody called "${text}" among the people ${scope}. Check the spelling, or use their employee code.`);
  }
  const list = (exact.length > 1 ? exact : items).slice(0, 8).map(describe).join('; ');
  throw new ToolRefusal(`Several people match "${text}": ${list}. Say which one by employee code.`);
}

/** The person a tool is about: the named one (in scope), or the caller. */
export async function personOrSelf(ctx: Ctx, ref: string | undefined): Promise<PersonRef> {
  if (ref !== undefined && ref.trim() !== '') return resolvePerson(ctx, ref);
  const id = ctx.caller.employeeId;
  if (!id) throw new ToolRefusal('This credential does not act as an employee.');
  return { id, name: ctx.caller.name, code: '' };
}

/** A leave type by id, code or name (a unique part of the name will do); refused with the list of types otherwise. */
export async function resolveLeaveType(ctx: Ctx, ref: string): Promise<LeaveType> {
  const types = (await listLeaveTypes(ctx, { includeInactive: false })).items;
  const text = norm(ref);
  const byId = types.find((t) => t.id === text);
  const byCode = types.find((t) => norm(t.code) === text);
  const byName = types.find((t) => norm(t.name) === text);
  const partial = types.filter((t) => norm(t.name).includes(text) || text.includes(norm(t.name).replace(/ leave$/, '')));
  const pick = byId ?? byCode ?? byName ?? (partial.length === 1 ? partial[0] : undefined);
  if (pick) return pick;
  const all = types.map((t) => `${t.name} (${t.code})`).join(', ');
  throw new ToolRefusal(
    partial.length > 1
      ? `"${ref}" could be ${partial.map((t) => `${t.name} (${t.code})`).join(' or ')}. Say which.`
      : `There is no leave type "${ref}". The types are: ${all}.`,
  );
}
