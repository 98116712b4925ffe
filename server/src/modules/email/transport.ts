import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../context.ts';
import { unseal } from '../../db/sealed.ts';
import type { SettingsRow } from './repo.ts';

/**
 * One nodemailer transport per settings version (pooled connections), so a
 * burst of e-mails reuses the SMTP session, and a change of settings takes
 * effect with the next message.
 */

let cached: { key: string; transport: Transporter } | undefined;

export function transportFor(db: Db, s: SettingsRow): Transporter {
  const key = `${s.updated_at}|${s.host}|${s.port}|${s.tls_mode}|${s.username ?? ''}`;
  if (cached?.key === key) return cached.transport;
  cached?.transport.close();
  const password = unseal(db, s.password_enc, 'The SMTP password');
  const transport = nodemailer.createTransport({
    host: s.host,
    port: s.port,
    secure: s.tls_mode === 'tls',
    requireTLS: s.tls_mode === 'starttls',
    ignoreTLS: s.tls_mode === 'none',
    ...(s.username ? { auth: { user: s.username, pass: password ?? '' } } : {}),
    pool: true,
    maxConnections: 2,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  cached = { key, transport };
  return transport;
}

/** The domain of the from address, for Message-IDs (`<event id@domain>`). */
export function domainOf(fromAddress: string): string {
  const m = /@([^>\s]+)>?\s*$/.exec(fromAddress);
  return m?.[1] ?? 'muster.local';
}
