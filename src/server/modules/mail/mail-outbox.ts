import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { MailOutboxRow } from '../../db/schema';
import type { Clock } from '../../clock';
import { withdrawHeld } from '../../db/outbox-claim';
import { createOutboxRunner } from '../../outbox-runner';
import { retryPolicy } from '../../outbox-retry';
import {
  claimDueMails,
  findRecipients,
  insertMails,
  markMailAttemptFailed,
  listRecentMails,
  markMailSent,
  type RecipientRow,
} from './mail-outbox.repository';
import { DEFAULT_LOCALE, type Locale } from '../../../contract/locales';
import { defaultTemplate } from './mail-defaults';
import type { MailOutbox } from '../../deps';
import { composeMail, type TemplateText } from './mail-templates';
import { findSavedTemplate } from './mail-templates.repository';
import { readSetting } from '../../read-model/settings';

/** 1, 2, 4, … minutes after the n-th failed attempt, at most 4 hours; given up (status `failed`) after 10 attempts: about 8.5 hours of retries. */
const RETRY = retryPolicy({ maxAttempts: 10, firstMs: 60_000, longestMs: 4 * 3600_000 });
export const MAX_ATTEMPTS = RETRY.maxAttempts;
export const retryDelayMs = RETRY.delayMs;
/** How long a claimed mail is this process's: longer than the worst send of a whole batch. */
const LEASE_MS = 15 * 60_000;
const BATCH = 10;
const SWEEP_MS = 30_000;

/** The language a user reads their mail in: their choice, else their browser's at their last sign-in (decision 0128). */
const languageOf = (user: RecipientRow): Locale => user.locale ?? user.sign_in_locale ?? DEFAULT_LOCALE;

type OutboxDeps = { db: Db; clock: Clock; log: FastifyBaseLogger; config: Pick<Config, 'smtpUrl' | 'publicUrl'> };

/** SMTP_URL may carry the sender as `?from=...`; by default no-reply at the app's own host. */
export function smtpSettings(
  smtpUrl: string,
  publicUrl: string,
): { url: string; from: string; hasCredentials: boolean } {
  const url = new URL(smtpUrl);
  const from = url.searchParams.get('from') ?? `"1337 Robotics Club" <no-reply@${new URL(publicUrl).hostname}>`;
  url.searchParams.delete('from');
  return { url: url.toString(), from, hasCredentials: url.username !== '' };
}

/**
 * A refusal of this mail itself (its recipient or its content) with a 5xx reply: permanent, RFC
 * 5321 §4.2.1 says not to send it again. A 5xx at the greeting or to AUTH is the club's
 * configuration, and a 4xx a server busy: both tried again, so that nothing is lost while the
 * board repairs them.
 */
function refusedForGood(error: unknown): boolean {
  const { code, responseCode } = error as { code?: string; responseCode?: number };
  return (code === 'EENVELOPE' || code === 'EMESSAGE') && responseCode !== undefined && responseCode >= 500;
}

export function createMailOutbox(deps: OutboxDeps): MailOutbox {
  const { db, clock, log, config } = deps;
  const smtp = config.smtpUrl ? smtpSettings(config.smtpUrl, config.publicUrl) : undefined;
  const transport = smtp
    ? nodemailer.createTransport(
        {
          url: smtp.url,
          // A password never travels in the clear: with credentials, STARTTLS is required, not
          // merely used when offered (a server that stops offering it is refused). `?requireTLS=false`
          // in SMTP_URL turns it off for a relay on the club's own machine.
          requireTLS: smtp.hasCredentials,
          pool: true,
          maxConnections: 1,
          // A server that does not answer must not hold the worker for minutes.
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        },
        { from: smtp.from },
      )
    : undefined;

  async function send(mail: MailOutboxRow): Promise<void> {
    try {
      await transport!.sendMail({
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
        headers: { 'X-Club-Mail-Id': String(mail.id) },
      });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const retryAt = refusedForGood(error) ? null : (RETRY.retryAt(mail.attempts, clock.now())?.toISOString() ?? null);
      const giveUp = retryAt === null;
      await markMailAttemptFailed(db, mail.id, { error: message, retryAt });
      const context = { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, error: message };
      if (giveUp) log.error(context, 'mail delivery failed for good');
      else log.warn({ ...context, retryAt }, 'mail delivery failed; it will be retried');
      return;
    }
    await markMailSent(db, mail.id, clock.now().toISOString());
  }

  const runner = createOutboxRunner({
    what: 'mail delivery',
    claim: (now, leaseUntil) =>
      claimDueMails(db, { now: now.toISOString(), leaseUntil: leaseUntil.toISOString(), limit: BATCH }),
    // One SMTP connection: one mail at a time.
    send: async (batch) => {
      for (const mail of batch) await send(mail);
    },
    leaseMs: LEASE_MS,
    sweepMs: SWEEP_MS,
    clock,
    log,
  });
  // Without SMTP_URL mails stay in the outbox (for /dev/mail): nothing ever runs.
  const kick = () => {
    if (transport) runner.kick();
  };

  return {
    delivering: Boolean(transport),

    recent: (limit) => listRecentMails(db, limit),

    async enqueue(trx, userIds, notification, at, hold) {
      if (userIds.length === 0) return 0;
      const recipients = await findRecipients(trx, [...new Set(userIds)]);
      if (recipients.length === 0) return 0;
      const templates = new Map<Locale, TemplateText>();
      for (const user of recipients) {
        const locale = languageOf(user);
        if (templates.has(locale)) continue;
        templates.set(
          locale,
          notification.kind === 'board_message'
            ? notification
            : ((await findSavedTemplate(trx, notification.kind, locale)) ?? defaultTemplate(notification.kind, locale)),
        );
      }
      const iso = at.toISOString();
      const timeZone = await readSetting(trx, 'time_zone');
      await insertMails(
        trx,
        recipients.map((user) => {
          const locale = languageOf(user);
          const content = composeMail(
            notification,
            templates.get(locale)!,
            { userId: user.id, email: user.email, name: user.first_name?.trim() || user.intra_login, locale },
            config.publicUrl,
            timeZone,
          );
          return {
            to_address: user.email,
            subject: content.subject,
            text_body: content.text,
            html_body: content.html,
            kind: content.kind,
            user_id: user.id,
            status: transport ? ('pending' as const) : ('outbox' as const),
            next_attempt_at: (hold?.until ?? at).toISOString(),
            hold_key: hold?.key ?? null,
            created_at: iso,
          };
        }),
      );
      return recipients.length;
    },

    withdraw: (trx, key, now) => withdrawHeld(trx, 'mail_outbox', key, now.toISOString()),

    kick,

    flush: () => (transport ? runner.flush() : Promise.resolve()),

    start() {
      if (transport) runner.start();
    },

    // Closing the pool ends a send under way; that mail is retried when its lease runs out.
    stop: () => runner.stop(() => transport?.close()),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox, for tests that wait for delivery with `app.mail.flush()`. */
    mail: MailOutbox;
  }
}
