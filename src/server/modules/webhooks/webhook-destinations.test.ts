import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DELIVERY_ADDRESS_REFUSED } from '../../../contract/webhooks';
import { sessionWrittenIn } from '#test/server/sign-in';
import { createTestApp, type TestApp } from '#test/server/test-app';
import type { HostResolver } from '../../deps';
import { reservedRange } from './webhook-destination';

const PUBLIC = '93.184.215.14';

/**
 * The names this test's world knows, as a resolver would answer them; a name may answer
 * differently from one question to the next (`answers`: the first, then the second for good).
 */
function fakeResolver(names: Record<string, string[] | { answers: [string[], string[]] }>) {
  const asked: Record<string, number> = {};
  const resolve: HostResolver = async (hostname) => {
    const known = names[hostname];
    if (!known) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const times = (asked[hostname] = (asked[hostname] ?? 0) + 1);
    const addresses = Array.isArray(known) ? known : known.answers[times === 1 ? 0 : 1];
    return addresses.map((address) => ({ address, family: net.isIP(address) }));
  };
  return resolve;
}

/** A TCP listener on loopback that only counts who connects: a receiver inside the club's network. */
async function startInternalListener() {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const PRODUCTION = {
  NODE_ENV: 'production',
  FT_CLIENT_ID: 'club',
  FT_CLIENT_SECRET: 'secret',
  PUBLIC_URL: 'https://club.example.org',
};

/** Every form of an address inside a network the security review tried, and the other reserved ranges. */
const internalAddresses = (port: number) => [
  `https://127.0.0.1:${port}/x`,
  `https://localhost:${port}/x`,
  `https://[::1]:${port}/x`,
  `https://127.1:${port}/x`,
  `https://2130706433:${port}/x`,
  `https://0.0.0.0:${port}/x`,
  `https://[::]:${port}/x`,
  `https://[::ffff:127.0.0.1]:${port}/x`,
  `https://[::ffff:10.0.0.1]/x`,
  'https://10.0.0.1/x',
  'https://172.16.5.4/x',
  'https://192.168.1.10/x',
  'https://169.254.169.254/latest/meta-data',
  'https://[fc00::1]/x',
  'https://[fd12:3456::1]/x',
  'https://[fe80::1]/x',
  'https://224.0.0.251/x',
  'https://[ff02::1]/x',
  'https://100.64.0.1/x',
  'https://[::127.0.0.1]/x',
  'https://[64:ff9b::a00:1]/x',
  // A public name that resolves to loopback, and one with a private address among its public ones.
  `https://loopback.example:${port}/x`,
  'https://mixed.example/x',
];

const resolver = fakeResolver({
  localhost: ['127.0.0.1', '::1'],
  'loopback.example': ['127.0.0.1'],
  'mixed.example': [PUBLIC, '10.1.2.3'],
  'hooks.example.org': [PUBLIC, '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'bot.club.lan': ['10.0.0.7'],
});

describe('webhook addresses in production (decision 0135)', () => {
  let t: TestApp;
  let admin: string;

  beforeEach(async () => {
    t = await createTestApp({ ...PRODUCTION, WEBHOOK_ALLOWED_HOSTS: 'bot.club.lan' }, { resolveHost: resolver });
    admin = (await sessionWrittenIn(t.database.db, 'boss', { admin: true })).cookie;
  });
  afterEach(() => t.close());

  const create = (url: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: { cookie: admin },
      payload: { url, events: ['application.created'] },
    });

  it('refuses, naming the rule, a host that is or resolves to a loopback, private, link-local or other reserved address', async () => {
    for (const url of internalAddresses(8443)) {
      const refused = await create(url);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json(), url).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [
          { path: 'url', message: expect.stringMatching(/^The address must lead to a public internet address: /) },
        ],
      });
      expect(refused.json().details[0].message, url).toContain('WEBHOOK_ALLOWED_HOSTS');
    }
    const named = (await create('https://loopback.example/x')).json().details[0].message;
    expect(named).toContain('loopback.example leads to 127.0.0.1');
    expect((await create('https://[::ffff:127.0.0.1]/x')).json().details[0].message).toContain('::ffff:7f00:1');
    // Nothing was written.
    expect(await t.database.db.selectFrom('webhooks').selectAll().execute()).toEqual([]);
    expect(
      await t.database.db.selectFrom('audit_logs').selectAll().where('entity_type', '=', 'webhook').execute(),
    ).toEqual([]);
  });

  it('refuses plain http and a host that cannot be found; takes a public host, and an internal one the server allows', async () => {
    const http = await create(`http://hooks.example.org/x`);
    expect(http.statusCode).toBe(400);
    const nowhere = await create('https://nowhere.example/x');
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().details).toEqual([
      { path: 'url', message: 'The server could not find the host nowhere.example: check the address.' },
    ]);
    expect((await create('https://hooks.example.org/club')).statusCode).toBe(201);
    expect((await create(`https://${PUBLIC}/club`)).statusCode).toBe(201);
    expect((await create('https://[2606:4700:4700::1111]/club')).statusCode).toBe(201);
    expect((await create('https://bot.club.lan:8443/hook')).statusCode).toBe(201);
  });
});

