import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { RATE_LIMITED_MESSAGE } from '../contract/errors';
import type { Config } from './config';
import { openDatabase, type Database } from './db/database';
import { systemClock, type App, type Clock, type Deps } from './deps';
import { registerDevIntra } from './dev-intra/dev-intra.routes';
import { registerApplicationRoutes } from './modules/applications/applications.routes';
import { registerAuditLogRoutes } from './modules/audit/audit-logs.routes';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerChallengesRoutes } from './modules/challenges/challenges.routes';
import { registerHackathonRoutes } from './modules/hackathon/hackathon.routes';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerMemberRoutes } from './modules/members/members.routes';
import { registerSettingsRoutes } from './modules/settings/settings.routes';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSecurity } from './plugins/security';
import { registerSession } from './plugins/session';
import { registerWebApp } from './plugins/web-app';

export const BODY_LIMIT_BYTES = 64 * 1024;

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
  /** The built SPA to serve; none in API-only tests. */
  webRoot?: string;
  /** Where logs go (standard output by default); tests read them. */
  logStream?: { write(line: string): void };
};

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const database = options.database ?? openDatabase(config.database);
  const app = Fastify({
    logger: { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: BODY_LIMIT_BYTES,
    // A reverse proxy on the same machine tells the client's address.
    trustProxy: 'loopback',
    genReqId: () => randomUUID(),
    // One line per request costs more than the request itself; errors are logged anyway.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.logLevel) }),
    schemaController: { compilersFactory: ZOD_COMPILERS },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const deps: Deps = {
    config,
    db: database.db,
    engine: database.engine,
    clock: options.clock ?? systemClock,
    log: app.log,
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
  registerSession(app, deps);

  // Loaded only when used, like the PostgreSQL driver: a quicker cold start (decision 0101).
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, {
        connectTimeout: 1000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
      })
    : undefined;
  if (config.rateLimitPerMinute > 0) {
    await app.register(fastifyRateLimit, {
      max: config.rateLimitPerMinute,
      timeWindow: 60_000,
      ...(redis ? { redis, nameSpace: 'club-rate-limit:' } : {}),
      // Students of one campus share one public address: a signed-in user has a budget of their own.
      keyGenerator: (request) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        code: 'RATE_LIMITED',
        error: RATE_LIMITED_MESSAGE,
        retryAfter: context.after,
      }),
    });
  }

  registerHealthRoutes(app, deps);
  registerAuthRoutes(app, deps);
  registerApplicationRoutes(app, deps);
  registerMemberRoutes(app, deps);
  registerAuditLogRoutes(app, deps);
  registerHackathonRoutes(app, deps);
  registerSettingsRoutes(app, deps);
  registerChallengesRoutes(app, deps);
  if (config.devIntra) {
    // Its own context, so that its form-encoded parser serves no JSON route.
    await app.register(async (scope) => registerDevIntra(scope as App, deps));
  }

  await registerWebApp(app, options.webRoot);

  app.addHook('onClose', async () => {
    redis?.disconnect();
    await database.close();
  });
  return app;
}
