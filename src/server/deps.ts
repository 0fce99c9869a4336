import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Locale } from '../contract/locales';
import type { MailTemplateKey } from '../contract/mail-templates';
import type { WebhookEvent, WebhookEventData } from '../contract/webhooks';
import type { Clock, PaceClock } from './clock';
import type { Config } from './config';
import type { Db, Engine, Executor } from './db/database';
import type { MailOutboxRow } from './db/schema';
import type { Hold } from './undo-hold';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Whom a mail goes to, as the outbox reads it from the users table, and the language they read. */
export type Recipient = { userId: number; email: string; name: string; locale: Locale };

/**
 * A notification to write, before its recipients are known: a template's key and the values of
 * its placeholders for each recipient (`name` and `app_url` are added for every mail; `moment`
 * tells a date in the club's time zone and the recipient's language), or a message of the board,
 * whose subject and Markdown body are its own words.
 */
export type Notification =
  | { kind: MailTemplateKey; values: (recipient: Recipient, moment: (iso: string) => string) => Record<string, string> }
  | { kind: 'board_message'; subject: string; body: string };

/**
 * The notification emails, as services use them; modules/mail/mail-outbox.ts implements it.
 * Declared here, as WebhookQueue is: the base layer names nothing of a module.
 */
export type MailOutbox = {
  /** Whether mails are sent (SMTP_URL is set) or only kept in the outbox for /dev/mail. */
  readonly delivering: boolean;
  /**
   * Writes one mail per user, composed for that user in their language (`locale ??
   * sign_in_locale ?? 'en'`, decision 0128) with the wording in force in it (the board's saved
   * template of that language, or the default) and kept as written: a later change of language
   * changes no mail already queued. In the caller's transaction: it is sent only if that
   * transaction commits. Users without an email address get none. Call `kick()`
   * once the transaction has committed. A decision's mails wait out its `hold` (decision 0119).
   */
  enqueue(trx: Executor, userIds: number[], notification: Notification, at: Date, hold?: Hold): Promise<number>;
  /** Deletes, in the caller's transaction, the mails held for `key` that have not gone out. */
  withdraw(trx: Executor, key: string, now: Date): Promise<number>;
  /** The latest mails written, newest first (for /dev/mail). */
  recent(limit: number): Promise<MailOutboxRow[]>;
  /** Starts a delivery run now, without waiting for it (a no-op without SMTP_URL). */
  kick(): void;
  /** Resolves once every due mail has been tried and no delivery run is under way. */
  flush(): Promise<void>;
  /** Starts the periodic sweep, which also catches mails committed by other processes. */
  start(): void;
  /** Stops the sweep, waits for the run under way and closes the SMTP connections. */
  stop(): Promise<void>;
};

/**
 * The board's webhooks, as services use them; modules/webhooks/webhook-queue.ts implements it.
 * Declared here, not there: the webhooks module's own services take Deps, and so the wiring
 * names nothing of a module that imports it.
 */
export type WebhookQueue = {
  /**
   * Writes one delivery per webhook subscribed to `event`, in the caller's transaction: it is
   * sent only if that transaction commits. Call `kick()` once it has.
   */
  enqueue<E extends WebhookEvent>(
    trx: Executor,
    event: E,
    data: WebhookEventData[E],
    at: Date,
    hold?: Hold,
  ): Promise<void>;
  /** Deletes, in the caller's transaction, the deliveries held for `key` that have not gone out. */
  withdraw(trx: Executor, key: string, now: Date): Promise<number>;
  /** Starts a delivery run now, without waiting for it. */
  kick(): void;
  /** Resolves once every due delivery has been tried and no run is under way. */
  flush(): Promise<void>;
  /** Starts the periodic sweep, which also catches deliveries committed by other processes. */
  start(): void;
  /** Stops the sweep and waits for the run under way. */
  stop(): Promise<void>;
};

/**
 * How a host name becomes the addresses a connection may go to: `dns.lookup` with `all: true`
 * (the system's resolver, /etc/hosts included) unless a test gives its own.
 */
export type HostResolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

/** What every feature module receives from app.ts, the one place that wires them together. */
export type Deps = {
  config: Config;
  db: Db;
  engine: Engine;
  clock: Clock;
  /** The intra's pace: the wall clock, or one a test drives. */
  paceClock: PaceClock;
  log: FastifyBaseLogger;
  /** Where this very server answers on loopback (the stand-in's token and profile calls). */
  localBaseUrl(): string;
  /** The notification emails: written in a service's transaction, sent after it commits. */
  mail: MailOutbox;
  /** The board's webhooks: deliveries written in a service's transaction, sent after it commits. */
  webhooks: WebhookQueue;
  /** Resolves the host names webhooks are sent to (decision 0135). */
  resolveHost: HostResolver;
  /** The Redis shared by the processes (REDIS_URL), when there is one. */
  redis?: Redis;
};