describe('webhook deliveries in production (decision 0135)', () => {
  let listener: Awaited<ReturnType<typeof startInternalListener>>;
  let t: TestApp | undefined;

  beforeEach(async () => {
    listener = await startInternalListener();
  });
  afterEach(async () => {
    await t?.close();
    await listener.close();
  });

  async function deliverTo(url: string, names: Parameters<typeof fakeResolver>[0], env: Record<string, string> = {}) {
    t = await createTestApp({ ...PRODUCTION, ...env }, { resolveHost: fakeResolver(names) });
    const { cookie } = await sessionWrittenIn(t.database.db, 'boss', { admin: true });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: { cookie },
      payload: { url, events: ['application.created'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    await t.app.webhooks.enqueue(
      t.database.db,
      'application.created',
      { application_id: 1, login: 'zineb' },
      new Date(),
    );
    await t.app.webhooks.flush();
    const deliveries = await t.app.inject({
      url: `/api/admin/webhooks/${created.json().id}/deliveries`,
      headers: { cookie },
    });
    return deliveries.json().data[0].attempts[0];
  }

  it('refuses to connect when the name now resolves to loopback, though it answered a public address at creation', async () => {
    const attempt = await deliverTo(`https://rebind.example:${listener.port}/hook`, {
      'rebind.example': { answers: [[PUBLIC], ['127.0.0.1']] },
    });
    expect(attempt).toMatchObject({ status_code: null, error: `${DELIVERY_ADDRESS_REFUSED} 127.0.0.1` });
    expect(listener.connections()).toBe(0);
  });

  it('refuses a stored address that is itself internal, as a row kept from before the rule', async () => {
    t = await createTestApp(PRODUCTION, { resolveHost: fakeResolver({}) });
    const { cookie, userId } = await sessionWrittenIn(t.database.db, 'boss', { admin: true });
    const { id } = await t.database.db
      .insertInto('webhooks')
      .values({
        url: `https://127.0.0.1:${listener.port}/hook`,
        events: JSON.stringify(['application.created']),
        format: 'json',
        secret: 'a-secret',
        created_by: userId,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.webhooks.enqueue(
      t.database.db,
      'application.created',
      { application_id: 1, login: 'zineb' },
      new Date(),
    );
    await t.app.webhooks.flush();
    const deliveries = await t.app.inject({ url: `/api/admin/webhooks/${id}/deliveries`, headers: { cookie } });
    expect(deliveries.json().data[0].attempts[0]).toMatchObject({
      status_code: null,
      error: `${DELIVERY_ADDRESS_REFUSED} 127.0.0.1`,
    });
    expect(listener.connections()).toBe(0);
  });

  it('connects to an internal host the server allows by name', async () => {
    const attempt = await deliverTo(
      `https://bot.club.lan:${listener.port}/hook`,
      { 'bot.club.lan': ['127.0.0.1'] },
      { WEBHOOK_ALLOWED_HOSTS: 'bot.club.lan' },
    );
    // The listener speaks no TLS: what matters is that the connection was made.
    expect(attempt.error).not.toMatch(DELIVERY_ADDRESS_REFUSED);
    expect(listener.connections()).toBe(1);
  });
});

describe('webhook addresses outside production', () => {
  let t: TestApp;
  let admin: string;

  beforeEach(async () => {
    t = await createTestApp({}, { resolveHost: resolver });
    admin = (await sessionWrittenIn(t.database.db, 'boss', { admin: true })).cookie;
  });
  afterEach(() => t.close());

  it('takes every one of them, and plain http to loopback, for a test receiver or a local bot', async () => {
    for (const url of [...internalAddresses(8443), 'http://127.0.0.1:8080/x', 'http://localhost:8080/x']) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/admin/webhooks',
        headers: { cookie: admin },
        payload: { url, events: ['application.created'] },
      });
      expect(created.statusCode, url).toBe(201);
      const gone = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/webhooks/${created.json().id}`,
        headers: { cookie: admin },
      });
      expect(gone.statusCode).toBe(204);
    }
  });

  it('never follows a redirect, to loopback or anywhere', async () => {
    const elsewhere: string[] = [];
    const target = http.createServer((request, response) => {
      elsewhere.push(request.url ?? '');
      response.end('ok');
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const redirecting = http.createServer((_request, response) => {
      response.writeHead(307, { location: `http://127.0.0.1:${(target.address() as AddressInfo).port}/internal` });
      response.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = redirecting.address() as AddressInfo;
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/admin/webhooks',
        headers: { cookie: admin },
        payload: { url: `http://127.0.0.1:${port}/hook`, events: ['application.created'] },
      });
      await t.app.webhooks.enqueue(
        t.database.db,
        'application.created',
        { application_id: 1, login: 'zineb' },
        new Date(),
      );
      await t.app.webhooks.flush();
      const deliveries = await t.app.inject({
        url: `/api/admin/webhooks/${created.json().id}/deliveries`,
        headers: { cookie: admin },
      });
      expect(deliveries.json().data[0]).toMatchObject({
        status: 'pending',
        attempts: [{ status_code: 307, error: null }],
      });
      expect(elsewhere).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => redirecting.close(() => resolve()));
      await new Promise<void>((resolve) => target.close(() => resolve()));
    }
  });
});

