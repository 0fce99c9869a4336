import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/errors';
import { insertSeatedTeam } from '#test/server/hackathon.fixtures';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';
import type { Locale } from '../../../contract/locales';
import { ARABIC_TEMPLATES } from '../mail/mail-defaults-ar';
import { FRENCH_TEMPLATES } from '../mail/mail-defaults-fr';
import { DEFAULT_TEMPLATES } from '../mail/mail-defaults';

const HOUR = 3_600_000;

type Who = { cookie: string; user: { id: number; intra_login: string } };

/**
 * The results of spec §14 (decision 0175): computed through the route against numbers worked out
 * by hand, published once every team with a project has two scores, then read by the team.
 */
describe('hackathon results', () => {
  let t: TestApp;
  let clock: ReturnType<typeof testClock>;
  let admin: Who;
  let event: { id: number; start_at: string; end_at: string };

  beforeEach(async () => {
    clock = testClock();
    t = await createTestApp({}, { clock });
    admin = (await signIn(t.app, 'admin')) as Who;
    const created = await call('POST', '/api/hackathon/events', admin.cookie, {
      name: 'Build Night',
      start_at: at(HOUR),
      end_at: at(25 * HOUR),
    });
    event = created.json();
  });
  afterEach(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
  const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
  const moveTo = (iso: string, ms = 0) => clock.advance(Date.parse(iso) + ms - clock.now().getTime());
  const userOf = async (login: string, patch: { role?: 'member'; locale?: Locale } = {}) => {
    const signedIn = (await signIn(t.app, login)) as Who;
    if (Object.keys(patch).length > 0) {
      await t.database.db.updateTable('users').set(patch).where('id', '=', signedIn.user.id).execute();
    }
    return signedIn;
  };
  const team = (name: string, people: Who[]) =>
    insertSeatedTeam(t.database.db, {
      eventId: event.id,
      name,
      userIds: people.map((person) => person.user.id),
      at: clock.now().toISOString(),
    });
  const marks = (idea: number, technical: number, demo: number, comment: string | null = null) => ({
    scores: { idea, technical, demo },
    comment,
  });
  const score = (teamId: number, who: Who, body: object) =>
    call('PUT', `/api/hackathon/teams/${teamId}/score`, who.cookie, body);
  const results = () => call('GET', `/api/hackathon/events/${event.id}/results`, admin.cookie);
  const publish = () => call('POST', `/api/hackathon/events/${event.id}/results/publish`, admin.cookie);

  it('ranks the teams with hand-computed scores, refuses to publish while a team with a project has < 2 scores, then publishes', async () => {
    const [jude, june] = [await userOf('jude', { role: 'member' }), await userOf('june', { role: 'member' })];
    expect(
      (
        await call('PUT', `/api/hackathon/events/${event.id}/judges`, admin.cookie, {
          user_ids: [jude.user.id, june.user.id],
        })
      ).statusCode,
    ).toBe(200);
    const ana = await userOf('ana', { locale: 'fr' });
    const bea = await userOf('bea', { locale: 'ar' });
    const cyd = await userOf('cyd', { locale: 'en' });
    const dan = await userOf('dan');
    const eve = await userOf('eve');
    const first = await team('Team 1', [ana, bea]);
    const second = await team('Team 2', [cyd]);
    const third = await team('Lone Wolves', [dan]);
    await team('Team 4', [eve]);
    const webhook = await call('POST', '/api/admin/webhooks', admin.cookie, {
      url: 'http://localhost:9/hook',
      events: ['hackathon.results'],
    });
    expect(webhook.statusCode).toBe(201);

    moveTo(event.start_at, HOUR);
    for (const [teamId, who] of [
      [first, ana],
      [second, cyd],
      [third, dan],
    ] as const) {
      const written = await call('PUT', `/api/hackathon/teams/${teamId}/project`, who.cookie, {
        title: 'A robot',
        description: '',
        links: [],
      });
      expect(written.statusCode).toBe(200);
    }
    expect((await publish()).statusCode).toBe(409);
    moveTo(event.end_at, HOUR);
    // Team 1: Jude (8 + 2×6 + 10)/40 = 0.75, June (7 + 2×9 + 6)/40 = 0.775: 0.7625 → 152.5 → 153 XP.
    expect((await score(first, jude, marks(8, 6, 10, 'Neat wiring.'))).statusCode).toBe(200);
    expect((await score(first, june, marks(7, 9, 6, 'Great demo.'))).statusCode).toBe(200);
    // Team 2: Jude 40/40 = 1, June 20/40 = 0.5: 0.75 → 150 XP.
    expect((await score(second, jude, marks(10, 10, 10))).statusCode).toBe(200);
    expect((await score(second, june, marks(5, 5, 5))).statusCode).toBe(200);
    // The lone wolves: Jude (2 + 2×4 + 6)/40 = 0.4 → 80 XP, and nobody else yet.
    expect((await score(third, jude, marks(2, 4, 6))).statusCode).toBe(200);

    const before = await results();
    expect(before.statusCode).toBe(200);
    const body = before.json();
    expect(body.published_at).toBeNull();
    expect(body.criteria.map((criterion: { key: string }) => criterion.key)).toEqual(['idea', 'technical', 'demo']);
    expect(body.teams.map((row: { id: number; rank: number; xp: number; judges: number }) => row)).toMatchObject([
      { rank: 1, id: first, name: 'Team 1', xp: 153, judges: 2, criteria: { idea: 7.5, technical: 7.5, demo: 8 } },
      { rank: 2, id: second, name: 'Team 2', xp: 150, judges: 2, criteria: { idea: 7.5, technical: 7.5, demo: 7.5 } },
      { rank: 3, id: third, name: 'Lone Wolves', xp: 80, judges: 1, criteria: { idea: 2, technical: 4, demo: 6 } },
    ]);
    expect(body.teams[0].score).toBeCloseTo(0.7625, 12);
    expect(body.teams[1].score).toBeCloseTo(0.75, 12);
    expect(body.teams[2].score).toBeCloseTo(0.4, 12);
    expect(body.teams[0].members).toEqual([
      { id: ana.user.id, intra_login: 'ana' },
      { id: bea.user.id, intra_login: 'bea' },
    ]);
    // Jude: (0.75 + 1 + 0.4)/3; June: (0.775 + 0.5)/2.
    expect(body.judges).toMatchObject([
      { id: jude.user.id, intra_login: 'jude', teams: 3 },
      { id: june.user.id, intra_login: 'june', teams: 2 },
    ]);
    expect(body.judges[0].mean).toBeCloseTo(2.15 / 3, 12);
    expect(body.judges[1].mean).toBeCloseTo(0.6375, 12);
    expect((await call('GET', '/api/hackathon/events/999999/results', admin.cookie)).statusCode).toBe(404);

    // A team with a project and one score: 409 naming it, and nothing changes.
    const refused = await publish();
    expect(refused.statusCode).toBe(409);
    const error = errorBodySchema.parse(refused.json());
    expect(error.code).toBe('CONFLICT');
    expect(error.error).toContain('Lone Wolves');
    expect(error.error).not.toContain('Team 1');
    expect(error.details?.map((detail) => detail.path)).toEqual([`teams.${third}`]);
    expect((await results()).json().published_at).toBeNull();
    const unpublished = (await call('GET', '/api/hackathon/me', ana.cookie)).json();
    expect(unpublished.team).toMatchObject({ id: first, hackathon_xp: null, results: null });

    expect((await score(third, june, marks(4, 4, 4, 'Keep going.'))).statusCode).toBe(200);
    const published = await publish();
    expect(published.statusCode).toBe(200);
    expect(published.json().published_at).toBe(clock.now().toISOString());
    expect(published.json().teams.map((row: { xp: number }) => row.xp)).toEqual([153, 150, 80]);
    expect((await publish()).statusCode).toBe(409);
    expect((await results()).json().published_at).toBe(clock.now().toISOString());

    // Every scored team's XP, through §6's path: audited as an XP award, in each member's points.
    const teams = (await call('GET', `/api/hackathon/teams?event_id=${event.id}`, admin.cookie)).json().data;
    expect(teams.map((row: { name: string; hackathon_xp: number | null }) => [row.name, row.hackathon_xp])).toEqual([
      ['Team 1', 153],
      ['Team 2', 150],
      ['Lone Wolves', 80],
      ['Team 4', null],
    ]);
    for (const [who, xp] of [
      [ana, 153],
      [bea, 153],
      [cyd, 150],
      [dan, 80],
      [eve, 0],
    ] as const) {
      expect((await call('GET', '/api/users/me', who.cookie)).json().experience_points, who.user.intra_login).toBe(xp);
    }
    const audit = await t.database.db.selectFrom('audit_logs').select(['action', 'entity_id']).orderBy('id').execute();
    expect(audit.filter((row) => row.action === 'team.xp_awarded').map((row) => row.entity_id)).toEqual([
      first,
      second,
      third,
    ]);
    expect(audit.filter((row) => row.action === 'hackathon.results_published')).toEqual([
      { action: 'hackathon.results_published', entity_id: event.id },
    ]);

    // One mail per member of a scored team, in their language.
    const mails = await t.database.db
      .selectFrom('mail_outbox')
      .select(['user_id', 'subject', 'text_body'])
      .where('kind', '=', 'hackathon_results')
      .orderBy('user_id')
      .execute();
    expect(mails.map((mail) => mail.user_id)).toEqual([ana.user.id, bea.user.id, cyd.user.id, dan.user.id]);
    expect(mails[0]!.subject).toBe('Vos résultats du hackathon : 76,3 %, 153 XP');
    expect(mails[1]!.subject).toContain(ARABIC_TEMPLATES.hackathon_results.subject.slice(0, 10));
    expect(mails[1]!.subject).toContain('153');
    expect(mails[2]!.subject).toBe('Your hackathon results: 75%, 150 XP');
    expect(mails[3]!.text_body).toContain('Lone Wolves');
    expect(FRENCH_TEMPLATES.hackathon_results.subject).not.toBe(DEFAULT_TEMPLATES.hackathon_results.subject);

    // The webhook event, queued for the webhook that asked for it.
    const deliveries = await t.database.db.selectFrom('webhook_deliveries').select(['event', 'body']).execute();
    expect(deliveries.map((delivery) => delivery.event)).toEqual(['hackathon.results']);
    expect(JSON.parse(deliveries[0]!.body).data).toMatchObject({
      event_id: event.id,
      event_name: 'Build Night',
      teams: [
        { team_id: first, xp: 153 },
        { team_id: second, xp: 150 },
        { team_id: third, xp: 80 },
      ],
    });

    // The team reads its results, the judges' comments without the judges.
    const mine = await call('GET', '/api/hackathon/me', bea.cookie);
    expect(mine.statusCode).toBe(200);
    const { results: seen } = mine.json().team;
    expect(seen).toMatchObject({
      xp: 153,
      criteria: [
        { key: 'idea', name: 'Idea', max: 10, mean: 7.5 },
        { key: 'technical', name: 'Technical work', max: 10, mean: 7.5 },
        { key: 'demo', name: 'Demo', max: 10, mean: 8 },
      ],
      comments: ['Neat wiring.', 'Great demo.'],
    });
    expect(seen.score).toBeCloseTo(0.7625, 12);
    const text = mine.body;
    for (const leak of ['jude', 'june', '"judge']) expect(text).not.toContain(leak);
    // Nothing else in the results: no id of any kind.
    expect(Object.keys(seen).sort()).toEqual(['comments', 'criteria', 'published_at', 'score', 'xp']);
    expect(Object.keys(seen.criteria[0]).sort()).toEqual(['key', 'max', 'mean', 'name']);
    // Team 4 was not scored: no results for it.
    expect((await call('GET', '/api/hackathon/me', eve.cookie)).json().team.results).toBeNull();

    // Scores are closed.
    const late = await score(first, jude, marks(1, 1, 1));
    expect(late.statusCode).toBe(409);
    expect(errorBodySchema.parse(late.json()).code).toBe('CONFLICT');
  });

  it('takes a reason to change a team’s XP once the results are published, and keeps it in the audit log', async () => {
    const [jude, june] = [await userOf('jude', { role: 'member' }), await userOf('june', { role: 'member' })];
    await call('PUT', `/api/hackathon/events/${event.id}/judges`, admin.cookie, {
      user_ids: [jude.user.id, june.user.id],
    });
    const ana = await userOf('ana');
    const teamId = await team('Team 1', [ana]);
    moveTo(event.end_at, HOUR);
    const setXp = (body: object) => call('PUT', `/api/hackathon/teams/${teamId}`, admin.cookie, body);
    // Before publication, as today: no reason needed.
    expect((await setXp({ hackathon_xp: 10 })).statusCode).toBe(200);

    await score(teamId, jude, marks(5, 5, 5));
    await score(teamId, june, marks(5, 5, 5));
    expect((await publish()).statusCode).toBe(200);
    expect((await call('GET', '/api/users/me', ana.cookie)).json().experience_points).toBe(100);

    for (const body of [
      { hackathon_xp: 120 },
      { hackathon_xp: 120, reason: '   ' },
      { hackathon_xp: 120, reason: 'x'.repeat(501) },
    ]) {
      const refused = await setXp(body);
      expect(refused.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(errorBodySchema.parse(refused.json()).error).toMatch(/reason|500/);
    }
    expect((await call('GET', '/api/users/me', ana.cookie)).json().experience_points).toBe(100);
    // A rename is not an XP change.
    expect((await setXp({ name: 'Renamed' })).statusCode).toBe(200);

    const changed = await setXp({ hackathon_xp: 120, reason: '  The demo video was found afterwards.  ' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().hackathon_xp).toBe(120);
    expect((await call('GET', '/api/users/me', ana.cookie)).json().experience_points).toBe(120);
    const entry = await t.database.db
      .selectFrom('audit_logs')
      .select('details')
      .where('action', '=', 'team.xp_awarded')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.details!)).toMatchObject({
      before: { hackathon_xp: 100 },
      after: { hackathon_xp: 120 },
      reason: 'The demo video was found afterwards.',
    });
  });
});
