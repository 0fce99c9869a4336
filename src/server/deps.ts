import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db, Engine } from './db/database';
import type { MailOutbox } from './modules/mail/mail-outbox';
import type { WebhookQueue } from './modules/webhooks/webhook-queue';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

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
  /** The Redis shared by the processes (REDIS_URL), when there is one. */
  redis?: Redis;
};
