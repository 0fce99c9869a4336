import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, fillIds, type Applicant, type World } from '#test/server/security-world';

/**
 * No date of 1970 anywhere (decision 0145): an instant left empty (a round's opening, a
 * migration's default) once became the Unix epoch, and the board read "Opens 1 Jan 1970". Every
 * date of every table of a club at every step, and every date every JSON answer of the API
 * carries to each kind of caller, must be a real one.
 */

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T|$)/;

/** Where each date-like value sits, as `path = value`. */
function datesIn(value: unknown, path: string, found: string[] = []): string[] {
  if (value instanceof Date) found.push(`${path} = ${value.toISOString()}`);
  else if (typeof value === 'string' && ISO_INSTANT.test(value)) found.push(`${path} = ${value}`);
  else if (Array.isArray(value)) value.forEach((item, index) => datesIn(item, `${path}[${index}]`, found));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) datesIn(item, `${path}.${key}`, found);
  }
  return found;
}

const in1970 = (dates: string[]) => dates.filter((entry) => / = 1970-/.test(entry));

/** Parameters of the routes that take one, filled with the world's ids. */
const PARAMETERS: Record<string, string> = {
  '/api/admin/applications/:id': '/api/admin/applications/{candidateApplication}',
  '/api/admin/members/:id': '/api/admin/members/{candidateUser}',
  '/api/admin/webhooks/:id/deliveries': '/api/admin/webhooks/{webhook}/deliveries',
  '/api/admin/projects/:id': '/api/admin/projects/1',
  '/api/hackathon/events/:id/assign-preview': '/api/hackathon/events/{springEvent}/assign-preview',
  '/api/hackathon/events/:id/judges': '/api/hackathon/events/{springEvent}/judges',
  '/api/hackathon/events/:id/rubric': '/api/hackathon/events/{springEvent}/rubric',
  '/api/hackathon/events/:id/judging': '/api/hackathon/events/{springEvent}/judging',
  '/api/hackathon/events/:id/results': '/api/hackathon/events/{springEvent}/results',
};

describe('no date of 1970 anywhere', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });
  afterAll(() => world?.t.close());

  it('stores none in any column of any table', async () => {
    const dump = await world.dump();
    const dates = Object.entries(dump.tables).flatMap(([table, rows]) =>
      rows.flatMap((row, index) => datesIn(row, `${table}[${index}]`)),
    );
    expect(dates.length).toBeGreaterThan(50);
    expect(in1970(dates)).toEqual([]);
  });

  it('answers none in any JSON of the API, to the board and to candidates at each step', async () => {
    const jsonRoutes = world.routes.filter(
      (route) =>
        route.method === 'GET' &&
        route.path.startsWith('/api/') &&
        !route.path.startsWith('/api/docs') &&
        !route.path.endsWith('.csv') &&
        !route.path.includes('/auth/'),
    );
    const callers: { name: string; cookie: string | undefined }[] = [
      { name: 'admin', cookie: world.cookie('admin') },
      { name: 'member', cookie: world.cookie('member') },
      ...(['pending', 'candidate', 'finalist'] as Applicant[]).map((applicant) => ({
        name: applicant,
        cookie: world.cookie('applicant', applicant),
      })),
    ];
    const dates: string[] = [];
    let answered = 0;
    for (const route of jsonRoutes) {
      const template = route.path.includes(':') ? PARAMETERS[route.path] : route.path;
      if (!template) throw new Error(`no ids for ${route.path}: add it to PARAMETERS`);
      const url = fillIds(template, world.ids);
      for (const { name, cookie } of callers) {
        const answer = await world.t.app.inject({ url, headers: cookie ? { cookie } : {} });
        if (answer.statusCode !== 200 || !answer.headers['content-type']?.toString().includes('json')) continue;
        answered += 1;
        dates.push(...datesIn(answer.json(), `${name} GET ${url}`));
      }
    }
    expect(answered).toBeGreaterThan(40);
    expect(dates.length).toBeGreaterThan(50);
    expect(in1970(dates)).toEqual([]);
  });
});
