import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELIVERY_TIMEOUT_MS, WEBHOOK_URL_MESSAGE } from '../../../contract/webhooks';
import { approvedCandidate, insertChallenge } from '#test/server/challenges.fixtures';
import { stepTwoCandidate } from '#test/server/journey.fixtures';
import { LINK } from '#test/server/security-world';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';
import { HOLD_MS } from '../../undo-hold';
import { startFakeDiscord } from '#test/server/fake-discord';
import { DISCORD_CONTENT_MAX, deliveryBody } from './webhook-events';
import { MAX_ATTEMPTS, retryDelayMs } from './webhook-queue';
import { checkWebhookUrl, MAX_WEBHOOKS } from './webhooks.service';

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A receiver on loopback: records every POST and answers the statuses it is told, then 200. */
async function startReceiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.statusCode = statuses.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answerNext: (...codes: number[]) => statuses.push(...codes),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const form = { motivation: 'I build line followers after class.', experience_level: 'beginner' };

const DAY = 24 * 3600 * 1000;

describe('webhooks for the board', () => {
  let t: TestApp;
  let clock: ReturnType<typeof testClock>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let admin: string;

  beforeEach(async () => {
    clock = testClock();
    t = await createTestApp({ ADMIN_LOGINS: 'boss' }, { clock });
    receiver = await startReceiver();
    admin = (await signIn(t.app, 'boss')).cookie;
  });
  afterEach(async () => {
    await t.close();
    await receiver.close();
  });

  const create = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: { cookie: admin }, payload });
  const deliveries = async (id: number) =>
    (await t.app.inject({ url: `/api/admin/webhooks/${id}/deliveries`, headers: { cookie: admin } })).json();
  const apply = async (login: string) => {
    const { cookie } = await signIn(t.app, login);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie },
      payload: form,
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>();
  };

  it('shows the signing secret once, at creation, and never in the list nor the audit log', async () => {
    const created = await create({ url: 'https://hooks.example.org/club', events: ['application.created'] });
    expect(created.statusCode).toBe(201);
    const webhook = created.json();
    expect(webhook).toMatchObject({
      url: 'https://hooks.example.org/club',
      events: ['application.created'],
      format: 'json',
    });
    expect(webhook.secret).toMatch(/^[\w-]{43}$/);

    const list = await t.app.inject({ url: '/api/admin/webhooks', headers: { cookie: admin } });
    const { secret, ...shown } = webhook;
    expect(list.json().data).toEqual([shown]);
    expect(list.body).not.toContain(secret);
    const logs = await t.app.inject({ url: '/api/admin/audit-logs', headers: { cookie: admin } });
    expect(logs.body).toContain('webhook.created');
    expect(logs.body).not.toContain(webhook.secret);
  });

  it('takes https anywhere, plain http only to this machine, and refuses the rest naming the field', async () => {
    for (const url of ['https://discord.com/api/webhooks/1/abc', receiver.url, 'http://localhost:9/x']) {
      expect((await create({ url, events: ['application.created'] })).statusCode).toBe(201);
    }
    for (const url of [
      'http://hooks.example.org/x',
      'ftp://example.org/x',
      'not a url',
      'https://me:pw@example.org/x',
    ]) {
      const refused = await create({ url, events: ['application.created'] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ path: 'url', message: WEBHOOK_URL_MESSAGE }],
      });
    }
    expect((await create({ url: receiver.url, events: [] })).statusCode).toBe(400);
    expect((await create({ url: receiver.url, events: ['application.exploded'] })).statusCode).toBe(400);
    expect((await create({ url: receiver.url, events: ['application.created'], format: 'slack' })).statusCode).toBe(
      400,
    );
  });

  it('delivers each subscribed event once, signed with the secret, after the change commits', async () => {
    const webhook = (await create({ url: receiver.url, events: ['application.created'] })).json();
    const other = (await create({ url: receiver.url, events: ['application.decided'] })).json();
    const application = await apply('alice');
    await t.app.webhooks.flush();

    expect(receiver.received).toHaveLength(1);
    const [{ headers, body }] = receiver.received as [Received];
    expect(headers['content-type']).toBe('application/json');
    expect(headers['x-club-event']).toBe('application.created');
    expect(headers['x-club-signature']).toBe(
      `sha256=${createHmac('sha256', webhook.secret).update(body).digest('hex')}`,
    );
    expect(JSON.parse(body)).toEqual({
      event: 'application.created',
      occurred_at: clock.now().toISOString(),
      url: expect.stringMatching(/^http:\/\/[^/]+\/admin\/applications$/),
      data: { application_id: application.id, login: 'alice' },
    });

    const listed = await deliveries(webhook.id);
    expect(listed.total).toBe(1);
    expect(listed.data[0]).toMatchObject({
      event: 'application.created',
      status: 'delivered',
      body,
      delivered_at: clock.now().toISOString(),
      next_attempt_at: null,
      attempts: [{ attempted_at: clock.now().toISOString(), status_code: 200, error: null }],
    });
    expect(headers['x-club-delivery']).toBe(String(listed.data[0].id));
    expect((await deliveries(other.id)).total).toBe(0);

    // A refused change (a second application) writes no delivery.
    const { cookie } = await signIn(t.app, 'alice');
    const again = await t.app.inject({ method: 'POST', url: '/api/applications', headers: { cookie }, payload: form });
    expect(again.statusCode).toBe(409);
    await t.app.webhooks.flush();
    expect(receiver.received).toHaveLength(1);
  });

  it('says a decision in a Discord message that can ping nobody', async () => {
    await create({ url: receiver.url, events: ['application.decided'], format: 'discord' });
    const application = await apply('erin');
    const review = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/applications/${application.id}/review`,
      headers: { cookie: admin },
      payload: { status: 'declined' },
    });
    expect(review.statusCode).toBe(200);
    // Held for the decision's undo window (decision 0119), then sent.
    await t.app.webhooks.flush();
    expect(receiver.received).toHaveLength(0);
    clock.advance(HOLD_MS);
    await t.app.webhooks.flush();
    expect(receiver.received).toHaveLength(1);
    const message = JSON.parse(receiver.received[0]!.body);
    expect(message.content).toMatch(/^erin's application was declined: http.*\/admin\/applications$/);
    expect(message.allowed_mentions).toEqual({ parse: [] });
  });

  it('tells the chat of an application by its number only while blind review is on (decision 0136)', async () => {
    await create({ url: receiver.url, events: ['application.created', 'application.decided'], format: 'discord' });
    await create({ url: receiver.url, events: ['application.created'] });
    const blind = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie: admin },
      payload: { settings: { blind_review: true } },
    });
    expect(blind.statusCode).toBe(200);
    const application = await apply('erin');
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/applications/${application.id}/review`,
      headers: { cookie: admin },
      payload: { status: 'approved' },
    });
    clock.advance(HOLD_MS);
    await t.app.webhooks.flush();
    const bodies = receiver.received.map((received) => JSON.parse(received.body));
    expect(bodies).toEqual(
      expect.arrayContaining([
        {
          content: expect.stringMatching(
            new RegExp(`^New application #${application.id}, its candidate hidden by blind review: http`),
          ),
          allowed_mentions: { parse: [] },
        },
        expect.objectContaining({ data: { application_id: application.id, login: null } }),
        {
          content: expect.stringMatching(new RegExp(`^Application #${application.id} was approved: http`)),
          allowed_mentions: { parse: [] },
        },
      ]),
    );
    expect(receiver.received.map((received) => received.body).join()).not.toContain('erin');
  });

  it('tells of a challenge submitted for review, in a sentence naming the candidate and the challenge', async () => {
    await create({ url: receiver.url, events: ['challenge.submitted'], format: 'discord' });
    await insertChallenge(t.database.db, clock.now(), { title: 'Line follower' });
    const candidate = await approvedCandidate(t, clock, 'fay');
    const id = candidate.userChallenges[0]!.id;
    const call = (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie: candidate.cookie }, payload });
    expect((await call(`/api/challenges/${id}/start`)).statusCode).toBe(200);
    expect((await call(`/api/challenges/${id}/exercise/1/submit`, { tinkercad_link: LINK })).statusCode).toBe(200);
    expect((await call(`/api/challenges/${id}/submit`)).statusCode).toBe(200);
    await t.app.webhooks.flush();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body).content).toMatch(
      /^fay submitted the challenge “Line follower” for review: http.*\/admin\/submissions$/,
    );
  });

  it('tells of a hackathon registration, in a sentence naming the candidate and the event', async () => {
    await create({ url: receiver.url, events: ['hackathon.registered'], format: 'discord' });
    const event = await t.app.inject({
      method: 'POST',
      url: '/api/hackathon/events',
      headers: { cookie: admin },
      payload: {
        name: 'Spring Build Night',
        start_at: new Date(clock.now().getTime() + 10 * DAY).toISOString(),
        end_at: new Date(clock.now().getTime() + 11 * DAY).toISOString(),
      },
    });
    expect(event.statusCode).toBe(201);
    const candidate = await stepTwoCandidate(t, clock.now(), 'gus');
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/hackathon/register',
      headers: { cookie: candidate.cookie },
      payload: { event_id: event.json().id },
    });
    expect(registered.statusCode).toBe(201);
    await t.app.webhooks.flush();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body).content).toMatch(
      /^gus registered for Spring Build Night: http.*\/admin\/hackathon$/,
    );
    // Unregistering is not a registration: nothing more is sent.
    const left = await t.app.inject({
      method: 'DELETE',
      url: `/api/hackathon/register?event_id=${event.json().id}`,
      headers: { cookie: candidate.cookie },
    });
    expect(left.statusCode).toBe(204);
    await t.app.webhooks.flush();
    expect(receiver.received).toHaveLength(1);
  });

  it('retries a failed delivery with backoff, listing each attempt, until it is delivered', async () => {
    const webhook = (await create({ url: receiver.url, events: ['application.created'] })).json();
    receiver.answerNext(500, 503);
    await apply('bob');
    await t.app.webhooks.flush();
    let [delivery] = (await deliveries(webhook.id)).data;
    // The status is the fact; no sentence is stored beside it (each board writes "HTTP 500" in its language).
    expect(delivery).toMatchObject({ status: 'pending', attempts: [{ status_code: 500, error: null }] });
    expect(delivery.next_attempt_at).toBe(new Date(clock.now().getTime() + retryDelayMs(1)).toISOString());

    // Not due yet: nothing is sent.
    await t.app.webhooks.flush();
    expect(receiver.received).toHaveLength(1);

    clock.advance(retryDelayMs(1));
    await t.app.webhooks.flush();
    clock.advance(retryDelayMs(2));
    await t.app.webhooks.flush();
    [delivery] = (await deliveries(webhook.id)).data;
    expect(delivery.status).toBe('delivered');
    expect(delivery.attempts.map((attempt: { status_code: number }) => attempt.status_code)).toEqual([500, 503, 200]);
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
  });

  it('records a receiver that does not answer in time as a timeout: a code, not a sentence', async () => {
    // A receiver that reads the request and never answers; the wait cut from 10 s to 100 ms.
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const timeout = AbortSignal.timeout.bind(AbortSignal);
    const shortened = vi
      .spyOn(AbortSignal, 'timeout')
      .mockImplementation((ms) => timeout(ms === DELIVERY_TIMEOUT_MS ? 100 : ms));
    try {
      const { port } = silent.address() as AddressInfo;
      const webhook = (await create({ url: `http://127.0.0.1:${port}/hook`, events: ['application.created'] })).json();
      await apply('bob');
      await t.app.webhooks.flush();
      const [delivery] = (await deliveries(webhook.id)).data;
      expect(delivery).toMatchObject({
        status: 'pending',
        // Written as such, not through the constant: stored rows hold it, it must not change.
        attempts: [{ status_code: null, error: 'timeout' }],
      });
    } finally {
      shortened.mockRestore();
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('gives a delivery up after MAX_ATTEMPTS, recording why each attempt failed', async () => {
    await receiver.close();
    const webhook = (await create({ url: receiver.url, events: ['application.created'] })).json();
    await apply('carol');
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await t.app.webhooks.flush();
      clock.advance(retryDelayMs(attempt));
    }
    await t.app.webhooks.flush();
    const [delivery] = (await deliveries(webhook.id)).data;
    expect(delivery.status).toBe('failed');
    expect(delivery.next_attempt_at).toBeNull();
    expect(delivery.attempts).toHaveLength(MAX_ATTEMPTS);
    // The network's own words, as the receiver's system wrote them.
    expect(delivery.attempts[0]).toMatchObject({ status_code: null, error: expect.stringMatching(/ECONNREFUSED/) });
    receiver = await startReceiver();
  });

  it('deletes a webhook with its deliveries, and keeps at most MAX_WEBHOOKS', async () => {
    const webhook = (await create({ url: receiver.url, events: ['application.created'] })).json();
    await apply('dave');
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/webhooks/${webhook.id}`,
      headers: { cookie: admin },
    });
    expect(gone.statusCode).toBe(204);
    expect(await t.database.db.selectFrom('webhook_deliveries').selectAll().execute()).toEqual([]);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/webhooks/${webhook.id}`,
      headers: { cookie: admin },
    });
    expect(again.statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/admin/webhooks/${webhook.id}/deliveries`, headers: { cookie: admin } }))
        .statusCode,
    ).toBe(404);

    for (let i = 0; i < MAX_WEBHOOKS; i++) {
      expect((await create({ url: `${receiver.url}/${i}`, events: ['application.created'] })).statusCode).toBe(201);
    }
    const one = await create({ url: receiver.url, events: ['application.created'] });
    expect(one.statusCode).toBe(409);
  });
});

describe('checkWebhookUrl', () => {
  it('refuses plain http in production, even to this machine', () => {
    expect(() => checkWebhookUrl('http://127.0.0.1:9/hook', true)).toThrow(WEBHOOK_URL_MESSAGE);
    expect(() => checkWebhookUrl('http://[::1]:9/hook', true)).toThrow(WEBHOOK_URL_MESSAGE);
    expect(checkWebhookUrl('https://hooks.example.org/x', true)).toBe('https://hooks.example.org/x');
    expect(checkWebhookUrl('http://[::1]:9/hook', false)).toBe('http://[::1]:9/hook');
  });
});

/** Discord as it answers, not as our client would like (decision 0130): 204, 2,000 characters, 429 with `retry_after`. */
describe('a Discord webhook, as Discord answers', () => {
  let t: TestApp;
  let clock: ReturnType<typeof testClock>;
  let discord: Awaited<ReturnType<typeof startFakeDiscord>>;
  let admin: string;

  beforeEach(async () => {
    clock = testClock();
    t = await createTestApp({ ADMIN_LOGINS: 'boss' }, { clock });
    discord = await startFakeDiscord();
    admin = (await signIn(t.app, 'boss')).cookie;
  });
  afterEach(async () => {
    await t.close();
    await discord.close();
  });

  it('cuts a message at 2,000 characters, never inside an emoji, and Discord accepts it', async () => {
    const body = deliveryBody(
      'discord',
      'hackathon.registered',
      { event_id: 1, event_name: `a${'🤖'.repeat(1500)}`, login: 'gus' },
      { publicUrl: 'https://club.example.org', at: clock.now() },
    );
    const answer = await fetch(discord.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(answer.status).toBe(204);
    expect(discord.messages[0]!.length).toBeLessThanOrEqual(DISCORD_CONTENT_MAX);
  });

  it('counts a 204 as delivered, and after a 429 tries again when retry_after says, not minutes later', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: { cookie: admin },
      payload: { url: discord.url, events: ['application.created'], format: 'discord' },
    });
    expect(created.statusCode).toBe(201);
    discord.rateLimitNext(0.75);
    const { cookie } = await signIn(t.app, 'hana');
    await t.app.inject({ method: 'POST', url: '/api/applications', headers: { cookie }, payload: form });
    await t.app.webhooks.flush();
    const [limited] = await t.database.db.selectFrom('webhook_deliveries').selectAll().execute();
    expect(limited).toMatchObject({ attempts: 1, delivered_at: null });
    expect(limited!.next_attempt_at).toBe(new Date(clock.now().getTime() + 750).toISOString());

    clock.advance(750);
    await t.app.webhooks.flush();
    expect(discord.messages).toHaveLength(1);
    const [delivered] = await t.database.db.selectFrom('webhook_deliveries').selectAll().execute();
    expect(delivered).toMatchObject({ attempts: 2, delivered_at: expect.any(String) });
  });
});
