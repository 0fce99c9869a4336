import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Db } from '../../db/database';
import { signIn } from '#test/server/sign-in';
import { createTestApp, createTestDatabase, testClock, type TestApp } from '#test/server/test-app';
import { approvedCandidate, insertChallenge, pendingApplicant } from '#test/server/challenges.fixtures';
import { seatAfterHackathon } from '#test/server/journey.fixtures';
import { closedSmtpUrl, startSmtpServer, type SmtpTestServer } from '#test/server/mail.fixtures';
import { HOLD_MS } from '../../undo-hold';
import { createMailOutbox, MAX_ATTEMPTS, retryDelayMs, smtpSettings } from './mail-outbox';
import { applicationReceivedMail } from './mail-templates';
import { latestRound } from '#test/server/rounds.fixtures';
import { newCheckInCode } from '../hackathon';

const DAY = 24 * 3600 * 1000;
const APP_URL = 'http://localhost:3000';
const form = { motivation: 'I build line followers after class.', experience_level: 'beginner' };

async function outboxRows(db: Db) {
  return db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
}

/** A user written straight into the table, as a registrant of an event (for the team mails). */
async function registrant(db: Db, eventId: number, login: string, email: string | null, at: string) {
  const { id } = await db
    .insertInto('users')
    .values({
      intra_id: 7_000_000 + Math.floor(Math.random() * 1_000_000),
      intra_login: login,
      email,
      first_name: login.charAt(0).toUpperCase() + login.slice(1),
      last_name: null,
      image_url: null,
      campus: null,
      grade: null,
      level: 0,
      is_starter: false,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('hackathon_registrations')
    .values({ check_in_code: newCheckInCode(), user_id: id, event_id: eventId, status: 'pending', created_at: at })
    .execute();
  return id;
}

/** A signed-in candidate at journey step 3: approved, seated in a team of an event that is over. */
async function stepThreeCandidate(t: TestApp, now: Date, login: string) {
  const { user } = await signIn(t.app, login);
  const db = t.database.db;
  const at = now.toISOString();
  const { id: applicationId } = await db
    .insertInto('applications')
    .values({
      user_id: user.id,
      round_id: latestRound(db),
      status: 'approved',
      motivation: 'I love building robots.',
      experience_level: 'beginner',
      github_profile: null,
      portfolio_url: null,
      selected_project_id: null,
      reviewed_at: at,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await seatAfterHackathon(db, now, user.id);
  return { userId: user.id, applicationId };
}

describe('mail notifications through a real SMTP server', () => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  let admin: string;
  // Each test starts at the same instant: the mails' dates read the same whatever ran before.
  let clock = testClock();

  beforeEach(async () => {
    clock = testClock();
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url }, { clock });
    admin = (await signIn(t.app, 'admin')).cookie;
  });
  afterEach(async () => {
    await t.close();
    await smtp.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, payload });
  const review = (id: number, status: 'approved' | 'declined', review_notes?: string) =>
    call('PUT', `/api/admin/applications/${id}/review`, admin, { status, review_notes });
  const applicationOf = async (userId: number) =>
    (
      await t.database.db
        .selectFrom('applications')
        .select('id')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).id;
  /**
   * Waits out the hold of decisions' mails (decision 0119) and for the outbox to be drained, then
   * answers what the SMTP server has accepted.
   */
  const delivered = async () => {
    clock.advance(HOLD_MS);
    await t.app.mail.flush();
    return smtp.received;
  };

  it('mails "application received" to the candidate once, with a link back to the app', async () => {
    const { cookie } = await signIn(t.app, 'alice');
    expect((await call('POST', '/api/applications', cookie, form)).statusCode).toBe(201);

    const mails = await delivered();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: ['alice@student.1337.ma'],
      from: 'no-reply@localhost',
      subject: 'We received your application',
    });
    expect(mails[0]!.text).toContain('Thank you for applying, Alice!');
    expect(mails[0]!.text).toContain(`${APP_URL}/apply`);
    expect(mails[0]!.html).toContain(`href="${APP_URL}/apply"`);
    await t.app.mail.flush();
    expect(smtp.received).toHaveLength(1);
    expect(await outboxRows(t.database.db)).toMatchObject([
      { kind: 'application_received', status: 'sent', attempts: 1, sent_at: clock.now().toISOString() },
    ]);
  });

  it('mails the approval with its challenges and deadline, and the first decline in its own words', async () => {
    await insertChallenge(t.database.db, clock.now());
    const approved = await pendingApplicant(t, clock, 'bob');
    const declined = await pendingApplicant(t, clock, 'carol');
    expect((await review(await applicationOf(approved.userId), 'approved')).statusCode).toBe(200);
    expect(
      (await review(await applicationOf(declined.userId), 'declined', 'Show us a <b>project</b>')).statusCode,
    ).toBe(200);

    const mails = await delivered();
    expect(mails.map((m) => [m.to[0], m.subject])).toEqual([
      ['bob@student.1337.ma', 'Your application is approved: the challenges begin'],
      ['carol@student.1337.ma', 'About your application to the 1337 Robotics Club'],
    ]);
    // The count in brackets: a template chooses no plural form (decision 0120).
    expect(mails[0]!.text).toContain('the Tinkercad challenges (published so far: 1)');
    expect(mails[0]!.text).toContain('Complete them by Monday, 21 December 2026 at 11:00 GMT+1.');
    expect(mails[1]!.text).toContain('decided not to move forward with it this time');
    expect(mails[1]!.text).toContain('  > Show us a <b>project</b>');
    expect(mails[1]!.html).toContain('Show us a &#60;b&#62;project&#60;/b&#62;');
  });

  it('gives the deadline in the club’s time zone, not in UTC, and follows a change of the setting', async () => {
    await insertChallenge(t.database.db, clock.now());
    const bob = await pendingApplicant(t, clock, 'bob');
    expect((await review(await applicationOf(bob.userId), 'approved')).statusCode).toBe(200);
    // Africa/Casablanca by default: the deadline of 10:00 UTC is 11:00 there.
    expect((await delivered())[0]!.text).toContain('Complete them by Monday, 21 December 2026 at 11:00 GMT+1.');

    const zone = await call('PUT', '/api/admin/settings', admin, { settings: { time_zone: 'America/New_York' } });
    expect(zone.statusCode).toBe(200);
    const carol = await pendingApplicant(t, clock, 'carol');
    expect((await review(await applicationOf(carol.userId), 'approved')).statusCode).toBe(200);
    const mails = await delivered();
    expect(mails[1]!.to).toEqual(['carol@student.1337.ma']);
    expect(mails[1]!.text).toMatch(/Complete them by Monday, 21 December 2026 at 05:\d\d GMT-5\./);
    expect(mails[1]!.text).not.toContain('UTC');
  });

  it('bulk review mails each reviewed candidate once and nobody it skipped', async () => {
    const first = await pendingApplicant(t, clock, 'dave');
    const second = await pendingApplicant(t, clock, 'erin');
    const done = await pendingApplicant(t, clock, 'frank');
    await review(await applicationOf(done.userId), 'approved');
    await delivered();
    smtp.received.length = 0;

    const ids = [
      await applicationOf(first.userId),
      await applicationOf(second.userId),
      await applicationOf(done.userId),
    ];
    const answer = await call('POST', '/api/admin/applications/bulk-review', admin, { ids, status: 'declined' });
    expect(answer.json()).toMatchObject({ reviewed: [ids[0], ids[1]], skipped: [{ id: ids[2] }] });

    const mails = await delivered();
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['dave@student.1337.ma', 'erin@student.1337.ma']);
    expect(new Set(mails.map((m) => m.subject))).toEqual(new Set(['About your application to the 1337 Robotics Club']));
  });

  it('mails a validated challenge with its XP, and a declined one with the feedback escaped in the HTML part', async () => {
    await insertChallenge(t.database.db, clock.now(), { title: 'Blinking LED' });
    await insertChallenge(t.database.db, clock.now(), { title: 'Traffic light' });
    const { userChallenges } = await approvedCandidate(t, clock, 'grace');
    await t.database.db
      .updateTable('user_challenges')
      .set({ status: 'pending_validation', total_xp_earned: 100, exercise_1_completed: true })
      .where(
        'id',
        'in',
        userChallenges.map((uc) => uc.id),
      )
      .execute();
    const feedback = '<script>alert("pwned")</script>\nThe resistor is missing & the LED burns.';

    const validate = (id: number, payload: object) => call('POST', `/api/challenges/${id}/validate`, admin, payload);
    expect((await validate(userChallenges[0]!.id, { status: 'validated', awarded_xp: 90 })).statusCode).toBe(200);
    expect((await validate(userChallenges[1]!.id, { status: 'declined', feedback })).statusCode).toBe(200);

    const mails = await delivered();
    expect(mails.map((m) => [m.to[0], m.subject])).toEqual([
      ['grace@student.1337.ma', 'Challenge validated: Blinking LED'],
      ['grace@student.1337.ma', 'Your challenge needs another try: Traffic light'],
    ]);
    expect(mails[0]!.text).toContain('awarded you 90 XP');
    const declined = mails[1]!;
    expect(declined.text).toContain(
      '  > <script>alert("pwned")</script>\n  > The resistor is missing & the LED burns.',
    );
    expect(declined.html).not.toContain('<script');
    expect(declined.html).toContain('&#60;script&#62;alert(&#34;pwned&#34;)&#60;/script&#62;');
    expect(declined.html).toContain('The resistor is missing &#38; the LED burns.');
  });

  it('mails the newly seated members of a created team, a reseated team and an auto-assignment, once each', async () => {
    const at = clock.now().toISOString();
    const event = (
      await call('POST', '/api/hackathon/events', admin, {
        name: 'Build Night',
        location: 'Lab 2',
        start_at: new Date(clock.now().getTime() + 10 * DAY).toISOString(),
        end_at: new Date(clock.now().getTime() + 11 * DAY).toISOString(),
      })
    ).json();
    const db = t.database.db;
    const [u1, u2, u3, u4, u5, u6] = [
      await registrant(db, event.id, 'ivy', 'ivy@example.org', at),
      await registrant(db, event.id, 'jack', 'jack@example.org', at),
      await registrant(db, event.id, 'kim', 'kim@example.org', at),
      await registrant(db, event.id, 'leo', 'leo@example.org', at),
      await registrant(db, event.id, 'mia', 'mia@example.org', at),
      await registrant(db, event.id, 'ned', null, at),
    ];

    const created = await call('POST', '/api/hackathon/teams', admin, {
      event_id: event.id,
      name: '<b>Bots & Co</b>',
      member_user_ids: [u1, u2],
    });
    expect(created.statusCode).toBe(201);
    let mails = await delivered();
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['ivy@example.org', 'jack@example.org']);
    expect(mails[0]!.subject).toBe('Your hackathon team: <b>Bots & Co</b>');
    expect(mails[0]!.text).toContain(
      'for Build Night, which starts on Thursday, 3 December 2026 at 11:00 GMT+1 at Lab 2.',
    );
    expect(mails[0]!.html).toContain('You are in &#60;b&#62;Bots &#38; Co&#60;/b&#62;');
    expect(mails[0]!.html).not.toContain('<b>Bots');

    const reseated = await call('PUT', `/api/hackathon/teams/${created.json().id}`, admin, {
      member_user_ids: [u1, u2, u3],
    });
    expect(reseated.statusCode).toBe(200);
    mails = await delivered();
    expect(mails.slice(2).map((m) => m.to[0])).toEqual(['kim@example.org']);
    expect(mails[2]!.text).toMatch(/Your teammates:\n {2}- ivy\n {2}- jack\n/);

    const assigned = await call('POST', '/api/hackathon/assign', admin, { event_id: event.id });
    expect(assigned.statusCode).toBe(200);
    mails = await delivered();
    // ned has no email address: seated, but not mailed.
    expect(
      mails
        .slice(3)
        .map((m) => m.to[0])
        .sort(),
    ).toEqual(['leo@example.org', 'mia@example.org']);
    expect(
      (await db.selectFrom('team_members').select('user_id').where('user_id', 'in', [u4!, u5!, u6!]).execute()).length,
    ).toBe(3);
    expect(await delivered()).toHaveLength(5);
  });

  it('mails a welcome for the final yes, and the final no in words distinct from the first decline', async () => {
    const yes = await stepThreeCandidate(t, clock.now(), 'olga');
    const no = await stepThreeCandidate(t, clock.now(), 'paul');
    const notYet = await approvedCandidate(t, clock, 'quinn');

    expect((await call('PUT', `/api/admin/members/${yes.userId}/role`, admin, { role: 'member' })).statusCode).toBe(
      200,
    );
    expect((await review(no.applicationId, 'declined')).statusCode).toBe(200);
    // Not at board approval: a role change, not a final decision, so no welcome.
    expect((await call('PUT', `/api/admin/members/${notYet.userId}/role`, admin, { role: 'member' })).statusCode).toBe(
      200,
    );
    // Setting the same role again changes nothing and mails nothing.
    expect((await call('PUT', `/api/admin/members/${yes.userId}/role`, admin, { role: 'member' })).statusCode).toBe(
      200,
    );

    const mails = await delivered();
    expect(mails.map((m) => [m.to[0], m.subject])).toEqual([
      ['olga@student.1337.ma', 'Welcome to the 1337 Robotics Club!'],
      ['paul@student.1337.ma', 'The board’s final decision'],
    ]);
    expect(mails[0]!.text).toContain('you are now a member of the 1337 Robotics Club');
    expect(mails[1]!.text).toContain('you have not been selected as a member');
    expect(mails[1]!.text).not.toContain('decided not to move forward');
  });

  it('sends nothing to a user without an email address', async () => {
    const { cookie, user } = await signIn(t.app, 'rita');
    await t.database.db.updateTable('users').set({ email: null }).where('id', '=', user.id).execute();
    expect((await call('POST', '/api/applications', cookie, form)).statusCode).toBe(201);
    expect(await delivered()).toHaveLength(0);
    expect(await outboxRows(t.database.db)).toHaveLength(0);
  });

  it('writes no mail for a refused request or a rolled-back transaction', async () => {
    await insertChallenge(t.database.db, clock.now());
    const { userId } = await pendingApplicant(t, clock, 'sam');
    const id = await applicationOf(userId);
    await review(id, 'approved');
    await delivered();
    const before = (await outboxRows(t.database.db)).length;

    // Approved and not at step 3: the decline is refused.
    expect((await review(id, 'declined')).statusCode).toBe(409);
    expect((await review(id, 'approved')).statusCode).toBe(409);
    const [uc] = await t.database.db.selectFrom('user_challenges').select('id').where('user_id', '=', userId).execute();
    expect((await call('POST', `/api/challenges/${uc!.id}/validate`, admin, { status: 'declined' })).statusCode).toBe(
      400,
    );
    expect((await call('POST', `/api/challenges/${uc!.id}/validate`, admin, { status: 'validated' })).statusCode).toBe(
      409,
    );
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await t.app.mail.enqueue(trx, [userId], applicationReceivedMail(), clock.now());
        throw new Error('the change failed after its mail was written');
      }),
    ).rejects.toThrow('the change failed');

    expect(await outboxRows(t.database.db)).toHaveLength(before);
    expect(await delivered()).toHaveLength(before);
  });

  it('answers without waiting for the SMTP server', async () => {
    const release = smtp.hold();
    const { cookie } = await signIn(t.app, 'tina');
    const answer = await call('POST', '/api/applications', cookie, form);
    expect(answer.statusCode).toBe(201);
    expect(smtp.received).toHaveLength(0);
    release();
    expect(await delivered()).toHaveLength(1);
  });

  it('keeps a refused mail pending with its attempts and error, then sends it once when retried', async () => {
    smtp.refuse(451, 'Try again later');
    const { cookie } = await signIn(t.app, 'uma');
    expect((await call('POST', '/api/applications', cookie, form)).statusCode).toBe(201);
    expect(await delivered()).toHaveLength(0);
    const [failed] = await outboxRows(t.database.db);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
    expect(failed!.last_error).toContain('451');
    expect(failed!.next_attempt_at).toBe(new Date(clock.now().getTime() + retryDelayMs(1)).toISOString());

    smtp.refuse(null);
    // Not due yet: the backoff holds it back.
    expect(await delivered()).toHaveLength(0);
    clock.advance(retryDelayMs(1));
    expect(await delivered()).toHaveLength(1);
    expect(await delivered()).toHaveLength(1);
    expect(await outboxRows(t.database.db)).toMatchObject([{ status: 'sent', attempts: 2 }]);
  });

  it(`gives a mail the server keeps deferring (4xx) up as failed after ${MAX_ATTEMPTS} attempts`, async () => {
    smtp.refuse(452, 'Insufficient system storage');
    const { cookie } = await signIn(t.app, 'vera');
    await call('POST', '/api/applications', cookie, form);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await t.app.mail.flush();
      clock.advance(retryDelayMs(attempt));
    }
    smtp.refuse(null);
    expect(await delivered()).toHaveLength(0);
    const [row] = await outboxRows(t.database.db);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(row!.last_error).toContain('452');
  });

  it('gives a mail up at the first permanent refusal of its recipient (5xx), as RFC 5321 says', async () => {
    smtp.refuse(550, 'No such mailbox');
    const { cookie } = await signIn(t.app, 'vera');
    await call('POST', '/api/applications', cookie, form);
    await t.app.mail.flush();
    const [row] = await outboxRows(t.database.db);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.last_error).toContain('550');
  });

  it('sends each mail once when two processes deliver the same outbox at once', async () => {
    const other = createMailOutbox({
      db: t.database.db,
      clock,
      log: t.app.log,
      config: { smtpUrl: smtp.url, publicUrl: APP_URL },
    });
    const { user } = await signIn(t.app, 'walt');
    await t.database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 25; i++) await t.app.mail.enqueue(trx, [user.id], applicationReceivedMail(), clock.now());
    });
    await Promise.all([t.app.mail.flush(), other.flush()]);
    await other.stop();
    const ids = smtp.received.map((m) => m.mailId);
    expect(ids).toHaveLength(25);
    expect(new Set(ids).size).toBe(25);
    expect((await outboxRows(t.database.db)).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });
});

