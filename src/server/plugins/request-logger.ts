import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** What a request's logger holds until its first line: the app's logger and the bindings. */
type Pending = { parent: FastifyBaseLogger; bindings: Bindings; options: ChildOptions; made?: FastifyBaseLogger };

const made = (self: Pending) => (self.made ??= self.parent.child(self.bindings, self.options));

/**
 * The methods every request's logger shares (on one prototype: a request that never logs
 * allocates no closure). Each makes pino's child at the first line and hands it the line.
 */
const shared: object = Object.defineProperties(
  {
    ...Object.fromEntries(
      LEVELS.map((level) => [
        level,
        function (this: Pending, ...args: unknown[]) {
          const logger = made(this);
          (logger[level] as (...line: unknown[]) => void).apply(logger, args);
        },
      ]),
    ),
    child(this: Pending, bindings: Bindings, options?: ChildOptions) {
      return made(this).child(bindings, options);
    },
  },
  {
    level: {
      get(this: Pending) {
        return this.made?.level ?? this.options?.level ?? this.parent.level;
      },
      set(this: Pending, level: string) {
        made(this).level = level;
      },
    },
  },
);

/**
 * A request's logger, with the request id bound, made only when the request logs something.
 * Fastify gives every request a child of the app's logger; with request logging off
 * (app.ts) almost none logs, and making the child cost as much as the rest of a signed-in call
 * to GET /api/users/me (decision 0127). What is logged is the same: the child is made at the
 * first line.
 */
export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (parent, bindings, options) =>
  Object.assign(Object.create(shared) as FastifyBaseLogger, { parent, bindings, options } satisfies Pending);
