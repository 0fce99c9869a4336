import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeDifference, dumpDatabase } from '#test/server/db-snapshot';
import { signIn } from '#test/server/sign-in';
import { createTestApp, TEST_MIGRATED_AT, testClock, type TestApp } from '#test/server/test-app';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** The board's recruitment rounds (decision 0121): open, rename, move and close them; never two at once. */
describe('recruitment rounds', () => {
  let t: TestApp;
  let admin: string;
  const clock = testClock();
  const inDays = (days: number) => new Date(clock.now().getTime() + days * DAY).toISOString();

  beforeEach(async () => {
    t = await createTestApp({}, { clock });
    admin = (await signIn(t.app, 'admin')).cookie;
  });
  afterEach(() => t.close());

  const list = async () => (await t.app.inject({ url: '/api/admin/rounds', headers: { cookie: admin } })).json().data;
  const open = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/admin/rounds', headers: { cookie: admin }, payload });
  const change = (id: number, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/rounds/${id}`, headers: { cookie: admin }, payload });
  const firstRound = async () => (await list()).at(-1) as { id: number; name: string };
  const audit = () =>
    t.database.db
      .selectFrom('audit_logs')
      .select(['action', 'entity_id', 'details'])
      .where('entity_type', '=', 'round')
      .orderBy('id')
      .execute();

  it('lists the migration’s first round, open since the database was migrated until the board closes it', async () => {
    expect(await list()).toEqual([
      expect.objectContaining({
        name: 'First round',
        opens_at: TEST_MIGRATED_AT.toISOString(),
        closes_at: null,
        is_open: true,
        applications: 0,
        created_at: TEST_MIGRATED_AT.toISOString(),
      }),
    ]);
  });

  it('opens a round whose opening is left out, empty or null at the moment it is saved', async () => {
    const first = await firstRound();
    await change(first.id, { closes_at: clock.now().toISOString() });
    const saved = clock.now().toISOString();
    const now = await open({ name: 'Now', opens_at: '', closes_at: inDays(1) });
    expect(now.statusCode).toBe(201);
    expect(now.json()).toMatchObject({ opens_at: saved, created_at: saved, is_open: true });
    expect(JSON.parse((await audit()).at(-1)!.details!)).toEqual({
      after: { name: 'Now', opens_at: saved, closes_at: inDays(1) },
    });

    clock.advance(2 * DAY);
    const leftOut = await open({ name: 'Left out' });
    expect(leftOut.json()).toMatchObject({ opens_at: clock.now().toISOString(), closes_at: null });
    // Emptied in an edit: the opening becomes the moment of the change.
    clock.advance(HOUR);
    expect((await change(leftOut.json().id, { opens_at: '' })).json()).toMatchObject({
      opens_at: clock.now().toISOString(),
    });

    // "Now" is judged against the closing on the server: a closing already past is refused, writing nothing.
    const before = await dumpDatabase(t.database);
    const past = await open({ name: 'Closed at once', opens_at: null, closes_at: inDays(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().details).toEqual([{ path: 'closes_at', message: 'A round must close after it opens.' }]);
    expect(describeDifference(before, await dumpDatabase(t.database))).toBe('');
  });

  it('opens rounds that do not overlap, the latest first, audited', async () => {
    const first = await firstRound();
    const overlapping = await open({ name: 'Spring 2027', opens_at: inDays(1) });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().error).toBe(
      'Rounds cannot overlap, and these dates overlap the round "First round". Close that round first, or choose other dates.',
    );

    expect((await change(first.id, { closes_at: clock.now().toISOString() })).json()).toMatchObject({
      is_open: false,
      closes_at: clock.now().toISOString(),
    });
    const spring = await open({ name: '  Spring 2027 ', opens_at: inDays(1), closes_at: inDays(30) });
    expect(spring.statusCode).toBe(201);
    expect(spring.json()).toMatchObject({
      name: 'Spring 2027',
      opens_at: inDays(1),
      closes_at: inDays(30),
      is_open: false,
      applications: 0,
    });
    // [opens_at, closes_at): a round may open the instant the one before closes.
    const autumn = await open({ name: 'Autumn 2027', opens_at: inDays(30), closes_at: '' });
    expect(autumn.statusCode).toBe(201);
    expect(autumn.json().closes_at).toBeNull();
    expect((await open({ name: 'Between', opens_at: inDays(10), closes_at: inDays(20) })).statusCode).toBe(409);
    expect((await open({ name: 'Later', opens_at: inDays(90) })).statusCode).toBe(409);
    expect((await list()).map((round: { name: string }) => round.name)).toEqual([
      'Autumn 2027',
      'Spring 2027',
      'First round',
    ]);
    expect(await audit()).toMatchObject([
      { action: 'round.updated', entity_id: first.id },
      { action: 'round.created', entity_id: spring.json().id },
      { action: 'round.created', entity_id: autumn.json().id },
    ]);
    expect(JSON.parse((await audit())[0]!.details!)).toEqual({
      before: { closes_at: null },
      after: { closes_at: clock.now().toISOString() },
    });
  });

  it('refuses a nameless round, bad dates and a closing before the opening with 400, writing nothing', async () => {
    const first = await firstRound();
    await change(first.id, { closes_at: clock.now().toISOString() });
    const before = await dumpDatabase(t.database);
    for (const payload of [
      { opens_at: inDays(1) },
      { name: '   ', opens_at: inDays(1) },
      { name: 'x'.repeat(101), opens_at: inDays(1) },
      { name: 'Bad date', opens_at: 'next monday' },
      { name: 'Backwards', opens_at: inDays(5), closes_at: inDays(4) },
      { name: 'Empty', opens_at: inDays(5), closes_at: inDays(5) },
    ]) {
      const answer = await open(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().code).toBe('VALIDATION_FAILED');
    }
    const backwards = await change(first.id, { opens_at: inDays(1) });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details).toEqual([{ path: 'closes_at', message: 'A round must close after it opens.' }]);
    expect((await change(999, { name: 'Nothing' })).statusCode).toBe(404);
    expect(describeDifference(before, await dumpDatabase(t.database))).toBe('');
  });

  it('renames, moves, closes and opens a round again, keeping every application it holds inside its dates', async () => {
    const first = await firstRound();
    const { cookie } = await signIn(t.app, 'jdoe');
    const sent = clock.now().toISOString();
    await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie },
      payload: { motivation: 'I want to build walking robots.' },
    });

    const leavesOut = await change(first.id, { closes_at: sent });
    expect(leavesOut.statusCode).toBe(409);
    expect(leavesOut.json().error).toBe(
      `This round holds applications sent from ${sent} to ${sent}: its dates must include them.`,
    );
    expect((await change(first.id, { opens_at: inDays(-1), closes_at: null })).statusCode).toBe(200);
    expect((await change(first.id, { opens_at: new Date(clock.now().getTime() + 1).toISOString() })).statusCode).toBe(
      409,
    );

    clock.advance(HOUR);
    const closed = await change(first.id, { name: 'Autumn 2026', closes_at: clock.now().toISOString() });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ name: 'Autumn 2026', is_open: false, applications: 1 });
    const next = await open({ name: 'Spring 2027', opens_at: inDays(1) });
    expect(next.statusCode).toBe(201);
    // Open again until closed: it would run into the next round.
    expect((await change(first.id, { closes_at: null })).statusCode).toBe(409);
    expect((await change(first.id, { closes_at: inDays(1) })).json()).toMatchObject({ is_open: true });
    // The same values again change nothing and write no audit entry.
    const entries = (await audit()).length;
    expect((await change(first.id, { name: 'Autumn 2026' })).statusCode).toBe(200);
    expect(await audit()).toHaveLength(entries);
  });
});
