/**
 * The retry policy of every outbox (the mails, the webhook deliveries): after the n-th failed
 * attempt, wait 1, 2, 4, … times `firstMs`, at most `longestMs`; after `maxAttempts` attempts,
 * give up. Each outbox picks its own figures; the rule is written once.
 */
export type RetryPolicy = {
  readonly maxAttempts: number;
  /** The wait after the `attempts`-th failed attempt. */
  delayMs(attempts: number): number;
  /**
   * When to try again after the `attempts`-th failed attempt, or null to give up. A wait the
   * receiver asked for (`askedWaitMs`, e.g. a 429's Retry-After) replaces the backoff, capped at
   * `longestMs`.
   */
  retryAt(attempts: number, now: Date, askedWaitMs?: number): Date | null;
};

export function retryPolicy({
  maxAttempts,
  firstMs,
  longestMs,
}: {
  maxAttempts: number;
  firstMs: number;
  longestMs: number;
}): RetryPolicy {
  const delayMs = (attempts: number) => Math.min(firstMs * 2 ** Math.max(0, attempts - 1), longestMs);
  return {
    maxAttempts,
    delayMs,
    retryAt(attempts, now, askedWaitMs) {
      if (attempts >= maxAttempts) return null;
      const waitMs = askedWaitMs === undefined ? delayMs(attempts) : Math.min(askedWaitMs, longestMs);
      return new Date(now.getTime() + waitMs);
    },
  };
}