describe('mail notifications with an unreachable SMTP server', () => {
  const clock = testClock();
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ SMTP_URL: await closedSmtpUrl() }, { clock });
  });
  afterEach(() => t.close());

  it('answers the request and keeps the mail pending with the connection error', async () => {
    const { cookie } = await signIn(t.app, 'xena');
    const answer = await t.app.inject({ method: 'POST', url: '/api/applications', headers: { cookie }, payload: form });
    expect(answer.statusCode).toBe(201);
    await t.app.mail.flush();
    const [row] = await outboxRows(t.database.db);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
    expect(row!.last_error).toMatch(/ECONNREFUSED|connect/i);
  });
});

describe('mail through a submission server that requires STARTTLS before AUTH', () => {
  const clock = testClock();
  let t: TestApp | undefined;
  let smtp: SmtpTestServer;
  afterEach(async () => {
    await t?.close();
    await smtp.close();
  });

  it('upgrades to TLS before sending its credentials, and delivers', async () => {
    smtp = await startSmtpServer({ submission: { user: 'club', pass: 's3cret' } });
    // The test server's certificate is self-signed: nodemailer takes `tls.*` from the URL.
    t = await createTestApp({ SMTP_URL: `${smtp.url}?tls.rejectUnauthorized=false` }, { clock });
    const { cookie } = await signIn(t.app, 'yara');
    await t.app.inject({ method: 'POST', url: '/api/applications', headers: { cookie }, payload: form });
    await t.app.mail.flush();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.logins).toEqual([{ user: 'club', secure: true }]);
  });

  it('never sends the password over a connection that offers no STARTTLS', async () => {
    smtp = await startSmtpServer();
    const plain = new URL(smtp.url);
    plain.username = 'club';
    plain.password = 's3cret';
    t = await createTestApp({ SMTP_URL: plain.toString() }, { clock });
    const { cookie } = await signIn(t.app, 'zoe');
    await t.app.inject({ method: 'POST', url: '/api/applications', headers: { cookie }, payload: form });
    await t.app.mail.flush();
    expect(smtp.received).toHaveLength(0);
    expect(smtp.logins).toEqual([]);
    const [row] = await outboxRows(t.database.db);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.last_error).toMatch(/STARTTLS/i);
  });
});

