import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '../../../../shared/email.ts';
import { effectiveLocale, renderMessageIn, translatorFor } from '../../../../shared/i18n/index.ts';
import type { Db } from '../../context.ts';
import type { AttemptOutcome, Channel, DeliveryRow, EventEnvelope } from '../outbox/index.ts';
import { orgSettings } from '../org/index.ts';
import type { EmailMessageData } from './queue.ts';
import { recipientOf } from './repo.ts';
import { renderMessage } from './render.ts';
import { smtpSettings } from './settings.ts';
import { domainOf, transportFor } from './transport.ts';

/**
 * The e-mail channel of the outbox: one message per delivery (target: a user
 * id), rendered when sent, to the user's login address; the Message-ID is
 * the event id, so a message sent twice (at-least-once) is recognisably one.
 */
export function emailChannel(deps: { db: Db }, baseUrl: () => string): Channel {
  return {
    name: 'email',
    async send(delivery: DeliveryRow, payload: string): Promise<AttemptOutcome> {
      const smtp = await smtpSettings(deps);
      if (!smtp || smtp.enabled !== 1) return { ok: false, skip: true, statusCode: null, error: 'e-mail is not set up or switched off', request: null, response: null };
      const who = await recipientOf(deps.db, delivery.target);
      if (!who) return { ok: false, skip: true, statusCode: null, error: 'the login is gone or inactive', request: null, response: null };
      const envelope = JSON.parse(payload) as EventEnvelope<EmailMessageData>;
      const m = envelope.data;
      const org = await orgSettings(deps.db);
      const category = NOTIFICATION_CATEGORIES[m.category as NotificationCategory];
      // The recipient's language now (their choice, else the organisation's): a message queued before a change reads in the new one.
      const locale = effectiveLocale(who.locale, org.defaultLocale);
      const t = translatorFor(locale);
      const categoryLabel = category ? t(`messages:category.${m.category}`, { defaultValue: category.label }) : m.category;
      const rendered = renderMessage({
        locale,
        organisation: org.name,
        timeZone: org.timeZone,
        recipientName: who.full_name,
        title: m.message && locale !== 'en-IN' ? renderMessageIn(locale, m.message) : m.title,
        body: m.bodyMessage && locale !== 'en-IN' ? renderMessageIn(locale, m.bodyMessage) : m.body,
        link: m.link,
        baseUrl: baseUrl(),
        at: new Date(m.at),
        reason: t('messages:email.reason', { category: categoryLabel }),
        preferencesPath: `/employees/${who.employee_id}?tab=notifications`,
        ...(m.sectionMessages && locale !== 'en-IN'
          ? { sections: m.sectionMessages.map((s) => ({ heading: renderMessageIn(locale, s.heading), lines: s.lines.map((l) => renderMessageIn(locale, l)) })) }
          : m.sections
            ? { sections: m.sections }
            : {}),
      });
      const messageId = `<${envelope.id}@${domainOf(smtp.from_address)}>`;
      const request = { to: who.email, subject: rendered.subject, messageId };
      try {
        const info = await transportFor(deps.db, smtp).sendMail({
          from: smtp.from_address,
          to: { name: who.full_name, address: who.email },
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          messageId,
          date: new Date(),
          headers: { 'Auto-Submitted': 'auto-generated', 'X-Muster-Event': m.kind },
        });
        return { ok: true, statusCode: null, error: null, request, response: { messageId: info.messageId, response: info.response } };
      } catch (err) {
        const e = err as { message?: string; responseCode?: number };
        return { ok: false, statusCode: e.responseCode ?? null, error: e.message ?? String(err), request, response: null };
      }
    },
  };
}
