import { addDays, dayInZone } from '../../../../shared/dates.ts';
import { REMIND_DAYS_MAX } from '../../../../shared/documents.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import { recordAudit } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import { DEFAULT_REMIND_DAYS } from './checklist.ts';
import * as files from './repo/files.ts';
import type { DocumentStore } from './store.ts';

/** The nightly document jobs: expiry reminders, and removing the bytes of long-deleted documents. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `19 Dec 2026` from `2026-12-19`. */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${d} ${MONTHS[(m ?? 1) - 1]} ${y}`;
}

/**
 * Tells each employee once about every current document of theirs that
 * expires within its type's reminder period (or has expired meanwhile: the
 * job catches up after the PC was off). The expiry announced is stored with
 * the notification, in one transaction, so no expiry is announced twice,
 * however often the job runs; a new expiry date (a renewed upload, a
 * correction) is announced again. Returns how many reminders went out.
 */
export async function remindExpiringDocuments(ctx: Ctx): Promise<number> {
  const today = dayInZone(ctx.clock.now(), ctx.timeZone);
  const candidates = await files.expiringUnannounced(ctx.db, addDays(today, REMIND_DAYS_MAX));
  let sent = 0;
  for (const c of candidates) {
    const expiresOn = c.expires_on;
    if (expiresOn === null || expiresOn > addDays(today, c.remind_days_before ?? DEFAULT_REMIND_DAYS)) continue;
    await inTransaction(ctx, async (t) => {
      // Claim it first: a second run racing this one finds nothing to claim.
      const current = await files.findDocRow(t.db, c.id);
      if (!current || current.expiry_notified_for === expiresOn || current.expires_on !== expiresOn) return;
      await files.updateDocRow(t.db, c.id, { expiry_notified_for: expiresOn });
      const past = expiresOn < today;
      await notify(t, { employeeIds: [c.employee_id] }, {
        kind: past ? 'document.expired' : 'document.expiring',
        title: past ? `Your ${c.title} expired on ${dayLabel(expiresOn)}` : `Your ${c.title} expires on ${dayLabel(expiresOn)}`,
        message: { id: past ? 'document.expired' : 'document.expiring', values: { title: c.title, date: { date: expiresOn } } },
        body: 'Please upload the renewed document on your documents page.',
        bodyMessage: { id: 'document.renew' },
        link: '/documents/my',
      });
      sent++;
    });
  }
  return sent;
}

const INCOMING_MAX_AGE_MS = 24 * 3_600_000;

/**
 * Removes what no longer needs keeping: temporary files of uploads a crash
 * interrupted (always), and — only when a retention period is configured —
 * the bytes of documents deleted longer ago than that (their rows stay,
 * marked purged and audited) and files no row points at that are as old.
 * Without a retention period no document's bytes are ever removed.
 */
export async function applyDocumentRetention(ctx: Ctx, store: DocumentStore, retentionDays: number | undefined): Promise<string> {
  const now = ctx.clock.now();
  const temporary = await store.sweepIncoming(now.getTime(), INCOMING_MAX_AGE_MS);
  if (retentionDays === undefined) return `${temporary} stray upload(s) removed; deleted documents are kept (no retention period set)`;
  const before = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
  const candidates = await files.purgeCandidates(ctx.db, before);
  let purged = 0;
  for (const c of candidates) {
    await inTransaction(ctx, async (t) => {
      await files.markPurged(t.db, [c.id], now.toISOString());
      await recordAudit(t, {
        employeeId: c.employee_id,
        category: 'Documents',
        action: 'document.purged',
        summary: `Removed the file of the deleted ${c.title} (version ${c.version}) after the ${retentionDays}-day retention period`,
      });
    });
    // After the commit: the row says "purged" before the bytes go, never the other way round.
    // The bytes go once no other row needs them (the same file uploaded twice).
    if (!(await files.shaStillNeeded(ctx.db, c.sha256, [c.id]))) await store.remove(c.sha256);
    purged++;
  }
  const referenced = await files.referencedShas(ctx.db);
  let orphans = 0;
  for (const f of await store.list()) {
    if (!referenced.has(f.sha256) && now.getTime() - f.mtimeMs > retentionDays * 86_400_000) {
      await store.remove(f.sha256);
      orphans++;
    }
  }
  return `${purged} deleted document file(s) removed, ${orphans} unreferenced file(s) removed, ${temporary} stray upload(s) removed`;
}
