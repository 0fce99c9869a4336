import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { drivenClock } from './driven-clock';
import { createTestDatabase, testEngine } from './test-app';

/** The clock the tests of the intra's pace drive (decision 0193): it moves only once everything waits. */
describe('a driven clock', () => {
  // An hour's wait in real time would outlast the test's timeout.
  it('wakes its waits in the order of their times, each at its own time, without waiting for them', async () => {
    const clock = drivenClock(1_000_000);
    try {
      const woken: [string, number][] = [];
      const wait = async (name: string, ms: number) => {
        await clock.sleep(ms);
        woken.push([name, clock.nowMs()]);
      };
      await Promise.all([wait('an hour', 3_600_000), wait('a second', 1000), wait('a minute', 60_000)]);
      expect(woken).toEqual([
        ['a second', 1_001_000],
        ['a minute', 1_060_000],
        ['an hour', 4_600_000],
      ]);
    } finally {
      clock.stop();
    }
  });

  // A wait on a real timer is a wait, not work: the clock may move during it (decision 0193).
  it('stands still while a call over loopback is under way, however many turns its server takes', async () => {
    const clock = drivenClock(0);
    // A server that works 200 turns of the event loop before it answers, in chunks.
    const server = http.createServer((_request, response) => {
      let turns = 0;
      const turn = () => {
        response.write(`turn ${turns}\n`);
        if (++turns < 200) setImmediate(turn);
        else response.end('done');
      };
      turn();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      // Something else waits 1 ms of the clock meanwhile: the clock must not move before the answer.
      let answeredAt: number | undefined;
      const other = clock.sleep(1).then(() => clock.nowMs());
      const call = fetch(`http://127.0.0.1:${port}/`)
        .then((response) => response.text())
        .then(() => (answeredAt = clock.nowMs()));
      await Promise.all([call, other]);
      expect(answeredAt).toBe(0);
      expect(await other).toBe(1);
    } finally {
      clock.stop();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it.runIf(testEngine === 'postgres')('stands still while a PostgreSQL statement runs in its own process', async () => {
    const clock = drivenClock(0);
    const { database, drop } = await createTestDatabase();
    try {
      let doneAt: number | undefined;
      const statement = sql`select pg_sleep(0.05)`.execute(database.db).then(() => (doneAt = clock.nowMs()));
      const other = clock.sleep(1);
      await Promise.all([statement, other]);
      expect(doneAt).toBe(0);
    } finally {
      clock.stop();
      await database.close();
      await drop();
    }
  });

  it('lets time jump by each wait once stopped, so that nothing waits for ever', async () => {
    const clock = drivenClock(0);
    const pending = clock.sleep(5000);
    clock.stop();
    await pending;
    expect(clock.nowMs()).toBe(5000);
    await clock.sleep(250);
    expect(clock.nowMs()).toBe(5250);
  });
});
