import { z } from 'zod';
import { Instant } from './common.ts';

export const SMTP_TLS_MODES = ['starttls', 'tls', 'none'] as const;
export const SmtpTlsMode = z.enum(SMTP_TLS_MODES).meta({
  description: '`starttls`: plain connection upgraded with STARTTLS, required (usually port 587); `tls`: TLS from the first byte (port 465); `none`: no encryption (a relay on this PC or the LAN only).',
});
export type SmtpTlsMode = z.infer<typeof SmtpTlsMode>;

const EmailAddress = z.string().trim().max(254).email('must be an e-mail address');

export const EmailSettings = z
  .object({
    configured: z.boolean().meta({ description: 'False until an administrator saves SMTP settings: until then nothing is e-mailed.' }),
    host: z.string(),
    port: z.number().int(),
    tlsMode: SmtpTlsMode,
    username: z.string().nullable(),
    hasPassword: z.boolean().meta({ description: 'A password is stored (encrypted with the data dir\'s key). The API never returns it.' }),
    fromAddress: z.string().meta({ description: 'The sender, e.g. `Muster <muster@example.com>`.' }),
    enabled: z.boolean().meta({ description: 'Off: e-mails wait nowhere; only in-app notifications are written.' }),
    digestEnabled: z.boolean().meta({ description: 'Send managers who opt in a morning digest (08:00 in the organisation\'s zone): approvals waiting, who is on leave or absent today.' }),
    updatedAt: Instant.nullable(),
  })
  .meta({ id: 'EmailSettings' });
export type EmailSettings = z.infer<typeof EmailSettings>;

export const EmailSettingsUpdate = z
  .object({
    host: z.string().trim().min(1, 'is required').max(253).regex(/^[A-Za-z0-9.\-:[\]]+$/, 'must be a host name or IP address'),
    port: z.number().int().min(1).max(65535),
    tlsMode: SmtpTlsMode,
    username: z.string().trim().max(254).nullable().default(null),
    password: z.string().max(1000).nullable().optional().meta({ description: 'Omit to keep the stored password; null to remove it; a string to replace it.' }),
    fromAddress: z
      .string()
      .trim()
      .min(3, 'is required')
      .max(320)
      .refine((s) => /^[^<>]*<[^<>@\s]+@[^<>@\s]+>$/.test(s) || /^[^<>@\s]+@[^<>@\s]+$/.test(s), 'must be an address or "Name <address>"'),
    enabled: z.boolean().default(true),
    digestEnabled: z.boolean().default(false),
  })
  .strict()
  .meta({ id: 'EmailSettingsUpdate' });
export type EmailSettingsUpdate = z.infer<typeof EmailSettingsUpdate>;

export const EmailTest = z
  .object({ to: EmailAddress.meta({ description: 'Where the test e-mail goes (sent now, not through the outbox, so the answer says whether the server took it).' }) })
  .strict()
  .meta({ id: 'EmailTest' });
export type EmailTest = z.infer<typeof EmailTest>;

export const EmailTestResult = z
  .object({
    ok: z.boolean(),
    messageId: z.string().nullable(),
    response: z.string().nullable().meta({ description: 'The SMTP server\'s last answer, or the error.' }),
  })
  .meta({ id: 'EmailTestResult' });
export type EmailTestResult = z.infer<typeof EmailTestResult>;

/** What a person can receive by e-mail besides the in-app notification. */
export const NOTIFICATION_CATEGORIES = {
  approvals: { label: 'Requests waiting for me', description: 'A leave request or a regularization waits for your approval.', defaultEmail: true },
  decisions: { label: 'Decisions on my requests', description: 'Your leave request or regularization was approved, rejected or cancelled.', defaultEmail: true },
  alerts: { label: 'System alerts (administrators)', description: 'A terminal went offline, a backup failed, a webhook endpoint was disabled.', defaultEmail: true },
  digest: { label: 'Morning digest (managers)', description: 'At 08:00: approvals waiting for you, who in your team is on leave or absent today.', defaultEmail: false },
} as const;
export type NotificationCategory = keyof typeof NOTIFICATION_CATEGORIES;
export const NotificationCategory = z.enum(Object.keys(NOTIFICATION_CATEGORIES) as [NotificationCategory, ...NotificationCategory[]]);

export const NotificationPreference = z.object({
  category: NotificationCategory,
  label: z.string(),
  description: z.string(),
  email: z.boolean().meta({ description: 'E-mail too (true) or in-app only (false).' }),
});

export const NotificationPreferences = z
  .object({
    items: z.array(NotificationPreference),
    emailAddress: z.string().nullable().meta({ description: 'Where your e-mails go (your login e-mail).' }),
    emailConfigured: z.boolean().meta({ description: 'Whether the organisation sends e-mail at all (SMTP set up and enabled).' }),
  })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

export const NotificationPreferencesUpdate = z
  .object({ items: z.array(z.object({ category: NotificationCategory, email: z.boolean() }).strict()).min(1).max(10) })
  .strict()
  .meta({ id: 'NotificationPreferencesUpdate' });
export type NotificationPreferencesUpdate = z.infer<typeof NotificationPreferencesUpdate>;