describe('reservedRange', () => {
  it('names the range of every address that is not a public internet one', () => {
    expect(reservedRange('127.0.0.1')).toBe('loopback');
    expect(reservedRange('::1')).toBe('loopback');
    expect(reservedRange('10.0.0.1')).toBe('private');
    expect(reservedRange('172.31.255.255')).toBe('private');
    expect(reservedRange('192.168.0.1')).toBe('private');
    expect(reservedRange('169.254.169.254')).toBe('linkLocal');
    expect(reservedRange('fe80::1')).toBe('linkLocal');
    expect(reservedRange('fc00::1')).toBe('uniqueLocal');
    expect(reservedRange('0.0.0.0')).toBe('unspecified');
    expect(reservedRange('::')).toBe('unspecified');
    expect(reservedRange('239.1.1.1')).toBe('multicast');
    expect(reservedRange('ff02::1')).toBe('multicast');
    expect(reservedRange('::ffff:8.8.8.8')).toBe('ipv4Mapped');
    expect(reservedRange('::7f00:1')).toBe('reserved');
    expect(reservedRange('[::1]')).toBe('loopback');
    expect(reservedRange('not-an-address')).toBe('not an address');
  });

  it('passes public addresses of both families', () => {
    for (const address of ['8.8.8.8', PUBLIC, '172.32.0.1', '2606:4700:4700::1111', '2a00:1450:4007:80e::200e']) {
      expect(reservedRange(address), address).toBeNull();
    }
  });
});
