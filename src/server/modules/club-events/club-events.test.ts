import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectGuarded } from '#test/server/guards';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

describe('club events', () => {
  let t: TestApp;
  let admin: string;
  let clock: ReturnType<typeof testClock>;

  beforeEach(async () => {
    clock = testClock();
    t = await createTestApp({}, { clock });
    admin = (await signIn(t.app, 'admin')).cookie;
  });
  afterEach(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
  const at = (hoursFromNow: number) => new Date(clock.now().getTime() + hoursFromNow * HOUR).toISOString();
  const create = async (fields: object) => {
    const answer = await call('POST', '/api/admin/events', admin, { title: 'Soldering night', ...fields });
    expect(answer.statusCode).toBe(201);
    return answer.json() as { id: number; title: string; starts_at: string; ends_at: string | null };
  };
  const rowCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('club_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const auditEntries = (action: string) =>
    t.database.db.selectFrom('audit_logs').selectAll().where('action', '=', action).orderBy('id').execute();
  const publicTitles = async (query = '') =>
    ((await call('GET', `/api/events${query}`)).json().data as { title: string }[]).map((event) => event.title);

  describe('creating', () => {
    it('answers 201 with the event: trimmed text, empty optional fields as null, times in UTC', async () => {
      const answer = await call('POST', '/api/admin/events', admin, {
        title: '  Line follower workshop  ',
        description: '',
        location: ' Lab 2 ',
        starts_at: '2026-12-01T18:00:00+01:00',
      });
      expect(answer.statusCode).toBe(201);
      expect(answer.json()).toEqual({
        id: expect.any(Number),
        title: 'Line follower workshop',
        description: null,
        location: 'Lab 2',
        starts_at: '2026-12-01T17:00:00.000Z',
        ends_at: null,
        created_at: clock.now().toISOString(),
        updated_at: clock.now().toISOString(),
      });
    });

    it('writes one club_event.created audit entry with what was created', async () => {
      const event = await create({ starts_at: at(24), ends_at: at(27), location: 'Lab' });
      const [entry, ...more] = await auditEntries('club_event.created');
      expect(more).toEqual([]);
      expect(entry).toMatchObject({ entity_type: 'club_event', entity_id: event.id, user_name: 'admin' });
      expect(JSON.parse(entry!.details!)).toEqual({
        after: { title: 'Soldering night', description: null, location: 'Lab', starts_at: at(24), ends_at: at(27) },
      });
    });

    it('accepts an end equal to the start', async () => {
      const event = await create({ starts_at: at(5), ends_at: at(5) });
      expect(event.ends_at).toBe(event.starts_at);
    });

    it('refuses a missing title, a missing or malformed start and an end before the start with 400, changing nothing', async () => {
      const cases: [object, string][] = [
        [{ starts_at: at(1) }, 'title'],
        [{ title: '   ', starts_at: at(1) }, 'title'],
        [{ title: 'x'.repeat(121), starts_at: at(1) }, 'title'],
        [{ title: 'Talk' }, 'starts_at'],
        [{ title: 'Talk', starts_at: 'next friday' }, 'starts_at'],
        [{ title: 'Talk', starts_at: '2026-12-01T18:00:00' }, 'starts_at'],
        [{ title: 'Talk', starts_at: at(2), ends_at: 'later' }, 'ends_at'],
        [{ title: 'Talk', starts_at: at(2), ends_at: at(1) }, 'ends_at'],
        [{ title: 'Talk', starts_at: at(2), location: 'x'.repeat(201) }, 'location'],
      ];
      for (const [payload, path] of cases) {
        const answer = await call('POST', '/api/admin/events', admin, payload);
        expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
        expect(answer.json().code).toBe('VALIDATION_FAILED');
        expect(answer.json().details.map((detail: { path: string }) => detail.path)).toContain(path);
      }
      expect(await rowCount()).toBe(0);
      expect(await auditEntries('club_event.created')).toEqual([]);
    });

    it('says the end cannot be before the start', async () => {
      const answer = await call('POST', '/api/admin/events', admin, {
        title: 'Talk',
        starts_at: at(2),
        ends_at: at(1),
      });
      expect(answer.json()).toMatchObject({
        error: 'ends_at: The end cannot be before the start.',
        details: [{ path: 'ends_at', message: 'The end cannot be before the start.' }],
      });
    });
  });

  describe('changing', () => {
    it('changes only the fields sent and answers the event as it now is', async () => {
      const event = await create({
        description: 'Bring a laptop',
        location: 'Lab',
        starts_at: at(24),
        ends_at: at(26),
      });
      const { starts_at, ends_at } = event;
      clock.advance(1000);
      const answer = await call('PUT', `/api/admin/events/${event.id}`, admin, { title: 'Soldering marathon' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        id: event.id,
        title: 'Soldering marathon',
        description: 'Bring a laptop',
        location: 'Lab',
        starts_at,
        ends_at,
        updated_at: clock.now().toISOString(),
      });
    });

    it('removes the end with ends_at null and the description with an empty string', async () => {
      const event = await create({ description: 'Bring a laptop', starts_at: at(24), ends_at: at(26) });
      const answer = await call('PUT', `/api/admin/events/${event.id}`, admin, { ends_at: null, description: '' });
      expect(answer.json()).toMatchObject({ ends_at: null, description: null, starts_at: at(24) });
    });

    it('writes one club_event.updated audit entry with the changed fields before and after', async () => {
      const event = await create({ location: 'Lab', starts_at: at(24), ends_at: at(26) });
      await call('PUT', `/api/admin/events/${event.id}`, admin, { location: 'Hall', title: 'Soldering night' });
      const entries = await auditEntries('club_event.updated');
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ entity_type: 'club_event', entity_id: event.id, user_name: 'admin' });
      expect(JSON.parse(entries[0]!.details!)).toEqual({ before: { location: 'Lab' }, after: { location: 'Hall' } });
    });

    it('writes nothing when every field sent already has its value', async () => {
      const event = await create({ starts_at: at(24) });
      const answer = await call('PUT', `/api/admin/events/${event.id}`, admin, { title: 'Soldering night' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().updated_at).toBe(answer.json().created_at);
      expect(await auditEntries('club_event.updated')).toEqual([]);
    });

    it('refuses an end before the start, judged against the stored values, and changes nothing', async () => {
      const event = await create({ starts_at: at(24), ends_at: at(26) });
      for (const payload of [
        { ends_at: at(23) },
        { starts_at: at(27) },
        { starts_at: at(30), ends_at: at(29) },
        { title: '' },
        { starts_at: null },
      ]) {
        const answer = await call('PUT', `/api/admin/events/${event.id}`, admin, payload);
        expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const stored = await t.database.db
        .selectFrom('club_events')
        .selectAll()
        .where('id', '=', event.id)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ title: 'Soldering night', starts_at: at(24), ends_at: at(26) });
      expect(await auditEntries('club_event.updated')).toEqual([]);
    });

    it('answers 404 for an unknown id and 400 for an id that is not a number', async () => {
      const unknown = await call('PUT', '/api/admin/events/999', admin, { title: 'Ghost' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('NOT_FOUND');
      expect((await call('PUT', '/api/admin/events/abc', admin, { title: 'Ghost' })).statusCode).toBe(400);
    });
  });

  describe('deleting', () => {
    it('answers 204, removes the event and writes a club_event.deleted entry with what it was', async () => {
      const event = await create({ starts_at: at(24) });
      const answer = await call('DELETE', `/api/admin/events/${event.id}`, admin);
      expect(answer.statusCode).toBe(204);
      expect(answer.body).toBe('');
      expect(await rowCount()).toBe(0);
      const [entry] = await auditEntries('club_event.deleted');
      expect(entry).toMatchObject({ entity_type: 'club_event', entity_id: event.id, user_name: 'admin' });
      expect(JSON.parse(entry!.details!).before).toMatchObject({ id: event.id, title: 'Soldering night' });
    });

    it('answers 404 for an unknown id or one already deleted, without an audit entry', async () => {
      const event = await create({ starts_at: at(24) });
      await call('DELETE', `/api/admin/events/${event.id}`, admin);
      expect((await call('DELETE', `/api/admin/events/${event.id}`, admin)).statusCode).toBe(404);
      expect((await call('DELETE', '/api/admin/events/424242', admin)).statusCode).toBe(404);
      expect(await auditEntries('club_event.deleted')).toHaveLength(1);
    });
  });

  describe('the admin list', () => {
    it('lists every event, past ones too, latest start first, paged with a total', async () => {
      await create({ title: 'Past', starts_at: at(-48), ends_at: at(-46) });
      await create({ title: 'Soon', starts_at: at(2) });
      await create({ title: 'Later', starts_at: at(72) });
      const all = (await call('GET', '/api/admin/events', admin)).json();
      expect(all.total).toBe(3);
      expect(all.data.map((event: { title: string }) => event.title)).toEqual(['Later', 'Soon', 'Past']);
      const page = (await call('GET', '/api/admin/events?limit=1&offset=1', admin)).json();
      expect(page).toMatchObject({ total: 3, data: [{ title: 'Soon' }] });
    });

    it('refuses a limit above 100', async () => {
      expect((await call('GET', '/api/admin/events?limit=101', admin)).statusCode).toBe(400);
    });
  });

  describe('the public list', () => {
    it('shows only events not yet over, soonest first, to anyone', async () => {
      await create({ title: 'Ended yesterday', starts_at: at(-30), ends_at: at(-24) });
      await create({ title: 'Later', starts_at: at(72), ends_at: at(74) });
      await create({ title: 'Running now', starts_at: at(-1), ends_at: at(1) });
      await create({ title: 'Started, no end', starts_at: at(-1) });
      await create({ title: 'Tomorrow, no end', starts_at: at(24) });
      const answer = await call('GET', '/api/events');
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.json().total).toBe(3);
      expect(await publicTitles()).toEqual(['Running now', 'Tomorrow, no end', 'Later']);
    });

    it('drops an event once its end passes, or its start when it has no end', async () => {
      await create({ title: 'Two hours', starts_at: at(1), ends_at: at(3) });
      await create({ title: 'No end', starts_at: at(2) });
      clock.advance(2 * HOUR);
      expect(await publicTitles()).toEqual(['Two hours']);
      clock.advance(HOUR);
      expect(await publicTitles()).toEqual([]);
    });

    it('pages with limit and offset and gives the total', async () => {
      for (const day of [1, 2, 3]) await create({ title: `Day ${day}`, starts_at: at(day * 24) });
      const page = (await call('GET', '/api/events?limit=2&offset=1')).json();
      expect(page.total).toBe(3);
      expect(page.data.map((event: { title: string }) => event.title)).toEqual(['Day 2', 'Day 3']);
      expect((await call('GET', '/api/events?offset=-1')).statusCode).toBe(400);
    });

    it('answers an empty list when nothing is coming', async () => {
      await create({ title: 'Past', starts_at: new Date(clock.now().getTime() - 3 * DAY).toISOString() });
      expect((await call('GET', '/api/events')).json()).toEqual({ data: [], total: 0 });
    });

    it('answers signed-in and banned callers alike: it is public', async () => {
      await create({ title: 'Open day', starts_at: at(24) });
      const member = await signIn(t.app, 'jdoe');
      const banned = await signIn(t.app, 'bad');
      await t.database.db.updateTable('users').set({ is_banned: true }).where('id', '=', banned.user.id).execute();
      for (const cookie of [member.cookie, banned.cookie]) {
        const answer = await call('GET', '/api/events', cookie);
        expect(answer.statusCode).toBe(200);
        expect(answer.json().total).toBe(1);
      }
    });
  });

  it('guards the admin routes: 401 anonymous, 403 applicants, 403 BANNED, before validation', async () => {
    const event = await create({ starts_at: at(24) });
    const applicant = await signIn(t.app, 'jdoe');
    const banned = await signIn(t.app, 'bad');
    await t.database.db.updateTable('users').set({ is_banned: true }).where('id', '=', banned.user.id).execute();
    await expectGuarded(
      t.app,
      [
        ['GET', '/api/admin/events'],
        ['POST', '/api/admin/events'],
        ['PUT', `/api/admin/events/${event.id}`],
        ['DELETE', `/api/admin/events/${event.id}`],
      ],
      { applicant: applicant.cookie, banned: banned.cookie },
    );
    expect(await rowCount()).toBe(1);
  });
});
