/** E-mail (issue 17 §3): SMTP settings, per-person preferences, the outbox channel that sends, the morning digest. */
export { emailChannel } from './channel.ts';
export { sendMorningDigest } from './digest.ts';
export { CATEGORY_OF_KIND, emailWanted } from './preferences.ts';
export { emailNotified } from './queue.ts';
export { formatInZone, renderMessage } from './render.ts';
export { emailRoutes } from './routes.ts';
export { smtpSettings } from './settings.ts';
