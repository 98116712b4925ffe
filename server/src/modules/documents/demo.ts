import { addDays, dayInZone } from '../../../../shared/dates.ts';
import type { Ctx } from '../../context.ts';
import { newId } from '../../ids.ts';
import { prng } from '../../prng.ts';
import { typeSlot } from './checklist.ts';
import { miniPdf, miniPng } from './mini-files.ts';
import * as files from './repo/files.ts';
import { everyoneForSeed, personByEmail } from './repo/people.ts';
import * as types from './repo/types.ts';
import type { DocumentStore } from './store.ts';

/**
 * The demo's employee files: most people's checklists complete (verified by
 * HR around their joining), a few items missing, some awaiting verification,
 * one rejected, passports and licences expiring. The named demo employee tells
 * the newcomer's story: two documents missing, one awaiting verification, a
 * passport expiring soon. Every file is a small real PDF (PNG for
 * photographs) naming its owner.
 */
export async function seedDemoDocuments(ctx: Ctx, store: DocumentStore, opts: { hrEmail: string; demoEmployeeEmail: string }): Promise<number> {
  const random = prng(20260409);
  const today = dayInZone(ctx.clock.now(), ctx.timeZone);
  const hr = await personByEmail(ctx.db, opts.hrEmail);
  const people = await everyoneForSeed(ctx.db);
  const allTypes = await types.listTypeRows(ctx.db);
  const byName = new Map(allTypes.map((t) => [t.name, t]));
  const checklists = new Map<string, types.TypeRow[]>();
  for (const p of people) if (!checklists.has(p.employment_type)) checklists.set(p.employment_type, await types.requiredTypeRows(ctx.db, p.employment_type));
  const hrName = hr?.full_name ?? 'HR';
  let count = 0;

  const put = async (p: (typeof people)[number], type: types.TypeRow, o: { status?: string; uploadedAt: string; byEmployee?: boolean; expiresOn?: string | null; reviewNote?: string | null }) => {
    const isPhoto = type.name === 'Photograph';
    const bytes = isPhoto
      ? miniPng(count)
      : miniPdf(type.name, [
          `Name: ${p.full_name}`,
          `Employee code: ${p.code}`,
          ...(type.name === 'PAN card' && p.pan_last4 ? [`PAN: ******${p.pan_last4}`] : []),
          ...(o.expiresOn ? [`Valid until: ${o.expiresOn}`] : []),
          `${type.description ?? ''}`,
          'Kaveri Precision Components Pvt. Ltd. - demo document',
        ]);
    const { sha256, sizeBytes } = await store.put(bytes, { durable: false });
    const status = o.status ?? 'Verified';
    const reviewed = status !== 'AwaitingVerification';
    const version = (await files.maxVersion(ctx.db, p.id, typeSlot(type.id))) + 1;
    await files.insertDocRow(ctx.db, {
      id: newId(),
      employee_id: p.id,
      document_type_id: type.id,
      slot_key: typeSlot(type.id),
      title: type.name,
      version,
      original_name: `${type.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${p.code.toLowerCase()}.${isPhoto ? 'png' : 'pdf'}`,
      size_bytes: sizeBytes,
      media_type: isPhoto ? 'image/png' : 'application/pdf',
      sha256,
      expires_on: o.expiresOn ?? null,
      status,
      note: null,
      review_note: o.reviewNote ?? null,
      reviewed_by_name: reviewed ? hrName : null,
      reviewed_by_employee_id: reviewed ? (hr?.id ?? null) : null,
      reviewed_at: reviewed ? o.uploadedAt : null,
      uploaded_by_user_id: o.byEmployee ? null : (hr?.user_id ?? null),
      uploaded_by_employee_id: o.byEmployee ? p.id : (hr?.id ?? null),
      uploaded_by_name: o.byEmployee ? p.full_name : hrName,
      uploaded_at: o.uploadedAt,
      deleted_at: null,
      deleted_by_name: null,
      delete_reason: null,
      purged_at: null,
      expiry_notified_for: null,
      leave_request_id: null,
    });
    count++;
  };

  const atJoining = (joined: string, days: number) => `${addDays(joined, days)}T05:30:00.000Z`;
  const recent = (daysAgo: number) => `${addDays(today, -daysAgo)}T06:15:00.000Z`;

  for (const p of people) {
    const required = checklists.get(p.employment_type) ?? [];
    const joinedAt = p.joined_date > today ? today : p.joined_date;
    if (p.email === opts.demoEmployeeEmail) {
      // The newcomer's story: Address proof and EPF Form 11 missing, education awaiting verification, a passport expiring soon.
      for (const type of required) {
        if (type.name === 'Address proof' || type.name === 'EPF Form 11') continue;
        if (type.name === 'Education certificates') await put(p, type, { status: 'AwaitingVerification', uploadedAt: recent(1), byEmployee: true });
        else await put(p, type, { uploadedAt: atJoining(joinedAt, 2) });
      }
      const passport = byName.get('Passport');
      if (passport) await put(p, passport, { uploadedAt: atJoining(joinedAt, 3), expiresOn: addDays(today, 20) });
      continue;
    }
    const newJoiner = p.joined_date >= addDays(today, -40);
    for (const type of required) {
      const roll = random();
      // New joiners are still collecting theirs; others miss the odd one.
      if (roll < (newJoiner ? 0.35 : 0.04)) continue;
      if (roll < (newJoiner ? 0.5 : 0.06)) {
        await put(p, type, { status: 'AwaitingVerification', uploadedAt: recent(Math.floor(random() * 10) + 1), byEmployee: type.employee_may_upload === 1 });
        continue;
      }
      await put(p, type, { uploadedAt: atJoining(joinedAt, Math.floor(random() * 10)) });
    }
    const extra = random();
    const passport = byName.get('Passport');
    const licence = byName.get('Driving licence');
    if (passport && extra < 0.18) {
      const expiresOn = addDays(today, Math.floor(random() * 2400) - 200);
      await put(p, passport, { uploadedAt: atJoining(joinedAt, 5), expiresOn });
    } else if (licence && extra < 0.3) {
      const expiresOn = addDays(today, Math.floor(random() * 1500) - 60);
      await put(p, licence, { uploadedAt: atJoining(joinedAt, 5), expiresOn });
    }
  }

  // One upload HR turned back, for the Rejected list.
  const someone = people.find((p) => p.status === 'Active' && p.email !== opts.demoEmployeeEmail && p.employment_type === 'FullTime' && p.code.endsWith('7'));
  const addressProof = byName.get('Address proof');
  if (someone && addressProof) {
    await put(someone, addressProof, {
      status: 'Rejected',
      uploadedAt: recent(3),
      byEmployee: true,
      reviewNote: 'The electricity bill is older than three months. Please upload a recent one.',
    });
  }
  return count;
}
