import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/errors';
import { insertSeatedTeam } from '#test/server/hackathon.fixtures';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';
import type { Role } from '../../db/schema';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Who = { cookie: string; user: { id: number; intra_login: string } };

/**
 * Team projects, the rubric and the judges' scores (spec §14, decision 0171): the project window,
 * who writes, what a project may hold; the rubric and its lock; scores and the judging view.
 */
describe('team projects, rubric and scores', () => {
  let t: TestApp;
  let clock: ReturnType<typeof testClock>;
  let admin: Who;
  /** The event starts in an hour and lasts a day. */
  let event: { id: number; start_at: string; end_at: string };

  beforeEach(async () => {
    clock = testClock();
    t = await createTestApp({}, { clock });
    admin = (await signIn(t.app, 'admin')) as Who;
    event = await createEvent('Build Night');
  });
  afterEach(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
  const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
  async function createEvent(name: string) {
    const created = await call('POST', '/api/hackathon/events', admin.cookie, {
      name,
      start_at: at(HOUR),
      end_at: at(25 * HOUR),
    });
    expect(created.statusCode).toBe(201);
    return created.json() as { id: number; start_at: string; end_at: string };
  }
  /** Moves the clock to `ms` after the moment `iso`. */
  const moveTo = (iso: string, ms = 0) => clock.advance(Date.parse(iso) + ms - clock.now().getTime());
  const userOf = async (login: string, role: Role = 'student') => {
    const signedIn = await signIn(t.app, login);
    if (role !== 'student') {
      await t.database.db.updateTable('users').set({ role }).where('id', '=', signedIn.user.id).execute();
    }
    return signedIn as Who;
  };
  /** A team of the event seating these people, registered for it. */
  const team = (eventId: number, name: string, people: Who[]) =>
    insertSeatedTeam(t.database.db, {
      eventId,
      name,
      userIds: people.map((person) => person.user.id),
      at: clock.now().toISOString(),
    });
  const project = (overrides: object = {}) => ({
    title: 'Line follower',
    description: 'A robot that **follows** a line.\n\n<script>alert(1)</script>',
    links: ['https://github.com/club/line-follower'],
    ...overrides,
  });
  const putProject = (teamId: number, who: Who | undefined, body: object = project()) =>
    call('PUT', `/api/hackathon/teams/${teamId}/project`, who?.cookie, body);
  const auditCount = async (action: string) =>
    (await t.database.db.selectFrom('audit_logs').select('id').where('action', '=', action).execute()).length;

  describe('the project', () => {
    it('opens at the start, stays open through the grace period after the end, and locks after it (409)', async () => {
      const [ana, amir] = [await userOf('ana'), await userOf('amir')];
      const teamId = await team(event.id, 'Team 1', [ana, amir]);

      const early = await putProject(teamId, ana);
      expect(early.statusCode).toBe(409);
      expect(errorBodySchema.parse(early.json()).code).toBe('CONFLICT');
      const me = (await call('GET', '/api/hackathon/me', ana.cookie)).json();
      expect(me.project).toBeNull();
      expect(me.project_window).toEqual({
        opens_at: event.start_at,
        closes_at: new Date(Date.parse(event.end_at) + 15 * MINUTE).toISOString(),
      });

      moveTo(event.start_at);
      const written = await putProject(teamId, ana);
      expect(written.statusCode).toBe(200);
      expect(written.json()).toMatchObject({
        team_id: teamId,
        title: 'Line follower',
        links: ['https://github.com/club/line-follower'],
        updated_by: { id: ana.user.id, intra_login: 'ana' },
      });
      // Rendered as the app renders Markdown: raw HTML stays text.
      expect(written.json().description_html).toContain('<strong>follows</strong>');
      expect(written.json().description_html).not.toContain('<script>');

      moveTo(event.end_at, 15 * MINUTE);
      const inGrace = await putProject(teamId, amir, project({ title: 'Line follower, finished' }));
      expect(inGrace.statusCode).toBe(200);
      const seen = (await call('GET', '/api/hackathon/me', ana.cookie)).json().project;
      expect(seen).toMatchObject({ title: 'Line follower, finished', updated_by: { intra_login: 'amir' } });
      const row = await t.database.db.selectFrom('hackathon_team_projects').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ updated_by: amir.user.id, sole_author_id: null });

      clock.advance(1000);
      expect((await putProject(teamId, ana)).statusCode).toBe(409);
      expect(await auditCount('hackathon.project_saved')).toBe(2);

      // The board lengthens the grace period: the window follows the setting.
      const settings = await call('PUT', '/api/admin/settings', admin.cookie, {
        settings: { project_grace_minutes: 30 },
      });
      expect(settings.statusCode).toBe(200);
      expect((await putProject(teamId, ana)).statusCode).toBe(200);
    });

    it('is written by a member of the team only: 403 for anyone else, 401 signed out, 404 for no team', async () => {
      const ana = await userOf('ana');
      const bea = await userOf('bea');
      const sam = await userOf('sam');
      const teamId = await team(event.id, 'Team 1', [ana]);
      await team(event.id, 'Team 2', [bea]);
      moveTo(event.start_at, HOUR);
      for (const who of [bea, sam, admin]) expect((await putProject(teamId, who)).statusCode).toBe(403);
      expect((await putProject(teamId, undefined)).statusCode).toBe(401);
      expect((await putProject(999_999, ana)).statusCode).toBe(404);
      expect(await t.database.db.selectFrom('hackathon_team_projects').selectAll().execute()).toHaveLength(0);
      expect((await putProject(teamId, ana)).statusCode).toBe(200);
    });

    it('refuses a title over 120, a description over 4,000, an http link or six links (400), and takes the longest', async () => {
      const ana = await userOf('ana');
      const teamId = await team(event.id, 'Team 1', [ana]);
      moveTo(event.start_at, HOUR);
      const link = (n: number) => `https://example.org/${n}`;
      for (const [body, path] of [
        [project({ title: 'x'.repeat(121) }), 'title'],
        [project({ title: '   ' }), 'title'],
        [project({ description: 'x'.repeat(4001) }), 'description'],
        [project({ links: ['http://example.org'] }), 'links.0'],
        [project({ links: ['javascript:alert(1)'] }), 'links.0'],
        [project({ links: [1, 2, 3, 4, 5, 6].map(link) }), 'links'],
      ] as const) {
        const refused = await putProject(teamId, ana, body);
        expect(refused.statusCode, path).toBe(400);
        expect(errorBodySchema.parse(refused.json()).details?.[0]?.path, path).toBe(path);
      }
      const longest = project({
        title: 'x'.repeat(120),
        description: 'y'.repeat(4000),
        links: [1, 2, 3, 4, 5].map(link),
      });
      expect((await putProject(teamId, ana, longest)).statusCode).toBe(200);
    });
  });

  describe('the rubric and the scores', () => {
    const criteria = [
      { key: 'idea', name: 'Idée', weight: 1, max: 5 },
      { key: 'build_quality', name: 'Réalisation', weight: 3, max: 20 },
    ];
    const putRubric = (eventId: number, body: object, cookie = admin.cookie) =>
      call('PUT', `/api/hackathon/events/${eventId}/rubric`, cookie, body);
    const score = (teamId: number, who: Who, body: object) =>
      call('PUT', `/api/hackathon/teams/${teamId}/score`, who.cookie, body);
    const judging = (eventId: number, who: Who) => call('GET', `/api/hackathon/events/${eventId}/judging`, who.cookie);
    const setJudges = (eventId: number, judges: Who[]) =>
      call('PUT', `/api/hackathon/events/${eventId}/judges`, admin.cookie, { user_ids: judges.map((j) => j.user.id) });

    it('answers the default rubric, validates a new one, and locks it after the first score (409)', async () => {
      const judge = await userOf('jude', 'member');
      const other = await userOf('otto', 'board');
      const otherEvent = await createEvent('Other night');
      await setJudges(event.id, [judge]);
      await setJudges(otherEvent.id, [other]);
      const rubricOf = (who: Who) => call('GET', `/api/hackathon/events/${event.id}/rubric`, who.cookie);
      expect((await rubricOf(admin)).json()).toEqual({
        criteria: [
          { key: 'idea', name: 'Idea', weight: 1, max: 10 },
          { key: 'technical', name: 'Technical work', weight: 2, max: 10 },
          { key: 'demo', name: 'Demo', weight: 1, max: 10 },
        ],
        is_default: true,
        locked: false,
      });
      expect((await rubricOf(judge)).statusCode).toBe(200);
      expect((await rubricOf(other)).statusCode).toBe(403);
      expect((await putRubric(event.id, { criteria }, judge.cookie)).statusCode).toBe(403);
      expect((await putRubric(999_999, { criteria })).statusCode).toBe(404);

      const nine = Array.from({ length: 9 }, (_, i) => ({ key: `c${i}`, name: `C${i}`, weight: 1, max: 10 }));
      for (const body of [
        { criteria: [] },
        { criteria: nine },
        { criteria: [criteria[0], criteria[0]] },
        { criteria: [{ ...criteria[0], key: 'Idea' }] },
        { criteria: [{ ...criteria[0], key: '1idea' }] },
        { criteria: [{ ...criteria[0], weight: 0 }] },
        { criteria: [{ ...criteria[0], weight: 11 }] },
        { criteria: [{ ...criteria[0], max: 101 }] },
        { criteria: [{ ...criteria[0], max: 2.5 }] },
        { criteria: [{ ...criteria[0], name: '' }] },
      ]) {
        expect((await putRubric(event.id, body)).statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      }
      // A weight or a maximum out of range is said in the reader's words, under its field.
      const refused = await call('PUT', `/api/hackathon/events/${event.id}/rubric`, admin.cookie, {
        criteria: [{ ...criteria[0], weight: 11, max: 2.5 }],
      });
      expect(errorBodySchema.parse(refused.json()).details).toEqual([
        { path: 'criteria.0.weight', message: 'A weight is a whole number from 1 to 10.' },
        { path: 'criteria.0.max', message: 'A maximum is a whole number from 1 to 100.' },
      ]);
      const set = await putRubric(event.id, { criteria });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toEqual({ criteria, is_default: false, locked: false });
      expect(await auditCount('hackathon.rubric_set')).toBe(1);

      const ana = await userOf('ana');
      const teamId = await team(event.id, 'Team 1', [ana]);
      moveTo(event.end_at);
      expect((await score(teamId, judge, { scores: { idea: 3, build_quality: 12 }, comment: null })).statusCode).toBe(
        200,
      );
      const locked = await putRubric(event.id, { criteria: [criteria[0]] });
      expect(locked.statusCode).toBe(409);
      expect(errorBodySchema.parse(locked.json()).code).toBe('CONFLICT');
      expect((await rubricOf(judge)).json()).toEqual({ criteria, is_default: false, locked: true });
    });

    it('takes a score from a judge of the event after the end: every criterion, no other key, within the max', async () => {
      const judge = await userOf('jude', 'member');
      const other = await userOf('otto', 'board');
      const otherEvent = await createEvent('Other night');
      await setJudges(event.id, [judge]);
      await setJudges(otherEvent.id, [other]);
      const ana = await userOf('ana');
      const teamId = await team(event.id, 'Team 1', [ana]);
      const good = { scores: { idea: 7, technical: 10, demo: 0 }, comment: '  Clean wiring.  ' };

      moveTo(event.end_at, -1000);
      expect((await score(teamId, judge, good)).statusCode).toBe(409);
      moveTo(event.end_at);
      expect((await score(teamId, other, good)).statusCode).toBe(403);
      expect((await score(teamId, admin, good)).statusCode).toBe(403);
      expect((await score(teamId, ana, good)).statusCode).toBe(403);
      expect((await score(999_999, judge, good)).statusCode).toBe(404);

      for (const [scores, path] of [
        [{ idea: 7, technical: 10 }, 'scores.demo'],
        [{ idea: 7, technical: 10, demo: 1, style: 3 }, 'scores.style'],
        [{ idea: 11, technical: 10, demo: 1 }, 'scores.idea'],
        [{ idea: -1, technical: 10, demo: 1 }, 'scores.idea'],
        [{ idea: 7.5, technical: 10, demo: 1 }, 'scores.idea'],
      ] as const) {
        const refused = await score(teamId, judge, { scores, comment: null });
        expect(refused.statusCode, path).toBe(400);
        expect(
          errorBodySchema.parse(refused.json()).details?.map((detail) => detail.path),
          path,
        ).toContain(path);
      }
      const tooLong = await score(teamId, judge, { ...good, comment: 'x'.repeat(2001) });
      expect(tooLong.statusCode).toBe(400);
      expect(await t.database.db.selectFrom('hackathon_scores').selectAll().execute()).toHaveLength(0);

      const first = await score(teamId, judge, good);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ team_id: teamId, scores: good.scores, comment: 'Clean wiring.' });
      const again = await score(teamId, judge, { scores: { idea: 8, technical: 9, demo: 2 }, comment: '' });
      expect(again.statusCode).toBe(200);
      const rows = await t.database.db.selectFrom('hackathon_scores').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ judge_id: judge.user.id, comment: null });
      expect(JSON.parse(rows[0]!.scores)).toEqual({ idea: 8, technical: 9, demo: 2 });
      expect(await auditCount('hackathon.scored')).toBe(2);
      // The default rubric the scores were given against is now the event's own.
      const rubric = (await call('GET', `/api/hackathon/events/${event.id}/rubric`, admin.cookie)).json();
      expect(rubric).toMatchObject({ is_default: false, locked: true });

      // The database keeps one score per judge and team, whatever the app does.
      await expect(
        t.database.db
          .insertInto('hackathon_scores')
          .values({
            team_id: teamId,
            judge_id: judge.user.id,
            scores: '{}',
            comment: null,
            created_at: at(0),
            updated_at: at(0),
          })
          .execute(),
      ).rejects.toThrow();

      await t.database.db
        .updateTable('hackathon_events')
        .set({ results_published_at: at(0) })
        .where('id', '=', event.id)
        .execute();
      expect((await score(teamId, judge, good)).statusCode).toBe(409);
    });

    it("shows a judge the others' scores only once they have scored every team with a project; an admin always", async () => {
      const [jude, june] = [await userOf('jude', 'member'), await userOf('june', 'board')];
      await setJudges(event.id, [jude, june]);
      const people = await Promise.all(['ana', 'bea', 'cyd'].map((login) => userOf(login)));
      const teams = [
        await team(event.id, 'Team 1', [people[0]!]),
        await team(event.id, 'Team 2', [people[1]!]),
        await team(event.id, 'Team 3', [people[2]!]),
      ];
      moveTo(event.start_at, HOUR);
      expect((await putProject(teams[0]!, people[0])).statusCode).toBe(200);
      expect((await putProject(teams[1]!, people[1], project({ title: 'Arm' }))).statusCode).toBe(200);
      moveTo(event.end_at, HOUR);
      const marks = (n: number) => ({ scores: { idea: n, technical: n, demo: n }, comment: `Worth ${n}` });

      expect((await score(teams[0]!, june, marks(5))).statusCode).toBe(200);
      expect((await score(teams[0]!, jude, marks(6))).statusCode).toBe(200);
      let view = (await judging(event.id, jude)).json();
      expect(view.teams.map((row: { id: number }) => row.id)).toEqual(teams);
      expect(view.teams[0]).toMatchObject({
        name: 'Team 1',
        project: { title: 'Line follower' },
        members: [{ user_id: people[0]!.user.id, intra_login: 'ana' }],
        my_score: { scores: marks(6).scores, comment: 'Worth 6' },
        other_scores: null,
      });
      expect(view.teams[2].project).toBeNull();
      expect(view.progress).toEqual({ scored: 1, with_project: 2 });
      expect(view.others_visible).toBe(false);
      expect(JSON.stringify(view)).not.toContain('Worth 5');

      // The team without a project is not needed; the one with a project is.
      expect((await score(teams[1]!, jude, marks(4))).statusCode).toBe(200);
      view = (await judging(event.id, jude)).json();
      expect(view.progress).toEqual({ scored: 2, with_project: 2 });
      expect(view.others_visible).toBe(true);
      expect(view.teams[0].other_scores).toMatchObject([
        { judge: { id: june.user.id, intra_login: 'june' }, scores: marks(5).scores, comment: 'Worth 5' },
      ]);
      // June has scored one of two: still blind to Jude's.
      const hers = (await judging(event.id, june)).json();
      expect(hers.others_visible).toBe(false);
      expect(JSON.stringify(hers)).not.toContain('Worth 6');

      const board = (await judging(event.id, admin)).json();
      expect(board.others_visible).toBe(true);
      expect(board.teams[0].my_score).toBeNull();
      expect(board.teams[0].other_scores).toHaveLength(2);

      const stranger = await userOf('otto', 'member');
      const otherEvent = await createEvent('Other night');
      await setJudges(otherEvent.id, [stranger]);
      expect((await judging(event.id, stranger)).statusCode).toBe(403);
      expect((await judging(999_999, admin)).statusCode).toBe(404);
    });

    it("puts the team's project and scores in a member's copy without the judges, and keeps a judge's scores when they are erased", async () => {
      const jude = await userOf('jude', 'member');
      await setJudges(event.id, [jude]);
      const [ana, bea, cyd] = [await userOf('ana'), await userOf('bea'), await userOf('cyd')];
      const soloTeam = await team(event.id, 'Team 1', [ana]);
      const sharedTeam = await team(event.id, 'Team 2', [bea, cyd]);
      moveTo(event.start_at, HOUR);
      expect((await putProject(soloTeam, ana)).statusCode).toBe(200);
      expect((await putProject(sharedTeam, bea, project({ title: 'Shared arm' }))).statusCode).toBe(200);
      moveTo(event.end_at);
      const marks = { scores: { idea: 4, technical: 5, demo: 6 }, comment: 'Good demo.' };
      expect((await score(soloTeam, jude, marks)).statusCode).toBe(200);
      moveTo(event.end_at, 10 * MINUTE);

      const copy = await call('GET', '/api/users/me/export', ana.cookie);
      expect(copy.statusCode).toBe(200);
      const data = copy.json();
      expect(data.hackathons[0].team).toMatchObject({
        name: 'Team 1',
        project: { title: 'Line follower', links: ['https://github.com/club/line-follower'] },
        scores: [{ scores: marks.scores, comment: 'Good demo.' }],
      });
      expect(JSON.stringify(data)).not.toContain('jude');
      expect(JSON.stringify(data)).not.toContain(`"judge_id"`);
      // Taken off the judges' list, Jude still finds the scores they gave in their copy.
      expect((await setJudges(event.id, [])).statusCode).toBe(200);
      const judgeCopy = (await call('GET', '/api/users/me/export', jude.cookie)).json();
      expect(judgeCopy.judging[0].scores_given).toMatchObject([{ team: 'Team 1', ...marks }]);

      // Ana wrote her team's project alone: it goes with her account. Bea's was edited by Cyd too: it stays.
      expect((await putProject(sharedTeam, cyd, project({ title: 'Shared arm, v2' }))).statusCode).toBe(200);
      const erase = (who: Who) => call('DELETE', '/api/users/me', who.cookie, { confirm: who.user.intra_login });
      expect((await erase(ana)).statusCode).toBe(204);
      expect((await erase(bea)).statusCode).toBe(204);
      const projects = await t.database.db.selectFrom('hackathon_team_projects').select(['team_id', 'title']).execute();
      expect(projects).toEqual([{ team_id: sharedTeam, title: 'Shared arm, v2' }]);

      // A judge's scores are the club's decision: they stay, under "deleted user".
      expect((await erase(jude)).statusCode).toBe(204);
      const kept = await t.database.db.selectFrom('hackathon_scores').selectAll().execute();
      expect(kept).toMatchObject([{ team_id: soloTeam, judge_id: jude.user.id, comment: 'Good demo.' }]);
      const board = (await judging(event.id, admin)).json();
      expect(board.teams[0].other_scores).toMatchObject([{ judge: { intra_login: `deleted-${jude.user.id}` } }]);
    });
  });
});
