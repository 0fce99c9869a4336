import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { longName } from './longest-values';
import {
  apiSignIn,
  expectAccessible,
  openHackathonRegistration,
  ownServer,
  signedInPageAt,
  toStepTwo,
  uniqueLogin,
  uniqueLongestLogin,
} from './support';

// A server of its own: the challenge this spec makes for its candidates is not handed to the
// candidates of the shared server's other specs (each is given the oldest active ones).
const server = ownServer('hackathon-admin', { FT_RATE_LIMIT: 'off', DEV_INTRA_LIMITS: 'off' });
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: server.baseURL });
test.beforeAll(() => server.start());
test.afterAll(() => server.stop());

/**
 * The Hackathon admin page for a real event (issue 32): one event at a time, kept in the address;
 * its dates edited with the rules of a new event; a member moved to another team from the keyboard
 * and the move undone; at 375 and 1280 px, with the longest logins and team names the API takes.
 */
const ok = (status: number, what: string) => expect(status, what).toBeLessThan(300);

async function seed(baseURL: string) {
  const admin = await apiSignIn(baseURL, 'admin');
  await openHackathonRegistration(admin, 'Team prep');
  const name = longName(120, `Robotics night ${uniqueLogin('n')}`);
  const created = await admin.post('/api/hackathon/events', {
    data: { name, start_at: '2032-03-10T18:00:00.000Z', end_at: '2032-03-11T18:00:00.000Z' },
  });
  ok(created.status(), 'event');
  const event = (await created.json()) as { id: number };
  const people: { login: string; id: number; api: APIRequestContext }[] = [];
  for (const prefix of ['mova', 'movb', 'movc']) {
    const login = uniqueLongestLogin(prefix);
    const api = await apiSignIn(baseURL, login);
    await toStepTwo(api, admin);
    ok((await api.post('/api/hackathon/register', { data: { event_id: event.id } })).status(), 'register');
    const me = await (await api.get('/api/users/me')).json();
    people.push({ login, id: me.id, api });
  }
  const team = async (teamName: string, members: number[]) =>
    (
      await (
        await admin.post('/api/hackathon/teams', {
          data: { event_id: event.id, name: teamName, member_user_ids: members },
        })
      ).json()
    ).id as number;
  const first = longName(80, 'Servo squad');
  const second = longName(80, 'Line followers');
  const firstId = await team(first, [people[0]!.id, people[1]!.id]);
  await team(second, [people[2]!.id]);
  return { admin, event, name, people, first, second, firstId };
}

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

test('one event at a time: edit its dates, move a member with the keyboard, undo, at 375 and 1280 px', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const world = await seed(baseURL!);
  const moved = world.people[1]!;
  for (const [width, day] of [
    [375, '12'],
    [1280, '14'],
  ] as const) {
    const page = await signedInPageAt(browser, baseURL!, 'admin', { width });
    await page.goto('/admin/hackathon');
    await page.getByRole('combobox', { name: /^Event/ }).selectOption({ label: world.name });
    await expect(page).toHaveURL(new RegExp(`event=${world.event.id}`));
    const teams = page.getByRole('region', { name: 'Teams' });
    const card = (name: string) => teams.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(card(world.first)).toContainText(`@${moved.login}`);
    expect(await sideways(page), `no sideways scrolling at ${width} px`).toBe(false);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`hackathon-admin-${width}.png`), fullPage: true });

    // The event's dates, edited with the rules of a new event: an end before the start is refused in place.
    await page.getByText('Edit the event').click();
    const details = page.getByRole('region', { name: world.name });
    await details.getByLabel('End', { exact: true }).fill('01/03/2032 10:00');
    await details.getByRole('button', { name: 'Save the event' }).click();
    await expect(details.getByLabel('End', { exact: true })).toHaveAccessibleDescription('End must be after Start');
    await details.getByLabel('Start', { exact: true }).fill(`${day}/03/2032 09:00`);
    await details.getByLabel('End', { exact: true }).fill(`${day}/03/2032 21:00`);
    await details.getByRole('button', { name: 'Save the event' }).click();
    await expect(details.getByRole('status')).toHaveText('Saved.');
    const saved = await (await world.admin.get('/api/hackathon/events')).json();
    const event = saved.data.find((candidate: { id: number }) => candidate.id === world.event.id);
    expect(event.start_at.slice(0, 10)).toBe(`2032-03-${day}`);

    // The move, from the keyboard only: the member's Move menu, then the other team.
    const menu = card(world.first).getByLabel(`Move @${moved.login}`);
    await menu.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveText(`To ${world.second}`);
    await page.keyboard.press('Enter');
    await expect(card(world.second)).toContainText(`@${moved.login}`);
    await expect(card(world.first)).not.toContainText(`@${moved.login}`);
    const toast = page.getByRole('status').filter({ hasText: `@${moved.login} moved from` });
    await expect(toast).toBeVisible();
    expect(await sideways(page), `no sideways scrolling at ${width} px after the move`).toBe(false);

    await toast.getByRole('button', { name: 'Undo' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`@${moved.login} is back in ${world.first}.`)).toBeVisible();
    await expect(card(world.first)).toContainText(`@${moved.login}`);
    await expect(card(world.second)).not.toContainText(`@${moved.login}`);
    await page.context().close();
  }
  const audit = await (await world.admin.get('/api/admin/audit-logs?action=team.member_seated')).json();
  expect(audit.total).toBeGreaterThanOrEqual(4);
});

