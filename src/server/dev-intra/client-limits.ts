import type { IntraLimits } from '../config';

const SECOND_MS = 1000;
const HOUR_MS = 3_600_000;
/** How many served calls the usage log keeps per client (the tests read it). */
const USAGE_LOG_SIZE = 10_000;

export type LimitVerdict = {
  /** The intra's headers, on every counted answer, refused ones included. */
  headers: Record<string, string>;
  /** Set when the call is refused: seconds until the window that refused it ends. */
  retryAfterSeconds?: number;
};

export type ClientUsage = { served: number[]; refused: number };

/**
 * The 42 intra's limits per application: so many calls in each second and in each hour of the
 * wall clock, reported in X-Secondly-/X-Hourly-RateLimit-* headers, 429 with Retry-After past
 * them. The app's pace clock, not its calendar clock: a limit is about real pacing. Refused
 * calls are not served, so they do not count. Also keeps a log of served calls, so that a test
 * can measure at the stand-in what reached it.
 */
export function createClientLimits(limits: IntraLimits | null, now: () => number) {
  const windows = new Map<string, { second: number; inSecond: number; hour: number; inHour: number }>();
  const usage = new Map<string, ClientUsage>();

  const usageOf = (clientId: string) => {
    let entry = usage.get(clientId);
    if (!entry) usage.set(clientId, (entry = { served: [], refused: 0 }));
    return entry;
  };

  return {
    take(clientId: string): LimitVerdict {
      const at = now();
      const log = usageOf(clientId);
      if (!limits) {
        log.served.push(at);
        if (log.served.length > USAGE_LOG_SIZE) log.served.shift();
        return { headers: {} };
      }
      const second = Math.floor(at / SECOND_MS);
      const hour = Math.floor(at / HOUR_MS);
      let window = windows.get(clientId);
      if (!window) windows.set(clientId, (window = { second, inSecond: 0, hour, inHour: 0 }));
      if (window.second !== second) Object.assign(window, { second, inSecond: 0 });
      if (window.hour !== hour) Object.assign(window, { hour, inHour: 0 });

      const secondFull = window.inSecond >= limits.perSecond;
      const hourFull = window.inHour >= limits.perHour;
      if (!secondFull && !hourFull) {
        window.inSecond += 1;
        window.inHour += 1;
        log.served.push(at);
        if (log.served.length > USAGE_LOG_SIZE) log.served.shift();
      } else {
        log.refused += 1;
      }
      const headers = {
        'x-secondly-ratelimit-limit': String(limits.perSecond),
        'x-secondly-ratelimit-remaining': String(limits.perSecond - window.inSecond),
        'x-hourly-ratelimit-limit': String(limits.perHour),
        'x-hourly-ratelimit-remaining': String(limits.perHour - window.inHour),
      };
      if (!secondFull && !hourFull) return { headers };
      const resetsAt = hourFull ? (hour + 1) * HOUR_MS : (second + 1) * SECOND_MS;
      return { headers, retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - at) / SECOND_MS)) };
    },

    usage(clientId: string): ClientUsage {
      const log = usageOf(clientId);
      return { served: [...log.served], refused: log.refused };
    },
  };
}

export type ClientLimits = ReturnType<typeof createClientLimits>;