describe('mail without SMTP_URL: the outbox and /dev/mail', () => {
  const clock = testClock();
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({}, { clock });
  });
  afterEach(() => t.close());

  it('keeps the mails in the outbox, never sending them', async () => {
    const { cookie } = await signIn(t.app, 'yara');
    await t.app.inject({ method: 'POST', url: '/api/applications', headers: { cookie }, payload: form });
    await t.app.mail.flush();
    expect(await outboxRows(t.database.db)).toMatchObject([
      { kind: 'application_received', status: 'outbox', attempts: 0, to_address: 'yara@student.1337.ma' },
    ]);
  });

  it("writes the board's notes as written, even when they carry the renderer's markers of another value", async () => {
    const admin = (await signIn(t.app, 'admin')).cookie;
    const { userId } = await pendingApplicant(t, clock, 'kenza');
    const application = await t.database.db
      .selectFrom('applications')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    // Index 0 was the candidate's name in the decline's HTML: main put "Kenza" in place of the notes' markers.
    const notes = 'Raw \uE0000\uE001 and encoded %EE%80%800%EE%80%81 markers';
    const answer = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/applications/${application.id}/review`,
      headers: { cookie: admin },
      payload: { status: 'declined', review_notes: notes },
    });
    expect(answer.statusCode).toBe(200);
    const [mail] = (await outboxRows(t.database.db)).filter((row) => row.user_id === userId);
    expect(mail!.html_body).toContain(notes);
    expect(mail!.html_body.match(/Kenza/g)).toHaveLength(1);
    expect(mail!.text_body).toContain(notes);
  });

  it('lists the mails newest first on /dev/mail, escaped, with no inline style or script', async () => {
    const first = await signIn(t.app, 'zoe');
    const second = await signIn(t.app, 'abe');
    await t.database.db
      .updateTable('users')
      .set({ first_name: '<img src=x onerror=alert(1)>' })
      .where('id', '=', second.user.id)
      .execute();
    for (const { cookie } of [first, second]) {
      await t.app.inject({ method: 'POST', url: '/api/applications', headers: { cookie }, payload: form });
      clock.advance(60_000);
    }

    const page = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("style-src 'self'");
    const body = page.body;
    expect(body.indexOf('abe@student.1337.ma')).toBeGreaterThan(0);
    expect(body.indexOf('abe@student.1337.ma')).toBeLessThan(body.indexOf('zoe@student.1337.ma'));
    expect(body).toContain('We received your application');
    expect(body).toContain('Thank you for applying, &#60;img src=x onerror=alert(1)&#62;!');
    expect(body).not.toContain('<img');
    expect(body).not.toMatch(/<script|style=/);
    expect(body).toContain('<link rel="stylesheet" href="/dev/mail/style.css">');
    const style = await t.app.inject({ method: 'GET', url: '/dev/mail/style.css' });
    expect(style.statusCode).toBe(200);
    expect(style.headers['content-type']).toContain('text/css');
  });
});

describe('/dev/mail beside the built SPA', () => {
  let webRoot: string;
  beforeEach(() => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'club-web-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>SPA</title>');
  });
  afterEach(() => fs.rmSync(webRoot, { recursive: true, force: true }));

  async function pageIn(env: Record<string, string>) {
    const { database, drop } = await createTestDatabase();
    const config = loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', ...env });
    const app = await buildApp(config, { database, webRoot });
    try {
      const answer = await app.inject({ method: 'GET', url: '/dev/mail' });
      return { status: answer.statusCode, body: answer.body };
    } finally {
      await app.close();
      await drop();
    }
  }

  it('is served by the server, not the SPA fallback, outside production', async () => {
    const answer = await pageIn({ NODE_ENV: 'development' });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<h1>Mail outbox</h1>');
  });

  it('is absent (404) in production, and wherever real 42 credentials are set', async () => {
    const credentials = { FT_CLIENT_ID: 'club', FT_CLIENT_SECRET: 'secret', PUBLIC_URL: 'https://club.example.org' };
    for (const env of [
      { NODE_ENV: 'production', ...credentials },
      { NODE_ENV: 'development', ...credentials },
    ]) {
      const answer = await pageIn(env);
      expect(answer.status).toBe(404);
      expect(answer.body).not.toContain('SPA');
      expect(answer.body).not.toContain('Mail outbox');
    }
  });
});

describe('SMTP_URL', () => {
  it('takes the sender from its "from" parameter and keeps the rest for nodemailer', () => {
    expect(smtpSettings('smtps://club:s3cret@mail.example.org:465?from=board%40club.example.org', APP_URL)).toEqual({
      url: 'smtps://club:s3cret@mail.example.org:465',
      from: 'board@club.example.org',
      hasCredentials: true,
    });
  });

  it('sends from no-reply at the public host by default', () => {
    expect(smtpSettings('smtp://mail.example.org:587', 'https://club.example.org')).toEqual({
      url: 'smtp://mail.example.org:587',
      from: '"1337 Robotics Club" <no-reply@club.example.org>',
      hasCredentials: false,
    });
  });
});