test('a waiting registrant is added to a team from the keyboard, and the addition undone', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const world = await seed(baseURL!);
  const login = uniqueLongestLogin('wait');
  const api = await apiSignIn(baseURL!, login);
  await toStepTwo(api, world.admin);
  ok((await api.post('/api/hackathon/register', { data: { event_id: world.event.id } })).status(), 'register');
  const page = await signedInPageAt(browser, baseURL!, 'admin', { width: 1280 });
  await page.goto(`/admin/hackathon?event=${world.event.id}`);
  const waiting = page.getByRole('group', { name: 'Or pick the members of a new team' });
  const teams = page.getByRole('region', { name: 'Teams' });
  const card = (name: string) => teams.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(waiting).toContainText(`@${login}`);

  const menu = page.getByLabel(`Add @${login} to a team`);
  await menu.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveText(`To ${world.second}`);
  await page.keyboard.press('Enter');
  // The toast, then Undo at once: it leaves after a few seconds, which a loaded machine spent on
  // axe and a screenshot before (they come after the undo now).
  const toast = page.getByRole('status').filter({ hasText: `@${login} added to ${world.second}.` });
  await expect(toast).toBeVisible();
  await expect(card(world.second)).toContainText(`@${login}`);
  // Nobody waits any more: the list of those waiting is gone.
  await expect(page.getByRole('region', { name: 'Pending registrations' })).not.toContainText(`@${login}`);
  await toast.getByRole('button', { name: 'Undo' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`@${login} waits for a team again.`)).toBeVisible();
  await expect(card(world.second)).not.toContainText(`@${login}`);
  await expect(waiting).toContainText(`@${login}`);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('hackathon-admin-undone-1280.png'), fullPage: true });
  await page.context().close();
  await api.dispose();
});

test('a full team offered by "Add to team…" is refused by the server, said in the page, and nobody moves', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const world = await seed(baseURL!);
  /** A candidate at step 2 registered for the event: their login and id. */
  const registrant = async (prefix: string) => {
    const login = uniqueLongestLogin(prefix);
    const api = await apiSignIn(baseURL!, login);
    await toStepTwo(api, world.admin);
    ok((await api.post('/api/hackathon/register', { data: { event_id: world.event.id } })).status(), 'register');
    const { id } = await (await api.get('/api/users/me')).json();
    await api.dispose();
    return { login, id: id as number };
  };
  const [third, fourth, late] = [await registrant('fill'), await registrant('fillb'), await registrant('late')];
  const page = await signedInPageAt(browser, baseURL!, 'admin', { width: 1280 });
  await page.goto(`/admin/hackathon?event=${world.event.id}`);
  const teams = page.getByRole('region', { name: 'Teams' });
  const card = teams.getByRole('listitem').filter({ has: page.getByRole('heading', { name: world.first }) });
  await expect(page.getByRole('group', { name: 'Or pick the members of a new team' })).toContainText(`@${late.login}`);
  // Another board member fills the first team meanwhile: this page still shows it with two.
  for (const person of [third!, fourth!]) {
    const seat = `/api/hackathon/teams/${world.firstId}/members/${person.id}`;
    ok((await world.admin.put(seat)).status(), 'seat');
  }
  await page.getByLabel(`Add @${late.login} to a team`).click();
  await page.getByRole('button', { name: `To ${world.first}` }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'A team has at most 4 members' })).toBeVisible();
  // The page now shows the team as it is, full, and the registrant still waiting.
  await expect(card).toContainText(`@${fourth!.login}`);
  await expect(card).not.toContainText(`@${late.login}`);
  await expect(page.getByRole('group', { name: 'Or pick the members of a new team' })).toContainText(`@${late.login}`);
  // The menu, still open, now marks the team full.
  await expect(page.getByRole('button', { name: `To ${world.first} (full)` })).toBeVisible();
  await expectAccessible(page);
  await page.context().close();
});

