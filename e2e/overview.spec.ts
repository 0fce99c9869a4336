import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { apiSignIn as signInOver42, failOnConsoleErrors, ownServer, signInOverHttp } from './support';

/**
 * The overview counts everybody, and the shared server of the run fills up with the other
 * specs' candidates while this one runs: these tests get a server and a database of their own,
 * so that every count on the page is known.
 */
// Seeding signs many people in at once: the intra's pace is not what this spec is about.
const server = ownServer('overview', { FT_RATE_LIMIT: 'off', DEV_INTRA_LIMITS: 'off' });
const baseURL = server.baseURL;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL });

const contexts: APIRequestContext[] = [];

/** Signs in through the local 42 stand-in over HTTP, as the browser would; answers a context with the session. */
async function apiSignIn(login: string): Promise<APIRequestContext> {
  const context = await signInOver42(baseURL, login);
  contexts.push(context);
  return context;
}

async function ok(response: Promise<import('@playwright/test').APIResponse>) {
  const answer = await response;
  expect(answer.ok(), `${answer.url()}: ${answer.status()} ${await answer.text()}`).toBe(true);
  return answer.status() === 204 ? undefined : answer.json();
}

/**
 * Six candidates, one of each kind: two waiting for review, one declined, one in the challenges
 * with a submission waiting for validation, one at the hackathon step, one member.
 */
async function seedCandidates() {
  const admin = await apiSignIn('admin');
  await ok(
    admin.post('/api/challenges/admin/challenges', {
      data: {
        title: 'Blink',
        description: 'Blink an LED.',
        difficulty_level: 'beginner',
        grade: 10,
        exercise_1_title: 'Wire',
      },
    }),
  );
  const apply = async (login: string) => {
    const candidate = await apiSignIn(login);
    const application = await ok(
      candidate.post('/api/applications', { data: { motivation: 'I want to build robots with the club.' } }),
    );
    return {
      candidate,
      application,
      review: (status: 'approved' | 'declined') =>
        ok(admin.put(`/api/admin/applications/${application.id}/review`, { data: { status } })),
    };
  };
  const submitChallenge = async (candidate: APIRequestContext) => {
    const [challenge] = (await ok(candidate.get('/api/challenges/me'))).data;
    await ok(candidate.post(`/api/challenges/${challenge.id}/start`));
    await ok(
      candidate.post(`/api/challenges/${challenge.id}/exercise/1/submit`, {
        data: { tinkercad_link: 'https://www.tinkercad.com/things/overview-blink' },
      }),
    );
    await ok(candidate.post(`/api/challenges/${challenge.id}/submit`));
    return challenge.id as number;
  };

  await apply('waiting-one');
  await apply('waiting-two');
  await (await apply('declined-one')).review('declined');
  const inChallenges = await apply('in-challenges');
  await inChallenges.review('approved');
  await submitChallenge(inChallenges.candidate);
  for (const login of ['at-hackathon', 'new-member']) {
    const { candidate, application, review } = await apply(login);
    await review('approved');
    const id = await submitChallenge(candidate);
    await ok(admin.post(`/api/challenges/${id}/validate`, { data: { status: 'validated', awarded_xp: 100 } }));
    if (login === 'new-member') {
      await ok(admin.put(`/api/admin/members/${application.user_id}/role`, { data: { role: 'member' } }));
    }
  }
}

/** The rows of a chart's table, behind its "Show the numbers" disclosure. */
async function numbersOf(section: Locator): Promise<[string, string][]> {
  await section.getByText('Show the numbers').click();
  const rows = section.locator('tbody tr');
  const texts = await rows.evaluateAll((trs) =>
    trs.map((tr) => [tr.querySelector('th')!.textContent!.trim(), tr.querySelector('td')!.textContent!.trim()]),
  );
  return texts as [string, string][];
}

test.beforeAll(async () => {
  await server.start();
  await seedCandidates();
});

test.afterAll(async () => {
  for (const context of contexts) await context.dispose();
  await server.stop();
});

test('an admin opens the Overview, first in the sidebar, and sees the funnel, the weekly counts and the pending work', async ({
  page,
}) => {
  failOnConsoleErrors(page);
  await signInOverHttp(page, 'admin');
  await page.goto('/admin/users');
  const sections = page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link');
  await expect(sections.first()).toHaveText('Overview');
  await sections.first().click();
  await expect(page).toHaveURL(/\/admin\/overview$/);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();

  const funnel = page.getByRole('region', { name: 'Recruitment funnel' });
  await expect(funnel.getByRole('img', { name: /^Recruitment funnel: applied 6, approved 3,/ })).toBeVisible();
  expect(await numbersOf(funnel)).toEqual([
    ['Applied', '6'],
    ['Approved', '3'],
    ['In challenges', '1'],
    ['Hackathon', '1'],
    ['Awaiting decision', '0'],
    ['Members', '1'],
    ['Declined', '1'],
    ['Withdrawn', '0'],
  ]);

  const weekly = page.getByRole('region', { name: 'Applications per week' });
  const weeks = await numbersOf(weekly);
  expect(weeks).toHaveLength(12);
  expect(weeks.reduce((sum, [, count]) => sum + Number(count), 0)).toBe(6);

  const pending = page.getByRole('region', { name: 'Waiting for the board' });
  await expect(pending.getByRole('link', { name: '1 submission to validate' })).toHaveAttribute(
    'href',
    '/admin/submissions',
  );
  await expect(pending.getByRole('link', { name: '0 projects to validate' })).toHaveAttribute(
    'href',
    '/admin/projects',
  );
  await pending.getByRole('link', { name: '2 applications to review' }).click();
  await expect(page).toHaveURL(/\/admin\/applications\?status=pending$/);
  await expect(page.getByLabel('Status')).toHaveValue('pending');
  await expect(page.getByRole('row').filter({ hasText: 'waiting-one' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'in-challenges' })).toHaveCount(0);
});

test('the Overview fits a 360 px phone screen and passes axe, its tables open @phone', async ({ page }) => {
  failOnConsoleErrors(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await signInOverHttp(page, 'admin');
  await page.goto('/admin/overview');
  await expect(page.getByRole('img', { name: /^Recruitment funnel: applied 6,/ })).toBeVisible();
  for (const disclosure of await page.getByText('Show the numbers').all()) await disclosure.click();
  await expect(page.getByRole('rowheader', { name: 'Awaiting decision' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
});
