import { type Locale, formatInstantIn, translatorFor } from '../../../../shared/i18n/index.ts';

/**
 * The e-mail a notification becomes (pure): subject, plain text and HTML with
 * the same words, the time in the organisation's zone with its name, and a
 * link into the console. Nothing beyond what the in-app notification already
 * tells its recipient.
 */

export interface MessageInput {
  /** The recipient's language: the e-mail's own words and the time are written in it. */
  locale?: Locale;
  organisation: string;
  timeZone: string;
  recipientName: string;
  title: string;
  body: string | null;
  /** Path in the console (`/leave/approvals?request=…`), or null. */
  link: string | null;
  baseUrl: string;
  /** When it happened. */
  at: Date;
  /** Why they get it (the preference), for the footer. */
  reason: string;
  /** The recipient's profile in the console, where the preferences are (`/employees/{id}?tab=notifications`). */
  preferencesPath: string;
  /** More lines (a digest's sections): heading and lines. */
  sections?: { heading: string; lines: string[] }[];
}

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
}

/** `25 Nov 2026, 15:05 IST (Asia/Kolkata)`: the zone's short name and its IANA name (month names in the reader's language). */
export function formatInZone(at: Date, timeZone: string, locale: Locale = 'en-IN'): string {
  if (locale !== 'en-IN') return `${formatInstantIn(locale, at, timeZone)} (${timeZone})`;
  const parts = new Intl.DateTimeFormat('en-IN', { timeZone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('day')} ${get('month')} ${get('year')}, ${get('hour')}:${get('minute')} ${get('timeZoneName')} (${timeZone})`;
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** A header-safe one-line subject. */
function oneLine(s: string, max = 180): string {
  // eslint-disable-next-line no-control-regex
  const flat = s.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function renderMessage(m: MessageInput): RenderedMessage {
  const locale = m.locale ?? 'en-IN';
  const t = translatorFor(locale);
  const when = formatInZone(m.at, m.timeZone, locale);
  const url = m.link ? `${m.baseUrl}${m.link.startsWith('/') ? '' : '/'}${m.link}` : `${m.baseUrl}/`;
  const subject = oneLine(`${m.title} · ${m.organisation}`);
  const sections = m.sections ?? [];
  const text = [
    t('messages:email.hello', { name: m.recipientName }),
    '',
    m.title,
    ...(m.body ? ['', m.body] : []),
    ...sections.flatMap((s) => ['', `${s.heading}:`, ...(s.lines.length ? s.lines.map((l) => `  • ${l}`) : [`  ${t('messages:email.none')}`])]),
    '',
    t('messages:email.when', { when }),
    t('messages:email.openAt', { url }),
    '',
    '—',
    `${m.organisation} · Muster`,
    `${m.reason} ${t('messages:email.choose', { url: `${m.baseUrl}${m.preferencesPath}` })}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2328">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #dfe3e8;border-radius:8px">
<tr><td style="padding:24px">
<p style="margin:0 0 12px">${escapeHtml(t('messages:email.hello', { name: m.recipientName }))}</p>
<p style="margin:0 0 12px;font-size:17px;font-weight:600">${escapeHtml(m.title)}</p>
${m.body ? `<p style="margin:0 0 12px;white-space:pre-line">${escapeHtml(m.body)}</p>` : ''}
${sections
  .map(
    (s) =>
      `<p style="margin:16px 0 4px;font-weight:600">${escapeHtml(s.heading)}</p>` +
      (s.lines.length ? `<ul style="margin:0;padding-left:20px">${s.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` : `<p style="margin:0;color:#59636e">${escapeHtml(t('messages:email.none'))}</p>`),
  )
  .join('\n')}
<p style="margin:12px 0;color:#59636e;font-size:13px">${escapeHtml(t('messages:email.when', { when }))}</p>
<p style="margin:20px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:#3b5bdb;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:6px">${escapeHtml(t('messages:email.open'))}</a></p>
</td></tr>
<tr><td style="padding:12px 24px;border-top:1px solid #dfe3e8;color:#59636e;font-size:12px">${escapeHtml(m.organisation)} · Muster. ${escapeHtml(m.reason)} <a href="${escapeHtml(`${m.baseUrl}${m.preferencesPath}`)}" style="color:#59636e">${escapeHtml(t('messages:email.chooseLink'))}</a>.</td></tr>
</table>
</body></html>`;
  return { subject, text, html };
}
