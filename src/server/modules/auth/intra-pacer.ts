import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import { wallClock, type PaceClock } from '../../clock';
import type { IntraLimits } from '../../config';
import type { Db, Engine } from '../../db/database';

const HOUR_MS = 3_600_000;

/** Where the next call to the intra may go, and how many went in the current hour. */
export type PaceState = { next_slot_ms: number; hour_start_ms: number; in_hour: number };
const START: PaceState = { next_slot_ms: 0, hour_start_ms: 0, in_hour: 0 };

/**
 * Grants `count` consecutive call slots. Slots sit on a grid of 1/perSecond seconds, half a step
 * off the whole second: the intra counts calls per second of the wall clock, so two calls a
 * second land at .25 and .75 and stay in their second even if each arrives 250 ms late or
 * early. The hour is counted the same way; a full hour moves the slot to the next one.
 */
export function grantSlots(state: PaceState, nowMs: number, count: number, limits: IntraLimits) {
  const step = 1000 / limits.perSecond;
  let { next_slot_ms: next, hour_start_ms: hourStart, in_hour: inHour } = state;
  const slots: number[] = [];
  for (let i = 0; i < count; i++) {
    const onGrid = (at: number) => Math.round(Math.ceil((at - step / 2) / step) * step + step / 2);
    let slot = onGrid(Math.max(nowMs, next));
    const hour = Math.floor(slot / HOUR_MS) * HOUR_MS;
    if (hour !== hourStart) [hourStart, inHour] = [hour, 0];
    if (inHour >= limits.perHour) {
      [hourStart, inHour] = [hourStart + HOUR_MS, 0];
      slot = onGrid(hourStart);
    }
    inHour += 1;
    slots.push(slot);
    next = slot + 1;
  }
  return { state: { next_slot_ms: next, hour_start_ms: hourStart, in_hour: inHour }, slots };
}

/** One atomic read-change-write of the shared pace, on the store's own clock. */
export type PaceStore = {
  update<T>(
    change: (state: PaceState, nowMs: number) => { state: PaceState; result: T },
  ): Promise<{ result: T; nowMs: number }>;
};

export function memoryPaceStore(clock: PaceClock): PaceStore {
  let state = START;
  return {
    async update(change) {
      const nowMs = clock.nowMs();
      const next = change(state, nowMs);
      state = next.state;
      return { result: next.result, nowMs };
    },
  };
}

/** The pace in a row of PostgreSQL, locked for the change, on the database server's clock unless `now` is given. */
export function postgresPaceStore(db: Db, now?: () => number): PaceStore {
  return {
    update: (change) =>
      db.transaction().execute(async (trx) => {
        const { rows } = await sql<PaceState & { now_ms: number }>`
          select next_slot_ms, hour_start_ms, in_hour,
                 (extract(epoch from clock_timestamp()) * 1000)::bigint as now_ms
          from intra_pace where id = 1 for update`.execute(trx);
        const { now_ms: serverNowMs, ...state } = rows[0]!;
        const nowMs = now?.() ?? serverNowMs;
        const next = change(state, nowMs);
        await trx.updateTable('intra_pace').set(next.state).where('id', '=', 1).execute();
        return { result: next.result, nowMs };
      }),
  };
}

/** Compare-and-set: the new state is written only if nobody changed it since it was read. */
const COMPARE_AND_SET = `
if (redis.call('GET', KEYS[1]) or '') == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  return 1
end
return 0`;
const READ = `return { redis.call('GET', KEYS[1]) or '', redis.call('TIME') }`;

/** The pace in Redis, on the Redis server's clock unless `now` is given; `fallback` serves while Redis cannot. */
export function redisPaceStore(redis: Redis, key: string, fallback: PaceStore, now?: () => number): PaceStore {
  return {
    async update(change) {
      try {
        for (let attempt = 0; attempt < 50; attempt++) {
          const [stored, [seconds, micros]] = (await redis.eval(READ, 1, key)) as [string, [string, string]];
          const nowMs = now?.() ?? Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
          const next = change(stored ? (JSON.parse(stored) as PaceState) : START, nowMs);
          const written = await redis.eval(COMPARE_AND_SET, 1, key, stored, JSON.stringify(next.state), 2 * HOUR_MS);
          if (written === 1) return { result: next.result, nowMs };
        }
        throw new Error('the intra pace in Redis kept changing under this process');
      } catch {
        return fallback.update(change);
      }
    },
  };
}

/**
 * The pace of this app's calls to the intra, shared by its processes (decision 0107): through
 * Redis when there is one, else through PostgreSQL, else in this process's memory (SQLite
 * serves from one process). The shared stores read their server's clock, which the processes
 * agree on; a clock a test drives is the only clock of its processes, so they read that one.
 */
export function createIntraPacer(
  limits: IntraLimits | null,
  options: { db: Db; engine: Engine; redis?: Redis; redisKeyPrefix: string; clock: PaceClock },
) {
  const { clock } = options;
  const drivenNow = clock === wallClock ? undefined : () => clock.nowMs();
  const local = options.engine === 'postgres' ? postgresPaceStore(options.db, drivenNow) : memoryPaceStore(clock);
  const store = options.redis
    ? redisPaceStore(options.redis, `${options.redisKeyPrefix}intra-pace`, local, drivenNow)
    : local;

  /** Runs a change on the store; answers its result and the store clock's offset to this one. */
  async function apply<T>(change: (state: PaceState, nowMs: number) => { state: PaceState; result: T }) {
    const before = clock.nowMs();
    const { result, nowMs } = await store.update(change);
    return { result, offset: (before + clock.nowMs()) / 2 - nowMs };
  }

  return {
    /** The time between two calls, in ms (0: unpaced). */
    stepMs: limits ? 1000 / limits.perSecond : 0,

    /** Reserves `count` consecutive calls: their times on this process's clock. */
    async reserve(count: number): Promise<number[]> {
      if (!limits) return Array<number>(count).fill(clock.nowMs());
      const { result, offset } = await apply((state, nowMs) => {
        const granted = grantSlots(state, nowMs, count, limits);
        return { state: granted.state, result: granted.slots };
      });
      return result.map((slot) => slot + offset);
    },

    /** No call before `delayMs` from now, for any process (the intra said to wait). */
    async hold(delayMs: number): Promise<void> {
      if (!limits) return;
      await apply((state, nowMs) => ({
        state: { ...state, next_slot_ms: Math.max(state.next_slot_ms, nowMs + delayMs) },
        result: undefined,
      }));
    },
  };
}

export type IntraPacer = ReturnType<typeof createIntraPacer>;
