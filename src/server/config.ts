import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { unnamedCampus, type AllowedCampus } from '../contract/eligibility';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** Who may read the API docs at /api/docs: anyone, admins only (production's default), or nobody. */
const API_DOCS_ACCESS = ['public', 'admins', 'off'] as const;
export type ApiDocsAccess = (typeof API_DOCS_ACCESS)[number];
const LOGIN_PATTERN = /^[a-z][a-z0-9-]{1,19}$/;

/** An entry of proxy-addr's list, which Fastify's trustProxy takes. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * One host of WEBHOOK_ALLOWED_HOSTS as a URL's `hostname` spells it (lowercase, IPv4 in dotted
 * decimal, IPv6 in brackets), or undefined when the entry is not a bare host name or address.
 */
function allowedHost(entry: string): string | undefined {
  const lower = entry.toLowerCase();
  const host = isIP(lower) === 6 ? `[${lower}]` : lower;
  if (!/^([a-z0-9.-]+|\[[0-9a-f:.]+\])$/.test(host)) return undefined;
  try {
    return new URL(`https://${host}/`).hostname;
  } catch {
    return undefined;
  }
}

/** A limit on calls to the 42 intra: `N/s,M/h` (the intra's own are 2/s,1200/h), or `off`. */
export type IntraLimits = { perSecond: number; perHour: number };
const INTRA_LIMITS_PATTERN = /^(\d{1,6})\/s,(\d{1,9})\/h$/;

const intraLimits = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .transform((value, context): IntraLimits | null => {
      if (value === 'off') return null;
      const match = INTRA_LIMITS_PATTERN.exec(value.replace(/\s+/g, ''));
      const perSecond = Number(match?.[1]);
      const perHour = Number(match?.[2]);
      if (!match || perSecond < 1 || perHour < 1) {
        context.addIssue({ code: 'custom', message: 'must read N/s,M/h (such as 2/s,1200/h) or off' });
        return z.NEVER;
      }
      return { perSecond, perHour };
    });

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Unset (or empty): every address, or loopback only while the local stand-in signs people in.
  HOST: optionalText,
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
  FT_CLIENT_SECRET_NEXT: optionalText,
  FT_OAUTH_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.intra.42.fr'),
  ERASURE_KEY: optionalText,
  ADMIN_LOGINS: z.string().default(''),
  ALLOWED_CAMPUSES: z.string().default(''),
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .transform((value) => value.split(',').map((entry) => entry.trim()))
    .refine(
      (entries) => entries.every(isProxyAddress),
      'must list addresses or ranges (10.0.0.0/8), or loopback, linklocal, uniquelocal, separated by commas',
    ),
  REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  REDIS_KEY_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1 to 64 letters, digits or : _ . -')
    .default('club:'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(300),
  FT_RATE_LIMIT: intraLimits('2/s,1200/h'),
  DEV_INTRA_LIMITS: intraLimits('2/s,1200/h'),
  WEBHOOK_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((value, context) => {
      const hosts: string[] = [];
      for (const entry of value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)) {
        const host = allowedHost(entry);
        if (host === undefined) {
          context.addIssue({ code: 'custom', message: `holds "${entry}", which is not a host name or an address` });
          return z.NEVER;
        }
        hosts.push(host);
      }
      return hosts;
    }),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  API_DOCS: z.enum(API_DOCS_ACCESS, { message: `must be one of ${API_DOCS_ACCESS.join(', ')}` }).optional(),
});

export type Database = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string; schema?: string };

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /**
   * The local stand-in signs people in on an address others may reach (HOST set explicitly to
   * something other than loopback): anyone who reaches it can sign in as any login, admin included.
   */
  standInExposed: boolean;
  publicUrl: string;
  dataDir: string;
  database: Database;
  /** Whether the local stand-in of the 42 OAuth server signs people in (no FT_CLIENT_ID). */
  devIntra: boolean;
  /** `clientSecretNext`: the replacement secret, tried when the intra refuses the current one (decisions §13). */
  oauth: { clientId: string; clientSecret: string; clientSecretNext?: string; baseUrl: string };
  adminLogins: string[];
  /** The key of the erasure records' HMAC (ERASURE_KEY); unset: a file in DATA_DIR (decision 0167). */
  erasureKey?: string;
  /** The campuses whose students may apply (ALLOWED_CAMPUSES); empty: every campus. */
  allowedCampuses: AllowedCampus[];
  /** The reverse proxies whose X-Forwarded-For tells the client's address (proxy-addr's syntax). */
  trustProxy: string[];
  redisUrl?: string;
  /** Starts every key the app writes in Redis, so that several deployments can share one. */
  redisKeyPrefix: string;
  rateLimitPerMinute: number;
  /** The pace of this app's own calls to the intra, shared by all its processes; null: unpaced. */
  intraRateLimit: IntraLimits | null;
  /** What the local stand-in allows each client, as the intra does; null: no limit. */
  devIntraLimits: IntraLimits | null;
  /**
   * The hosts inside the club's network that may receive webhooks in production all the same
   * (its own chat bot), as a URL's `hostname` spells them; every other one must be public.
   */
  webhookAllowedHosts: string[];
  smtpUrl?: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Who may read /api/docs (API_DOCS): admins only by default in production, anyone elsewhere. */
  apiDocs: ApiDocsAccess;
};