test('the board names a judge and sets the event’s criteria on a phone; a student is not offered, a weight of 11 is refused', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const world = await seed(baseURL!);
  const login = uniqueLongestLogin('jury');
  const member = await apiSignIn(baseURL!, login);
  const { id } = await (await member.get('/api/users/me')).json();
  ok((await world.admin.put(`/api/admin/members/${id}/role`, { data: { role: 'member' } })).status(), 'member');
  await member.dispose();
  const page = await signedInPageAt(browser, baseURL!, 'admin', { width: 375 });
  await page.goto(`/admin/hackathon?event=${world.event.id}`);
  const judging = page.getByRole('region', { name: 'Judging', exact: true });
  await expect(judging).toContainText('No judge named yet');
  const search = judging.getByLabel('Find someone to name');
  // The seed's candidates are students: none may judge.
  await search.fill(world.people[0]!.login);
  await expect(judging).toContainText('No admin or member to name matches');
  await search.fill(login);
  await judging.getByRole('button', { name: `Name @${login} a judge` }).click();
  await expect(judging.getByText(`@${login} is a judge of this event.`)).toBeVisible();
  await expect(judging.getByRole('button', { name: `Remove @${login} from the judges` })).toBeVisible();
  // Found again, they are marked a judge, not offered twice.
  await expect(judging.getByRole('list', { name: 'People who may judge' })).toContainText('A judge');
  await expect(judging.getByRole('button', { name: `Name @${login} a judge` })).toHaveCount(0);
  const judges = await (await world.admin.get(`/api/hackathon/events/${world.event.id}/judges`)).json();
  expect(judges.data.map((judge: { intra_login: string }) => judge.intra_login)).toEqual([login]);

  // The default criteria, changed before the first score: a weight out of range is refused under its field.
  await expect(judging.locator('#criterion-1-name')).toHaveValue('Idea');
  await judging.locator('#criterion-2-weight').fill('11');
  await judging.getByRole('button', { name: 'Save the criteria' }).click();
  await expect(judging.locator('#criterion-2-weight-error')).toHaveText('A weight is a whole number from 1 to 10.');
  await expect(judging.locator('#criterion-2-weight')).toBeFocused();
  await judging.locator('#criterion-2-weight').fill('3');
  await judging.getByRole('button', { name: 'Add a criterion' }).click();
  await judging.locator('#criterion-4-name').fill('Wiring');
  await judging.locator('#criterion-4-max').fill('20');
  await judging.getByRole('button', { name: 'Save the criteria' }).click();
  await expect(judging.getByText('Criteria saved.')).toBeVisible();
  const rubric = await (await world.admin.get(`/api/hackathon/events/${world.event.id}/rubric`)).json();
  expect(
    rubric.criteria.map(({ name, weight, max }: { name: string; weight: number; max: number }) => [name, weight, max]),
  ).toEqual([
    ['Idea', 1, 10],
    ['Technical work', 3, 10],
    ['Demo', 1, 10],
    ['Wiring', 1, 20],
  ]);
  expect(rubric.is_default).toBe(false);
  expect(await sideways(page)).toBe(false);
  await expectAccessible(page);
  await judging.screenshot({ path: test.info().outputPath('hackathon-admin-judging-375.png') });
  await page.context().close();
});
