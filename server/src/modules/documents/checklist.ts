import type { ItemState } from '../../../../shared/documents.ts';
import { addDays } from '../../../../shared/dates.ts';
import type { DocRow } from './repo/files.ts';
import type { RequestRow } from './repo/requests.ts';
import type { TypeRow } from './repo/types.ts';

/**
 * Where each item of an employee's file stands: pure, from their required
 * types, their documents (every version) and their open requests.
 */

/** How many days before expiry a document counts as "expiring soon" when its type names none. */
export const DEFAULT_REMIND_DAYS = 30;

export const typeSlot = (typeId: string) => `type:${typeId}`;
/** The slot of the supporting files of one leave request: each attachment is a version of it; never a checklist item. */
export const leaveSlot = (leaveRequestId: string) => `leave:${leaveRequestId}`;
export const isLeaveSlot = (slotKey: string) => slotKey.startsWith('leave:');
/** A free-text name's slot: lower case, runs of blanks as one space. */
export const textSlot = (name: string) => `text:${normaliseName(name).toLowerCase()}`;

/** Trimmed, with runs of blanks as one space. */
export function normaliseName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

export interface ItemFacts {
  key: string;
  name: string;
  type: TypeRow | null;
  required: boolean;
  state: ItemState;
  expiresOn: string | null;
  expiringSoon: boolean;
  rejectionNote: string | null;
  current: DocRow | null;
  versions: number;
  openRequest: RequestRow | null;
}

/** The state of an item from its current document (null: none held). */
export function stateOf(current: DocRow | null, today: string): ItemState {
  if (!current) return 'Missing';
  if (current.status === 'Rejected') return 'Rejected';
  if (current.expires_on !== null && current.expires_on < today) return 'Expired';
  if (current.status === 'AwaitingVerification') return 'AwaitingVerification';
  return 'Have';
}

/**
 * The items of a file: required types first (catalogue order), then other
 * held or requested ones by name. Deleted versions count as versions but are
 * never current.
 */
export function checklistOf(input: {
  required: readonly TypeRow[];
  types: ReadonlyMap<string, TypeRow>;
  documents: readonly DocRow[];
  openRequests: readonly RequestRow[];
  today: string;
}): ItemFacts[] {
  const { required, types, documents, openRequests, today } = input;
  const bySlot = new Map<string, DocRow[]>();
  // Files supporting leave requests belong to their request, not to the employee's file.
  for (const d of documents) if (!isLeaveSlot(d.slot_key)) bySlot.set(d.slot_key, [...(bySlot.get(d.slot_key) ?? []), d]);
  const requestBySlot = new Map(openRequests.map((r) => [r.name_key, r]));
  const requiredSlots = new Set(required.map((t) => typeSlot(t.id)));

  const item = (key: string): ItemFacts => {
    const versions = bySlot.get(key) ?? [];
    const current = versions.filter((d) => d.deleted_at === null).sort((a, b) => b.version - a.version)[0] ?? null;
    const request = requestBySlot.get(key) ?? null;
    const typeId = key.startsWith('type:') ? key.slice(5) : null;
    const type = typeId ? (types.get(typeId) ?? null) : null;
    const state = stateOf(current, today);
    const remind = type?.remind_days_before ?? DEFAULT_REMIND_DAYS;
    const expiresOn = current?.expires_on ?? null;
    return {
      key,
      name: type?.name ?? current?.title ?? request?.name ?? key.replace(/^text:/, ''),
      type,
      required: requiredSlots.has(key),
      state,
      expiresOn,
      expiringSoon: (state === 'Have' || state === 'AwaitingVerification') && expiresOn !== null && expiresOn <= addDays(today, remind),
      rejectionNote: state === 'Rejected' ? (current?.review_note ?? null) : null,
      current,
      versions: versions.length,
      openRequest: request,
    };
  };

  const requiredItems = required.map((t) => item(typeSlot(t.id)));
  const otherKeys = new Set<string>();
  for (const [key, versions] of bySlot) if (!requiredSlots.has(key) && versions.some((d) => d.deleted_at === null)) otherKeys.add(key);
  for (const r of openRequests) if (!requiredSlots.has(r.name_key)) otherKeys.add(r.name_key);
  const others = [...otherKeys].map(item).sort((a, b) => a.name.localeCompare(b.name));
  return [...requiredItems, ...others];
}

/** Complete: every required item held, verified and in date. */
export function isComplete(items: readonly ItemFacts[]): boolean {
  return items.filter((i) => i.required).every((i) => i.state === 'Have');
}