/**
 * Client credentials of the stand-in: it is local, so they are not secret. They have the shape of
 * the intra's (`u-s4t2ud-`/`s-s4t2ud-` and 64 hex digits, hyphens included), so that a client
 * that would mangle a real one is refused by the stand-in too (decisions §13).
 */
export const DEV_INTRA_CLIENT = {
  id: 'u-s4t2ud-5c0a1d6e7b8f90123456789abcdef0123456789abcdef0123456789abcdef012',
  secret: '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',
} as const;

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

  const allowedCampuses = parseAllowedCampuses(vars.ALLOWED_CAMPUSES);

  const devIntra = !vars.FT_CLIENT_ID;
  // The stand-in makes anyone who reaches its page an admin: unless told otherwise, only this
  // machine may reach it.
  const host = vars.HOST ?? (devIntra ? 'localhost' : '0.0.0.0');
  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');
  // Session cookies are Secure and HSTS is sent only over https: production never goes without.
  if (vars.NODE_ENV === 'production' && !publicUrl.startsWith('https:')) {
    throw new ConfigError(
      'PUBLIC_URL',
      `must be an https:// address when NODE_ENV=production (it is ${publicUrl}${vars.PUBLIC_URL ? '' : ', the default'})`,
    );
  }
  const dataDir = path.resolve(vars.DATA_DIR);

  return {
    env: vars.NODE_ENV,
    port: vars.PORT,
    host,
    standInExposed: devIntra && !isLoopbackHost(host),
    publicUrl,
    dataDir,
    erasureKey: vars.ERASURE_KEY,
    database: parseDatabase(vars.DATABASE_URL, dataDir),
    devIntra,
    oauth: devIntra
      ? { clientId: DEV_INTRA_CLIENT.id, clientSecret: DEV_INTRA_CLIENT.secret, baseUrl: `${publicUrl}/dev/intra` }
      : {
          clientId: vars.FT_CLIENT_ID!,
          clientSecret: vars.FT_CLIENT_SECRET!,
          clientSecretNext: vars.FT_CLIENT_SECRET_NEXT,
          baseUrl: vars.FT_OAUTH_BASE_URL.replace(/\/+$/, ''),
        },
    adminLogins: adminLogins.length === 0 && devIntra ? ['admin'] : adminLogins,
    allowedCampuses,
    trustProxy: vars.TRUST_PROXY,
    redisUrl: vars.REDIS_URL,
    redisKeyPrefix: vars.REDIS_KEY_PREFIX,
    rateLimitPerMinute: vars.RATE_LIMIT_PER_MINUTE,
    intraRateLimit: vars.FT_RATE_LIMIT,
    devIntraLimits: vars.DEV_INTRA_LIMITS,
    webhookAllowedHosts: vars.WEBHOOK_ALLOWED_HOSTS,
    smtpUrl: vars.SMTP_URL,
    logLevel: vars.LOG_LEVEL,
    apiDocs: vars.API_DOCS ?? (vars.NODE_ENV === 'production' ? 'admins' : 'public'),
  };
}

/** `localhost`, 127.0.0.0/8 or ::1 (also written as an IPv4-mapped address): this machine only. */
function isLoopbackHost(host: string): boolean {
  const address = host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/^::ffff:/, '');
  return address === 'localhost' || address === '::1' || (isIP(address) === 4 && address.startsWith('127.'));
}

const MAX_CAMPUS_ID = 2_147_483_647;

/** Comma-separated campus ids (digits only) or names (as the intra spells them, any case). */
function parseAllowedCampuses(value: string): AllowedCampus[] {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    if (/^\d+$/.test(entry)) {
      const id = Number(entry);
      if (id > MAX_CAMPUS_ID) throw new ConfigError('ALLOWED_CAMPUSES', `holds "${entry}", which is not a campus id`);
      return { id, name: unnamedCampus(id) };
    }
    if (entry.length > 100 || /\p{Cc}/u.test(entry)) {
      throw new ConfigError('ALLOWED_CAMPUSES', `holds "${entry}", which is not a campus name`);
    }
    return { id: null, name: entry };
  });
}

function parseDatabase(url: string | undefined, dataDir: string): Database {
  if (url?.startsWith('postgres')) return parsePostgres(url);
  if (url?.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    return { engine: 'sqlite', file: file === ':memory:' ? file : path.resolve(file) };
  }
  return { engine: 'sqlite', file: path.join(dataDir, 'club.sqlite') };
}

const SCHEMA_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * `?schema=name` puts the app's tables in that PostgreSQL schema (the migrations create it when
 * missing), so that one database can hold several instances. pg itself never sees the parameter.
 */
function parsePostgres(url: string): Database {
  if (!/[?&]schema=/.test(url)) return { engine: 'postgres', url };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError('DATABASE_URL', 'is not a valid URL');
  }
  const schema = parsed.searchParams.get('schema') ?? '';
  if (!SCHEMA_PATTERN.test(schema)) {
    throw new ConfigError('DATABASE_URL', `names the schema "${schema}": use lowercase letters, digits and _`);
  }
  parsed.searchParams.delete('schema');
  return { engine: 'postgres', url: parsed.toString(), schema };
}
