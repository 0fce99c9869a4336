import { randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import type { AddressInfo } from 'node:net';
import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { ResponseSerializationError, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { publicSettingsSchema } from '../contract/settings';
import type { Config } from './config';
import { openDatabase, type Database } from './db/database';
import { systemClock, wallClock, type Clock, type PaceClock } from './clock';
import type { App, Deps, HostResolver } from './deps';
import { registerDevIntra } from './dev-intra/dev-intra.routes';
import { refuseRoutesOutsideTheTable } from './plugins/endpoint';
import { registerApplicationRoutes } from './modules/applications/applications.routes';
import { registerAuditLogRoutes } from './modules/audit/audit-logs.routes';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createIntraStatus } from './modules/auth/intra-status';
import { registerSession } from './modules/auth/session.hook';
import { registerChallengesRoutes } from './modules/challenges/challenges.routes';
import { registerClubEventRoutes } from './modules/club-events/club-events.routes';
import { registerRoundRoutes } from './modules/rounds/rounds.routes';
import { registerHackathonRoutes } from './modules/hackathon/hackathon.routes';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerImageRoutes } from './modules/images/images.routes';
import { registerDevMailRoutes } from './modules/mail/dev-mail.routes';
import { createMailOutbox } from './modules/mail/mail-outbox';
import { registerMailTemplateRoutes } from './modules/mail/mail-templates.routes';
import { registerUserRoutes } from './modules/users/users.routes';
import { registerMessageRoutes } from './modules/messages/messages.routes';
import { registerMaintenanceRoutes } from './modules/maintenance/maintenance.routes';
import {
  DEFAULT_MAINTENANCE_SCHEDULE,
  scheduleMaintenance,
  type MaintenanceSchedule,
} from './modules/maintenance/maintenance.timer';
import { registerMemberRoutes } from './modules/members/members.routes';
import { registerPrivacyRoutes } from './modules/privacy/privacy.routes';
import { registerProjectRoutes } from './modules/projects/projects.routes';
import { registerOverviewRoutes } from './modules/overview/overview.routes';
import { registerSettingsRoutes } from './modules/settings/settings.routes';
import { createDestinationPolicy } from './modules/webhooks/webhook-destination';
import { createWebhookQueue } from './modules/webhooks/webhook-queue';
import { registerWebhookRoutes } from './modules/webhooks/webhooks.routes';
import { createSettingsService } from './modules/settings/settings.service';
import { registerApiDocs } from './plugins/api-docs';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler';
import { registerRateLimit } from './plugins/rate-limit';
import { lazyChildLogger } from './plugins/request-logger';
import { originFormUrl } from './plugins/request-target';
import { registerSecurity } from './plugins/security';
import { registerWebApp } from './plugins/web-app';

export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Answers are checked against their schema and stripped of every other field, as the type
 * provider's serializer does, but with a forward parse rather than its encode: zod compiles an
 * object's parse into one function, about eight times quicker on the hot routes (decision 0103).
 * For a schema without codecs both give the same; response schemas have none (a transform would
 * also break the API docs, which the docs test would catch).
 */
const serializerCompiler =
  ({ schema, method, url }: { schema: unknown; method: string; url: string }) =>
  (data: unknown) => {
    const result = (schema as ZodType).safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };

/**
 * Every schema is a zod one: given these, Fastify never loads its JSON-schema compilers (Ajv)
 * at start (decision 0101). Fastify types the factories for Ajv's schemas, hence the cast.
 */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

export type BuildOptions = {
  /** An open database; by default the one the config names (the caller migrates it). */
  database?: Database;
  clock?: Clock;
  /** What the sign-in paces its calls to the intra by, and the stand-in counts them by (the wall clock by default). */
  paceClock?: PaceClock;
  /** The built SPA to serve; none in API-only tests. */
  webRoot?: string;
  /** Where logs go (standard output by default); tests read them. */
  logStream?: { write(line: string): void };
  /** When the maintenance jobs run on their own (hourly by default); false: only on demand. */
  maintenance?: MaintenanceSchedule | false;
  /** Sees every route as it is registered (the API docs test and the authorization matrix check them). */
  onRoute?: (route: RouteOptions) => void;
  /** How webhook host names resolve (the system's resolver by default); tests give a name any address. */
  resolveHost?: HostResolver;
};

/**
 * The rate limit's shared store. Connected before the first request (commands are not queued,
 * so a request arriving while it connects would fail); if Redis cannot be reached the server
 * starts anyway and the client keeps reconnecting, with one warning per outage.
 */
