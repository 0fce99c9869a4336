import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectGuarded } from '#test/server/guards';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';

const DAY = 24 * 60 * 60 * 1000;

describe('projects', () => {
  let t: TestApp;
  let admin: { cookie: string; user: { id: number } };
  let clock: ReturnType<typeof testClock>;

  beforeEach(async () => {
    clock = testClock();
    t = await createTestApp({}, { clock });
    admin = await signIn(t.app, 'admin');
  });
  afterEach(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });

  /** A signed-in club member: the admin gives them the role, as the board's final approval does. */
  async function member(login: string, role: 'member' | 'board' = 'member') {
    const signedIn = await signIn(t.app, login);
    const answer = await call('PUT', `/api/admin/members/${signedIn.user.id}/role`, admin.cookie, { role });
    expect(answer.statusCode).toBe(200);
    return signedIn;
  }

  const inDays = (days: number) => new Date(clock.now().getTime() + days * DAY).toISOString();
  const propose = (cookie: string, payload: object) => call('POST', '/api/projects', cookie, payload);
  const validate = (id: number, payload: object, cookie = admin.cookie) =>
    call('PUT', `/api/admin/projects/${id}/validate`, cookie, payload);
  const projectRows = () => t.database.db.selectFrom('projects').selectAll().orderBy('id').execute();
  const auditOf = (action: string) =>
    t.database.db.selectFrom('audit_logs').selectAll().where('action', '=', action).orderBy('id').execute();

  it('lets a member propose a project: 201, pending, with its owner and one audit entry', async () => {
    const { cookie, user } = await member('alice');
    const deadline = inDays(30);
    const answer = await propose(cookie, { title: '  Line follower  ', description: 'A robot on a line.', deadline });
    expect(answer.statusCode).toBe(201);
    const project = answer.json();
    expect(project).toMatchObject({
      owner_id: user.id,
      owner: { id: user.id, intra_login: 'alice' },
      title: 'Line follower',
      description: 'A robot on a line.',
      deadline,
      status: 'pending',
      validation_notes: null,
      validated_at: null,
      validated_by: null,
      validator: null,
      created_at: clock.now().toISOString(),
    });
    expect(project.id).toEqual(expect.any(Number));
    const [entry] = await auditOf('project.proposed');
    expect(entry).toMatchObject({
      entity_type: 'project',
      entity_id: project.id,
      user_id: user.id,
      user_name: 'alice',
    });
    expect(JSON.parse(entry!.details!)).toEqual({
      before: null,
      after: { title: 'Line follower', description: 'A robot on a line.', deadline, status: 'pending' },
    });
  });

  it('lets a board member propose too, without a deadline, and stores an offset deadline in UTC', async () => {
    const { cookie } = await member('bea', 'board');
    const noDeadline = await propose(cookie, { title: 'Workshop', description: 'Soldering basics.' });
    expect(noDeadline.statusCode).toBe(201);
    expect(noDeadline.json().deadline).toBeNull();
    const withOffset = await propose(cookie, {
      title: 'Arm',
      description: 'A robotic arm.',
      deadline: '2030-01-01T10:00:00+02:00',
    });
    expect(withOffset.json().deadline).toBe('2030-01-01T08:00:00.000Z');
    expect((await projectRows()).map((row) => row.deadline)).toEqual([null, '2030-01-01T08:00:00.000Z']);
  });

  it('refuses invalid proposals with 400 and the field, writing no project and no audit entry', async () => {
    const { cookie } = await member('alice');
    const cases: [object, string][] = [
      [{ description: 'No title.' }, 'title'],
      [{ title: '   ', description: 'Blank title.' }, 'title'],
      [{ title: 'x'.repeat(201), description: 'Long title.' }, 'title'],
      [{ title: 'No description' }, 'description'],
      [{ title: 'Long', description: 'x'.repeat(5001) }, 'description'],
      [{ title: 'Bad date', description: 'd', deadline: 'next week' }, 'deadline'],
      [{ title: 'No offset', description: 'd', deadline: '2030-01-01T10:00:00' }, 'deadline'],
      [{ title: 'Past', description: 'd', deadline: inDays(-1) }, 'deadline'],
      [{ title: 'Now', description: 'd', deadline: clock.now().toISOString() }, 'deadline'],
    ];
    for (const [payload, path] of cases) {
      const answer = await propose(cookie, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().code).toBe('VALIDATION_FAILED');
      expect(answer.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect(await projectRows()).toEqual([]);
    expect(await auditOf('project.proposed')).toEqual([]);
  });

  it('refuses candidates (role student) with 403 before reading the body, admins included', async () => {
    const student = await signIn(t.app, 'jdoe');
    for (const cookie of [student.cookie, admin.cookie]) {
      const answer = await propose(cookie, { title: 'Mine', description: 'Please.' });
      expect(answer.statusCode).toBe(403);
      expect(answer.json().code).toBe('FORBIDDEN');
      expect((await propose(cookie, { nonsense: true })).statusCode).toBe(403);
      expect((await call('GET', '/api/projects/me', cookie)).statusCode).toBe(403);
    }
    expect(await projectRows()).toEqual([]);
  });

  it('lists only the member’s own projects, newest first, paged', async () => {
    const alice = await member('alice');
    const bob = await member('bob');
    for (const title of ['One', 'Two', 'Three']) await propose(alice.cookie, { title, description: 'Alice’s.' });
    await propose(bob.cookie, { title: 'Bob’s', description: 'Not Alice’s.' });
    const mine = (await call('GET', '/api/projects/me', alice.cookie)).json();
    expect(mine.total).toBe(3);
    expect(mine.data.map((p: { title: string }) => p.title)).toEqual(['Three', 'Two', 'One']);
    const page = (await call('GET', '/api/projects/me?limit=1&offset=1', alice.cookie)).json();
    expect(page).toMatchObject({ total: 3, data: [{ title: 'Two' }] });
    expect((await call('GET', '/api/projects/me?limit=0', alice.cookie)).statusCode).toBe(400);
  });

  it('lists every project for admins with status, owner and login filters, paging and the owner', async () => {
    const alice = await member('alice');
    const bob = await member('bob-smith');
    const a1 = (await propose(alice.cookie, { title: 'A1', description: 'd' })).json();
    const a2 = (await propose(alice.cookie, { title: 'A2', description: 'd' })).json();
    const b1 = (await propose(bob.cookie, { title: 'B1', description: 'd' })).json();
    await validate(a1.id, { status: 'approved' });
    await validate(b1.id, { status: 'rejected', validation_notes: 'Too big.' });
    const list = async (query = '') => {
      const answer = await call('GET', `/api/admin/projects${query}`, admin.cookie);
      expect(answer.statusCode).toBe(200);
      return answer.json() as { data: { id: number; title: string; owner: object }[]; total: number };
    };
    const titles = async (query = '') => (await list(query)).data.map((p) => p.title);

    const all = await list();
    expect(all.total).toBe(3);
    expect(all.data.map((p) => p.title)).toEqual(['B1', 'A2', 'A1']);
    expect(all.data[0]!.owner).toEqual({ id: bob.user.id, intra_login: 'bob-smith', image_url: expect.anything() });
    expect(await titles('?status=pending')).toEqual(['A2']);
    expect(await titles('?status=approved')).toEqual(['A1']);
    expect(await titles('?status=rejected')).toEqual(['B1']);
    expect(await titles(`?owner_id=${alice.user.id}`)).toEqual(['A2', 'A1']);
    expect(await titles('?q=SMITH')).toEqual(['B1']);
    expect(await titles('?q=%25')).toEqual([]);
    expect(await titles(`?q=ali&status=approved`)).toEqual(['A1']);
    expect(await list('?limit=1&offset=1')).toMatchObject({ total: 3, data: [{ id: a2.id }] });
    for (const bad of ['?status=done', '?limit=101', '?owner_id=abc', '?offset=-1']) {
      expect((await call('GET', `/api/admin/projects${bad}`, admin.cookie)).statusCode, bad).toBe(400);
    }
  });

  it('shows one project to admins, 404 for an unknown id', async () => {
    const alice = await member('alice');
    const created = (await propose(alice.cookie, { title: 'Rover', description: 'Mars.' })).json();
    const answer = await call('GET', `/api/admin/projects/${created.id}`, admin.cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(created);
    const missing = await call('GET', '/api/admin/projects/99999', admin.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
  });

  it('approves a pending project with notes: who, when, before and after in the audit; the owner sees it', async () => {
    const alice = await member('alice');
    const created = (
      await propose(alice.cookie, { title: 'Rover', description: 'Mars.', deadline: inDays(10) })
    ).json();
    clock.advance(60_000);
    const answer = await validate(created.id, { status: 'approved', validation_notes: '  Go for it.  ' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      status: 'approved',
      validation_notes: 'Go for it.',
      validated_at: clock.now().toISOString(),
      validated_by: admin.user.id,
      validator: { id: admin.user.id, intra_login: 'admin' },
      updated_at: clock.now().toISOString(),
    });
    const [entry] = await auditOf('project.approved');
    expect(entry).toMatchObject({ entity_type: 'project', entity_id: created.id, user_name: 'admin' });
    expect(JSON.parse(entry!.details!)).toEqual({
      owner_id: alice.user.id,
      before: { status: 'pending', validation_notes: null, validated_at: null, validated_by: null },
      after: {
        status: 'approved',
        validation_notes: 'Go for it.',
        validated_at: clock.now().toISOString(),
        validated_by: admin.user.id,
      },
    });
    const mine = (await call('GET', '/api/projects/me', alice.cookie)).json();
    expect(mine.data[0]).toMatchObject({ status: 'approved', validation_notes: 'Go for it.' });
  });

  it('rejects a pending project, notes optional', async () => {
    const alice = await member('alice');
    const created = (await propose(alice.cookie, { title: 'Rover', description: 'Mars.' })).json();
    const answer = await validate(created.id, { status: 'rejected' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'rejected', validation_notes: null, validated_by: admin.user.id });
    expect(await auditOf('project.rejected')).toHaveLength(1);
  });

  it('answers 409 to a second decision and changes nothing', async () => {
    const alice = await member('alice');
    const created = (await propose(alice.cookie, { title: 'Rover', description: 'Mars.' })).json();
    await validate(created.id, { status: 'approved', validation_notes: 'Yes.' });
    const before = await projectRows();
    for (const status of ['approved', 'rejected']) {
      const again = await validate(created.id, { status, validation_notes: 'Changed my mind.' });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('CONFLICT');
    }
    expect(await projectRows()).toEqual(before);
    expect(await auditOf('project.approved')).toHaveLength(1);
    expect(await auditOf('project.rejected')).toHaveLength(0);
  });

  it('lets exactly one of two admins deciding at once win; the other gets 409', async () => {
    const other = await signIn(t.app, 'boss');
    await call('PUT', `/api/admin/members/${other.user.id}/admin`, admin.cookie, { is_admin: true });
    const alice = await member('alice');
    const created = (await propose(alice.cookie, { title: 'Rover', description: 'Mars.' })).json();
    const decide = (cookie: string, status: string) =>
      fetch(`${t.baseUrl}/api/admin/projects/${created.id}/validate`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ status }),
      });
    const answers = await Promise.all([decide(admin.cookie, 'approved'), decide(other.cookie, 'rejected')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const decided = (await projectRows())[0]!;
    const winner = (await answers.find((a) => a.status === 200)!.json()) as { status: string };
    expect(decided.status).toBe(winner.status);
    const entries = await t.database.db
      .selectFrom('audit_logs')
      .select('action')
      .where('entity_type', '=', 'project')
      .where('action', 'in', ['project.approved', 'project.rejected'])
      .execute();
    expect(entries).toEqual([{ action: `project.${winner.status}` }]);
  });

  it('refuses a bad decision with 400 and an unknown project with 404, changing nothing', async () => {
    const alice = await member('alice');
    const created = (await propose(alice.cookie, { title: 'Rover', description: 'Mars.' })).json();
    for (const payload of [
      {},
      { status: 'pending' },
      { status: 'expired' },
      { status: 'approved', validation_notes: 'x'.repeat(2001) },
    ]) {
      const answer = await validate(created.id, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await validate(99999, { status: 'approved' })).statusCode).toBe(404);
    expect((await projectRows())[0]!.status).toBe('pending');
    expect(await auditOf('project.approved')).toEqual([]);
  });

  it('refuses to approve a project whose deadline has passed while it waited (409), but lets it be rejected', async () => {
    const alice = await member('alice');
    const created = (await propose(alice.cookie, { title: 'Rover', description: 'Mars.', deadline: inDays(2) })).json();
    clock.advance(3 * DAY);
    const approve = await validate(created.id, { status: 'approved' });
    expect(approve.statusCode).toBe(409);
    expect((await projectRows())[0]!.status).toBe('pending');
    expect((await validate(created.id, { status: 'rejected', validation_notes: 'Too late.' })).statusCode).toBe(200);
  });

  it('expires an approved project once its deadline has passed, and only those', async () => {
    const alice = await member('alice');
    const make = async (title: string, deadline: string | null, decision?: 'approved' | 'rejected') => {
      const created = (await propose(alice.cookie, { title, description: 'd', deadline })).json();
      if (decision) await validate(created.id, { status: decision });
      return created.id as number;
    };
    const overdue = await make('Overdue', inDays(1), 'approved');
    await make('Later', inDays(30), 'approved');
    await make('Open-ended', null, 'approved');
    await make('Waiting', inDays(1));
    await make('Refused', inDays(1), 'rejected');
    clock.advance(2 * DAY);

    const run = await call('POST', '/api/admin/maintenance/expired-projects', admin.cookie);
    expect(run.statusCode).toBe(200);
    expect(run.json()).toEqual({ expired_projects: 1, project_ids: [overdue] });
    const statuses = Object.fromEntries((await projectRows()).map((row) => [row.title, row.status]));
    expect(statuses).toEqual({
      Overdue: 'expired',
      Later: 'approved',
      'Open-ended': 'approved',
      Waiting: 'pending',
      Refused: 'rejected',
    });
    const mine = (await call('GET', '/api/projects/me', alice.cookie)).json();
    expect(mine.data.find((p: { id: number }) => p.id === overdue).status).toBe('expired');
    expect((await validate(overdue, { status: 'approved' })).statusCode).toBe(409);
  });

  it('guards the member routes: 401 anonymous, 403 BANNED, 403 for a candidate', async () => {
    const student = await signIn(t.app, 'jdoe');
    const banned = await member('bad');
    await t.database.db.updateTable('users').set({ is_banned: true }).where('id', '=', banned.user.id).execute();
    await expectGuarded(
      t.app,
      [
        ['POST', '/api/projects'],
        ['GET', '/api/projects/me'],
      ],
      { applicant: student.cookie, banned: banned.cookie },
    );
    expect(await projectRows()).toEqual([]);
  });

  it('guards the admin routes: 401 anonymous, 403 for a candidate and for a member, 403 BANNED', async () => {
    const student = await signIn(t.app, 'jdoe');
    const clubMember = await member('alice');
    const banned = await signIn(t.app, 'bad');
    await t.database.db.updateTable('users').set({ is_banned: true }).where('id', '=', banned.user.id).execute();
    const created = (await propose(clubMember.cookie, { title: 'Rover', description: 'Mars.' })).json();
    const routes = [
      ['GET', '/api/admin/projects'],
      ['GET', `/api/admin/projects/${created.id}`],
      ['PUT', `/api/admin/projects/${created.id}/validate`],
      ['POST', '/api/admin/maintenance/expired-projects'],
      ['POST', '/api/admin/maintenance/cleanup'],
    ] as const;
    await expectGuarded(t.app, routes, { applicant: student.cookie, banned: banned.cookie });
    await expectGuarded(t.app, routes, { applicant: clubMember.cookie, banned: banned.cookie });
    const decided = await validate(created.id, { status: 'approved' }, clubMember.cookie);
    expect(decided.statusCode).toBe(403);
    expect((await projectRows())[0]!.status).toBe('pending');
  });
});
