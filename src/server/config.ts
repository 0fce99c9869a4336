import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const LOGIN_PATTERN = /^[a-z][a-z0-9-]{1,19}$/;

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'must start with postgres://, postgresql:// or sqlite:')
      .optional(),
  ),
  FT_CLIENT_ID: optionalText,
  FT_CLIENT_SECRET: optionalText,
  FT_OAUTH_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.intra.42.fr'),
  ADMIN_LOGINS: z.string().default(''),
  REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(300),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
});

export type Database = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string; schema?: string };

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: Database;
  /** Whether the local stand-in of the 42 OAuth server signs people in (no FT_CLIENT_ID). */
  devIntra: boolean;
  oauth: { clientId: string; clientSecret: string; baseUrl: string };
  adminLogins: string[];
  redisUrl?: string;
  rateLimitPerMinute: number;
  smtpUrl?: string;
  logLevel: (typeof LOG_LEVELS)[number];
};

/** Client credentials of the stand-in: it is local, so they are not secret. */
export const DEV_INTRA_CLIENT = { id: 'dev-intra-client', secret: 'dev-intra-secret' } as const;

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid configuration: ${variable} ${reason}`);
  }
}

/** Reads the environment once; the only place of the server that touches process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(String(issue.path[0] ?? 'environment'), issue.message);
  }
  const vars = parsed.data;

  if (vars.NODE_ENV === 'production') {
    for (const name of ['FT_CLIENT_ID', 'FT_CLIENT_SECRET'] as const) {
      if (!vars[name]) throw new ConfigError(name, 'is required when NODE_ENV=production');
    }
  }
  if (vars.FT_CLIENT_ID && !vars.FT_CLIENT_SECRET) {
    throw new ConfigError('FT_CLIENT_SECRET', 'is required when FT_CLIENT_ID is set');
  }

  const adminLogins = vars.ADMIN_LOGINS.split(',')
    .map((login) => login.trim().toLowerCase())
    .filter(Boolean);
  const badLogin = adminLogins.find((login) => !LOGIN_PATTERN.test(login));
  if (badLogin) throw new ConfigError('ADMIN_LOGINS', `holds "${badLogin}", which is not a 42 login`);

  const devIntra = !vars.FT_CLIENT_ID;
  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');
  const dataDir = path.resolve(vars.DATA_DIR);

  return {
    env: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    publicUrl,
    dataDir,
    database: parseDatabase(vars.DATABASE_URL, dataDir),
    devIntra,
    oauth: devIntra
      ? { clientId: DEV_INTRA_CLIENT.id, clientSecret: DEV_INTRA_CLIENT.secret, baseUrl: `${publicUrl}/dev/intra` }
      : {
          clientId: vars.FT_CLIENT_ID!,
          clientSecret: vars.FT_CLIENT_SECRET!,
          baseUrl: vars.FT_OAUTH_BASE_URL.replace(/\/+$/, ''),
        },
    adminLogins: adminLogins.length === 0 && devIntra ? ['admin'] : adminLogins,
    redisUrl: vars.REDIS_URL,
    rateLimitPerMinute: vars.RATE_LIMIT_PER_MINUTE,
    smtpUrl: vars.SMTP_URL,
    logLevel: vars.LOG_LEVEL,
  };
}

function parseDatabase(url: string | undefined, dataDir: string): Database {
  if (url?.startsWith('postgres')) {
    const schema = searchPathSchema(url);
    return schema ? { engine: 'postgres', url, schema } : { engine: 'postgres', url };
  }
  if (url?.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    return { engine: 'sqlite', file: file === ':memory:' ? file : path.resolve(file) };
  }
  return { engine: 'sqlite', file: path.join(dataDir, 'club.sqlite') };
}

/**
 * The schema named by libpq's `options=-c search_path=...` in the URL, so that the app (and the
 * migrator's bookkeeping) lives in that schema even when other schemas of the database have
 * tables of the same names.
 */
function searchPathSchema(url: string): string | undefined {
  const options = new URL(url).searchParams.get('options') ?? '';
  const path = /(?:^|\s)-c\s*search_path\s*=\s*([^\s,]+)/.exec(options)?.[1];
  if (path === undefined) return undefined;
  if (!/^[a-z_][a-z0-9_]*$/.test(path)) {
    throw new ConfigError('DATABASE_URL', `names the schema "${path}": use lower-case letters, digits and _`);
  }
  return path;
}