async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  // Loaded only when used, like the PostgreSQL driver: a quicker cold start (decision 0101).
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    connectTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: true,
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (!down) log.warn({ err: error }, 'Redis is unreachable: rate limits are not shared until it is back');
    down = true;
  });
  redis.on('ready', () => {
    if (down) log.info('Redis is back: rate limits are shared again');
    down = false;
  });
  await redis.connect().catch(() => {});
  return redis;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const database = options.database ?? openDatabase(config.database);
  const app = Fastify({
    logger: { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: BODY_LIMIT_BYTES,
    // The reverse proxies that tell the client's address: one on the same machine by default.
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    // A request line naming a whole URL is routed, checked and redirected by its path only.
    rewriteUrl: originFormUrl,
    frameworkErrors: frameworkErrorHandler,
    // One line per request costs more than the request itself; errors are logged anyway.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.logLevel) }),
    childLoggerFactory: lazyChildLogger,
    schemaController: { compilersFactory: ZOD_COMPILERS },
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onRoute', refuseRoutesOutsideTheTable);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const clock = options.clock ?? systemClock;
  const mail = createMailOutbox({ db: database.db, clock, log: app.log, config });
  app.decorate('mail', mail);
  const resolveHost = options.resolveHost ?? ((hostname: string) => lookup(hostname, { all: true }));
  const webhooks = createWebhookQueue({
    db: database.db,
    clock,
    log: app.log,
    publicUrl: config.publicUrl,
    destinations: createDestinationPolicy({
      production: config.env === 'production',
      allowedHosts: config.webhookAllowedHosts,
      resolve: resolveHost,
    }),
  });
  app.decorate('webhooks', webhooks);

  const deps: Deps = {
    config,
    db: database.db,
    engine: database.engine,
    clock,
    paceClock: options.paceClock ?? wallClock,
    log: app.log,
    mail,
    webhooks,
    resolveHost,
    localBaseUrl() {
      const address = app.server.address() as AddressInfo | null;
      if (!address) throw new Error('the server is not listening');
      const host = ['0.0.0.0', '::'].includes(address.address)
        ? '127.0.0.1'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
      return `http://${host}:${address.port}`;
    },
  };

  registerErrorHandler(app);
  registerSecurity(app, config);
  await app.register(fastifyCookie);
  const sessions = registerSession(app, deps, database);

  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : undefined;
  deps.redis = redis;
  await registerRateLimit(app, config, redis);

  // Before every route: the docs learn the routes as they are registered.
  await registerApiDocs(app, config.apiDocs);
  const intraStatus = createIntraStatus(deps);
  registerHealthRoutes(app, deps, intraStatus);
  const signIns = registerAuthRoutes(app, deps, intraStatus);
  registerApplicationRoutes(app, deps);
  registerMemberRoutes(app, deps);
  registerAuditLogRoutes(app, deps);
  registerHackathonRoutes(app, deps);
  registerSettingsRoutes(app, deps);
  registerChallengesRoutes(app, deps);
  registerProjectRoutes(app, deps);
  registerPrivacyRoutes(app, deps);
  registerMaintenanceRoutes(app, deps);
  registerClubEventRoutes(app, deps);
  registerRoundRoutes(app, deps);
  registerOverviewRoutes(app, deps);
  registerWebhookRoutes(app, deps);
  registerMessageRoutes(app, deps);
  registerMailTemplateRoutes(app, deps);
  registerUserRoutes(app, deps);
  await registerImageRoutes(app, deps);
  if (config.devIntra) {
    // Its own context, so that its form-encoded parser serves no JSON route.
    await app.register(async (scope) => registerDevIntra(scope as App, deps));
  }
  // Only beside the local stand-in: a server with real 42 credentials is a real deployment, where
  // the outbox (every candidate's mail) must not be public even if NODE_ENV was forgotten.
  if (config.devIntra) registerDevMailRoutes(app, mail);

  // The public part only: the schema strips every private setting. Read for every page, so a
  // change shows at once; checked again only when what was read changed (the page is then reused).
  const settings = createSettingsService(deps);
  let checked: { read: string; data: unknown } | undefined;
  await registerWebApp(app, options.webRoot, async () => {
    const read = await settings.readPublic();
    const key = JSON.stringify(read);
    if (checked?.read !== key) checked = { read: key, data: publicSettingsSchema.parse(read) };
    return checked.data;
  });

  app.addHook('onReady', async () => {
    mail.start();
    webhooks.start();
  });
  app.addHook('onClose', async () => {
    // Before the database closes: sign-ins and a delivery run under way still write their outcome.
    await signIns.drain(2000);
    await mail.stop();
    await webhooks.stop();
    redis?.disconnect();
    await sessions.close();
    await database.close();
  });
  // After the hook above: onClose hooks run in reverse order, so the timer stops before the database closes.
  const maintenance = options.maintenance ?? DEFAULT_MAINTENANCE_SCHEDULE;
  if (maintenance) scheduleMaintenance(app, deps, maintenance);
  return app;
}
