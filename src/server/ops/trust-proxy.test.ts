import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '#test/server/test-app';

describe('TRUST_PROXY', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('takes the client address from X-Forwarded-For only when a trusted proxy sends it', async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.5', RATE_LIMIT_PER_MINUTE: '1' });
    const events = (remoteAddress: string, client: string) =>
      t!.app.inject({ url: '/api/events', remoteAddress, headers: { 'x-forwarded-for': client } });
    // Through the trusted proxy, each client has a budget of its own.
    expect((await events('10.0.0.5', '198.51.100.1')).statusCode).toBe(200);
    expect((await events('10.0.0.5', '198.51.100.2')).statusCode).toBe(200);
    // From anywhere else the header is ignored: the sender's own address spends the budget.
    expect((await events('10.0.0.9', '198.51.100.3')).statusCode).toBe(200);
    expect((await events('10.0.0.9', '198.51.100.4')).statusCode).toBe(429);
  });

  it('accepts addresses, ranges and proxy-addr names, and refuses anything else naming the variable', () => {
    expect(loadConfig({}).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['10.0.0.0/33', 'proxy.internal', '1.2.3.4.5', '']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
