import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { routes } from '../../contract/routes';
import { endpoint, refuseRoutesOutsideTheTable } from './endpoint';
import { requireUser } from './session';

// No database here: the PostgreSQL project would only run it again.
describe.skipIf(process.env.TEST_ENGINE === 'postgres')('the endpoint table on the server', () => {
  const app = () => Fastify().addHook('onRoute', refuseRoutesOutsideTheTable);

  it('registers a route from its entry: method, URL and the guard of its access level', () => {
    expect(endpoint(routes.members)).toMatchObject({ method: 'GET', url: '/api/admin/members' });
    expect(endpoint(routes.me).onRequest).toBe(requireUser);
    expect(endpoint(routes.health)).not.toHaveProperty('onRequest');
    const server = app();
    expect(() => server.route({ ...endpoint(routes.member), handler: async () => ({}) })).not.toThrow();
  });

  it('refuses an /api route that is not in the table', () => {
    expect(() => app().get('/api/admin/secrets', async () => ({}))).toThrow(/not in src\/contract\/routes\.ts/);
  });

  it('refuses a route of the table registered without its guard, or with another', () => {
    expect(() => app().get('/api/admin/members', async () => ({}))).toThrow(/its guard is not its access's/);
    expect(() =>
      app().route({ method: 'GET', url: '/api/admin/members', onRequest: requireUser, handler: async () => ({}) }),
    ).toThrow(/its guard is not its access's/);
  });

  it('leaves alone what is not the API: the pages, the stand-in, the API docs', () => {
    const server = app();
    expect(() => server.get('/admin/users', async () => '')).not.toThrow();
    expect(() => server.get('/dev/intra/usage', async () => '')).not.toThrow();
    expect(() => server.get('/api/docs/json', async () => '')).not.toThrow();
  });
});
