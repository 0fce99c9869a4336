import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';

export type OutboxRunner = {
  /** Starts a run now, without waiting for it; during a run, asks for one more round after it. */
  kick(): void;
  /** Resolves once every due row has been tried and no run is under way. */
  flush(): Promise<void>;
  /** Starts the periodic sweep, which also catches rows committed by other processes. */
  start(): void;
  /** Stops the sweep; `stopping` runs before waiting for the run under way (to cut it short). */
  stop(stopping?: () => void): Promise<void>;
};

/**
 * The runs of an outbox (the mails, the webhook deliveries): one run at a time per process, a
 * kick after each commit, a sweep every `sweepMs` for what other processes committed or what
 * waits for a retry. A run claims batches under a lease (`claim`, given now and the lease's end)
 * and hands each to `send`, until none is due; its errors are logged, never thrown, and the next
 * sweep tries again.
 */
export function createOutboxRunner<Row>(options: {
  what: string;
  claim: (now: Date, leaseUntil: Date) => Promise<Row[]>;
  send: (batch: Row[]) => Promise<void>;
  leaseMs: number;
  sweepMs: number;
  clock: Clock;
  log: FastifyBaseLogger;
}): OutboxRunner {
  const { what, claim, send, leaseMs, sweepMs, clock, log } = options;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let sweep: NodeJS.Timeout | undefined;

  async function deliverDue(): Promise<void> {
    while (!stopped) {
      const now = clock.now();
      const batch = await claim(now, new Date(now.getTime() + leaseMs));
      if (batch.length === 0) return;
      await send(batch);
    }
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await deliverDue();
        } while (again && !stopped);
      } catch (error) {
        log.error({ err: error }, `${what} run failed; the next sweep retries`);
      } finally {
        running = undefined;
      }
    })();
  }

  return {
    kick,
    async flush() {
      kick();
      while (running) await running;
    },
    start() {
      if (sweep || stopped) return;
      sweep = setInterval(kick, sweepMs);
      // The sweep alone never keeps the process alive.
      sweep.unref();
      kick();
    },
    async stop(stopping) {
      stopped = true;
      clearInterval(sweep);
      sweep = undefined;
      stopping?.();
      while (running) await running;
    },
  };
}
