import { createHook } from 'node:async_hooks';
import pg from 'pg';
import type { Clock, PaceClock } from '../../../src/server/clock';
import { createTestApp, type TestApp } from './test-app';

/**
 * A clock a test drives, for the app's pace with the intra and the stand-ins' limits (decision
 * 0193). Its time stands still while the process has anything to do, and moves on to the next
 * wait only once everything is waiting: a call goes out at the very time its slot says and
 * reaches the stand-in in that same instant, however slowly the machine runs. The pacing is then
 * tested on its logic, not on the machine's speed, and its waits take no real time.
 *
 * "Nothing to do" is read from the process itself: no callback of a timer, socket or other
 * resource (anything but a promise) ran for several turns of the event loop, and no PostgreSQL
 * statement or connection is under way (the database answers from another process, so only its
 * client knows). The app, the stand-ins and the test all run in this process, so every step of
 * a call over loopback is a callback here.
 */
export type DrivenClock = Clock & PaceClock & { stop(): void };

/** Turns of the event loop with nothing done but this module's own before the clock moves on. */
const CALM_TURNS = 4;

type Wait = { at: number; wake(): void };
const clocks = new Set<{ wakeNext(): boolean }>();

let activity = 0;
/** Set while this module creates a resource to look at the loop: its callback is not the process's work. */
let creatingOwn = false;
const watched = new Set<number>();
const hook = createHook({
  init(asyncId, type) {
    if (type !== 'PROMISE' && !creatingOwn) watched.add(asyncId);
  },
  before(asyncId) {
    if (watched.has(asyncId)) activity += 1;
  },
});

/** PostgreSQL statements and connections under way, counted at the driver every pool shares. */
let postgresUnderWay = 0;
const original = { query: pg.Client.prototype.query, connect: pg.Pool.prototype.connect };
function counted<T>(result: T): T {
  if (result instanceof Promise) {
    postgresUnderWay += 1;
    const done = () => (postgresUnderWay -= 1);
    result.then(done, done);
  }
  return result;
}

function ownTurn(kind: 'immediate' | 'timer'): Promise<void> {
  return new Promise((resolve) => {
    creatingOwn = true;
    try {
      if (kind === 'immediate') setImmediate(resolve);
      else setTimeout(resolve, 1);
    } finally {
      creatingOwn = false;
    }
  });
}

/** Resolves once the process has nothing left to do but wait. */
async function quiet(): Promise<void> {
  let calm = 0;
  while (calm < CALM_TURNS) {
    const seen = activity;
    // One turn in real time too: a loopback packet the kernel has not yet delivered is seen after it.
    await ownTurn(calm === CALM_TURNS - 1 ? 'timer' : 'immediate');
    calm = activity === seen && postgresUnderWay === 0 ? calm + 1 : 0;
  }
}

let somethingWaits: (() => void) | undefined;
let driving = false;

/** One loop for every driven clock of the process: each clock's own look at the loop would be the others' activity. */
async function drive(): Promise<void> {
  driving = true;
  hook.enable();
  pg.Client.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
    return counted((original.query as (...args: unknown[]) => unknown).apply(this, args));
  } as typeof original.query;
  pg.Pool.prototype.connect = function connect(this: pg.Pool, ...args: unknown[]) {
    return counted((original.connect as (...args: unknown[]) => unknown).apply(this, args));
  } as typeof original.connect;
  try {
    while (clocks.size > 0) {
      await quiet();
      let moved = false;
      for (const clock of clocks) moved = clock.wakeNext() || moved;
      if (!moved) await new Promise<void>((resolve) => (somethingWaits = resolve));
    }
  } finally {
    hook.disable();
    pg.Client.prototype.query = original.query;
    pg.Pool.prototype.connect = original.connect;
    watched.clear();
    driving = false;
  }
}

/**
 * A driven clock starting at `startMs` (now). `stop` once the app on it has closed: its waits
 * then pass at once, time jumping ahead by each, so that nothing is left waiting for ever.
 */
export function drivenClock(startMs = Date.now()): DrivenClock {
  let now = startMs;
  let stopped = false;
  const waits: Wait[] = [];
  const driven = {
    wakeNext(): boolean {
      if (waits.length === 0) return false;
      now = Math.max(now, Math.min(...waits.map((wait) => wait.at)));
      const due = waits.filter((wait) => wait.at <= now);
      waits.splice(0, waits.length, ...waits.filter((wait) => wait.at > now));
      for (const wait of due) wait.wake();
      return true;
    },
  };
  clocks.add(driven);
  if (!driving) void drive();
  return {
    now: () => new Date(now),
    nowMs: () => now,
    sleep(ms: number): Promise<void> {
      if (!(ms > 0)) return Promise.resolve();
      if (stopped) {
        now += ms;
        return Promise.resolve();
      }
      return new Promise((wake) => {
        waits.push({ at: now + ms, wake });
        somethingWaits?.();
        somethingWaits = undefined;
      });
    },
    stop() {
      stopped = true;
      clocks.delete(driven);
      while (driven.wakeNext());
      somethingWaits?.();
      somethingWaits = undefined;
    },
  };
}

/**
 * A test app whose calendar and intra pace both run on `clock`; `close` closes the app, then
 * stops the clock (the sign-ins under way finish on it first).
 */
export async function createDrivenTestApp(
  env: Record<string, string>,
  clock = drivenClock(),
): Promise<TestApp & { clock: DrivenClock }> {
  const t = await createTestApp(env, { clock, paceClock: clock });
  return {
    ...t,
    clock,
    async close() {
      await t.close();
      clock.stop();
    },
  };
}
