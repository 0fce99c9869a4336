import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];

/**
 * A request's logger, with the request id bound, made only when the request logs something.
 * Fastify gives every request a child of the app's logger; with request logging off
 * (app.ts) almost none logs, and making the child cost as much as the rest of a signed-in call
 * to GET /api/users/me (decision 0127). What is logged is the same: the child is made at the
 * first line.
 */
class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  get #logger(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings, this.#options));
  }

  get level() {
    return this.#child?.level ?? this.#options?.level ?? this.#parent.level;
  }
  set level(level) {
    this.#logger.level = level;
  }

  // Methods on the prototype, not closures: a request that never logs allocates none.
  fatal(...args: unknown[]) {
    this.#log('fatal', args);
  }
  error(...args: unknown[]) {
    this.#log('error', args);
  }
  warn(...args: unknown[]) {
    this.#log('warn', args);
  }
  info(...args: unknown[]) {
    this.#log('info', args);
  }
  debug(...args: unknown[]) {
    this.#log('debug', args);
  }
  trace(...args: unknown[]) {
    this.#log('trace', args);
  }
  silent(...args: unknown[]) {
    this.#log('silent', args);
  }
  #log(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent', args: unknown[]) {
    const logger = this.#logger;
    (logger[level] as (...line: unknown[]) => void).apply(logger, args);
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#logger.child(bindings, options);
  }
}

export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new RequestLogger(logger, bindings, options);
