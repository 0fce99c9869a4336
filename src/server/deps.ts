import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { WebhookEvent, WebhookEventData } from '../contract/webhooks';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db, Engine, Executor } from './db/database';
import type { MailOutbox } from './modules/mail';
import type { Hold } from './undo-hold';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

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
