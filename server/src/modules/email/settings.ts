import type { EmailSettings, EmailSettingsUpdate, EmailTest, EmailTestResult } from '../../../../shared/email.ts';
import { type Ctx, inTransaction, requirePermission } from '../../context.ts';
import { defineCache } from '../../db/cache.ts';
import { seal } from '../../db/sealed.ts';
import { orgSettings } from '../org/index.ts';
import * as repo from './repo.ts';
import { formatInZone } from './render.ts';
import { domainOf, transportFor } from './transport.ts';
import { recordAudit } from '../audit/index.ts';
import { newEventId } from '../outbox/index.ts';

/** The SMTP settings, read on every notification that might become an e-mail. */
const settingsCache = defineCache<repo.SettingsRow | null>({ name: 'email.settings', reads: ['email_settings'], maxEntries: 1 });

export async function smtpSettings(ctx: Pick<Ctx, 'db'>): Promise<repo.SettingsRow | null> {
  return settingsCache.get(ctx.db, 'settings', async () => (await repo.findSettings(ctx.db)) ?? null);
}

function present(row: repo.SettingsRow | null): EmailSettings {
  if (!row) return { configured: false, host: '', port: 587, tlsMode: 'starttls', username: null, hasPassword: false, fromAddress: '', enabled: false, digestEnabled: false, updatedAt: null };
  return {
    configured: true,
    host: row.host,
    port: row.port,
    tlsMode: row.tls_mode as EmailSettings['tlsMode'],
    username: row.username,
    hasPassword: row.password_enc !== null,
    fromAddress: row.from_address,
    enabled: row.enabled === 1,
    digestEnabled: row.digest_enabled === 1,
    updatedAt: row.updated_at,
  };
}

export async function getEmailSettings(ctx: Ctx): Promise<EmailSettings> {
  requirePermission(ctx, 'org:manage');
  return present(await smtpSettings(ctx));
}

/** Saves the settings (the password sealed with the data dir's key; omitted = kept). Audited without the password. */
export async function updateEmailSettings(ctx: Ctx, input: EmailSettingsUpdate): Promise<EmailSettings> {
  requirePermission(ctx, 'org:manage');
  await inTransaction(ctx, async (t) => {
    const before = await repo.findSettings(t.db);
    const passwordEnc = input.password === undefined ? (before?.password_enc ?? null) : input.password === null || input.password === '' ? null : seal(t.db, input.password).enc;
    await repo.saveSettings(t.db, {
      host: input.host,
      port: input.port,
      tls_mode: input.tlsMode,
      username: input.username || null,
      password_enc: passwordEnc,
      from_address: input.fromAddress,
      enabled: input.enabled ? 1 : 0,
      digest_enabled: input.digestEnabled ? 1 : 0,
      updated_at: t.clock.now().toISOString(),
    });
    if (t.caller.employeeId) {
      await recordAudit(t, {
        employeeId: t.caller.employeeId,
        category: 'Other',
        action: 'email.settings-updated',
        summary: `E-mail (SMTP) settings saved: ${input.host}:${input.port} (${input.tlsMode}), from ${input.fromAddress}, ${input.enabled ? 'sending' : 'not sending'}${input.password === undefined ? '' : input.password ? ', password changed' : ', password removed'}${input.digestEnabled ? ', morning digest on' : ''}`,
      });
    }
  });
  return present((await repo.findSettings(ctx.db)) ?? null);
}

/** Sends a test e-mail now (not through the outbox): the answer says what the SMTP server said. */
export async function sendTestEmail(ctx: Ctx, input: EmailTest, baseUrl: string): Promise<EmailTestResult> {
  requirePermission(ctx, 'org:manage');
  const s = await repo.findSettings(ctx.db);
  if (!s) return { ok: false, messageId: null, response: 'Save the SMTP settings first.' };
  const org = await orgSettings(ctx.db);
  const when = formatInZone(ctx.clock.now(), org.timeZone);
  try {
    const info = await transportFor(ctx.db, s).sendMail({
      from: s.from_address,
      to: input.to,
      subject: `Test e-mail from Muster · ${org.name}`,
      messageId: `<${newEventId()}@${domainOf(s.from_address)}>`,
      text: `This is a test e-mail from Muster for ${org.name}, sent by ${ctx.caller.name} at ${when}.\n\nIf you can read this, e-mail notifications will arrive.\n\nOpen Muster: ${baseUrl}/`,
      html: `<p>This is a test e-mail from Muster for <b>${org.name.replace(/[<>&]/g, '')}</b>, sent by ${ctx.caller.name.replace(/[<>&]/g, '')} at ${when}.</p><p>If you can read this, e-mail notifications will arrive.</p><p><a href="${baseUrl}/">Open Muster</a></p>`,
    });
    return { ok: true, messageId: info.messageId, response: info.response ?? null };
  } catch (err) {
    return { ok: false, messageId: null, response: err instanceof Error ? err.message : String(err) };
  }
}
