import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { ownServer, signedInPage, uniqueLogin } from './support';

/**
 * The review screen (decision 0118). The queue serves every open application of the database:
 * on the shared server of the run it would serve the other specs' candidates too, so this spec
 * has a server and a database of its own, with a second admin whose vote the first one sees.
 */
const server = ownServer('board-review', {
  FT_RATE_LIMIT: 'off',
  DEV_INTRA_LIMITS: 'off',
  ADMIN_LOGINS: 'admin,second-admin',
});

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: server.baseURL });
test.beforeAll(() => server.start());
test.afterAll(() => server.stop());

const newPage = (browser: Browser, login: string) => signedInPage(browser, server.baseURL, login);

/** A new candidate who applied; answers their login and the application's id. */
async function candidate(browser: Browser, motivation: string): Promise<{ login: string; id: number }> {
  const login = uniqueLogin('cand');
  const page = await newPage(browser, login);
  const applied = await page.request.post('/api/applications', { data: { motivation } });
  expect(applied.status()).toBe(201);
  const { id } = await applied.json();
  await page.context().close();
  return { login, id };
}

/** Presses Tab until the target has the focus, as a keyboard user would reach it. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 60; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the target never got the focus');
}

/** The focus is on something of the page, never dropped on the body. */
async function expectFocusKept(page: Page): Promise<void> {
  const focused = await page.evaluate(() => document.activeElement?.tagName ?? 'none');
  expect(focused).not.toBe('BODY');
  expect(focused).not.toBe('none');
}

/** No sideways scroll and no serious axe finding at a desktop and a phone width; a screenshot of each. */
async function checkScreen(page: Page, name: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.locator('.spinner')).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} scrolls sideways by ${overflow} px at ${width} px`).toBeLessThanOrEqual(0);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${width} px: ${v.id} (${v.nodes.length})`)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an admin reviews three applications with the keyboard only: votes, comments, decides, moves on, reads the keys', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const first = await candidate(browser, 'I built a line follower with my cousin.');
  const second = await candidate(browser, 'I want to learn control loops for drones.');
  const third = await candidate(browser, 'I solder since I was twelve.');
  // Another admin voted on the first: it has the most votes, so the queue serves it last.
  const colleague = await newPage(browser, 'second-admin');
  const voted = await colleague.request.put(`/api/admin/applications/${first.id}/vote`, {
    data: { vote: 'no', comment: 'Motivation is thin.' },
  });
  expect(voted.status()).toBe(200);

  const admin = await newPage(browser, 'admin');
  await admin.goto('/admin/applications');
  const queueLink = admin.getByRole('link', { name: 'Review the queue' });
  await tabTo(admin, queueLink);
  await admin.keyboard.press('Enter');

  const heading = admin.getByRole('heading', { level: 1 });
  const said = (text: string) => admin.getByRole('status').filter({ hasText: text });
  const votes = admin.getByRole('region', { name: 'Votes of the board' });
  const plan = [
    { who: second, vote: 'y', word: 'Yes', said: 'Voted yes.', decide: 'Shift+Y', decision: 'approved' },
    { who: third, vote: 'a', word: 'Abstain', said: 'Abstained.', decide: 'Shift+N', decision: 'declined' },
    { who: first, vote: 'n', word: 'No', said: 'Voted no.', decide: 'Shift+N', decision: 'declined' },
  ] as const;
  for (const [index, step] of plan.entries()) {
    if (index > 0) await admin.keyboard.press('j');
    await expect(heading).toHaveText(`Application of @${step.who.login}`);
    await expect(admin).toHaveURL(new RegExp(`/admin/applications/${step.who.id}$`));
    await expect(heading).toBeFocused();

    const comment = `Comment ${index + 1}: seen on the review screen.`;
    await admin.keyboard.press('c');
    await expect(admin.getByLabel('Comment (optional, sent with your vote)')).toBeFocused();
    // Keys do nothing while typing: this "y" and "j" are letters of the comment.
    await admin.keyboard.type(comment);
    await admin.keyboard.press('Escape');
    await expect(admin.getByRole('heading', { name: 'Your vote' })).toBeFocused();
    await admin.keyboard.press(step.vote);
    await expect(said(step.said)).toBeVisible();
    await expect(votes.getByRole('listitem').filter({ hasText: '@admin' })).toContainText(comment);
    await expectFocusKept(admin);

    // The decision asks first, naming the candidate; Enter confirms (the confirm button has the focus).
    await admin.keyboard.press(step.decide);
    const verb = step.decision === 'approved' ? 'Approve' : 'Decline';
    const confirm = admin.getByRole('dialog', { name: `${verb} the application of @${step.who.login}?` });
    await expect(confirm.getByRole('button', { name: verb })).toBeFocused();
    // While it is open the screen's keys rest: no vote changes behind it.
    await admin.keyboard.press('n');
    await admin.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(said(`The application of @${step.who.login} is ${step.decision}.`)).toBeVisible();
    await expect(admin.getByRole('heading', { name: 'Decision' })).toBeFocused();
    const history = admin.getByRole('region', { name: 'History' });
    await expect(history).toContainText(`@admin ${step.decision} the application.`);
    if (index === 1) {
      // u takes the decision back while its Undo is offered; then the admin decides again.
      await admin.keyboard.press('u');
      await expect(
        said(`The decline of @${step.who.login} is undone: the application is pending again.`),
      ).toBeVisible();
      await expect(history).toContainText('@admin undid the decision.');
      await expect(admin.getByRole('region', { name: 'Candidate' })).toContainText('pending');
      await expectFocusKept(admin);
      // The undone decision's mail never reached the outbox's list: only the "received" one is there.
      const outbox = await (await admin.request.get('/dev/mail')).text();
      const toCandidate = outbox.split('<article').filter((mail) => mail.includes(`${step.who.login}@`));
      expect(toCandidate.map((mail) => mail.match(/<h2[^>]*>([^<]*)<\/h2>/)?.[1])).toEqual([
        'We received your application',
      ]);
      await admin.keyboard.press(step.decide);
      await admin.keyboard.press('Enter');
      await expect(admin.getByRole('region', { name: 'Candidate' })).toContainText('declined');
    }
    const mine = votes.getByRole('listitem').filter({ hasText: '@admin' });
    await expect(mine).toContainText(comment);
    await expect(mine.locator('.badge').first()).toHaveText(step.word);
  }
  // The first one shows the colleague's vote beside this admin's.
  await expect(votes).toContainText('@second-admin');
  await expect(votes).toContainText('Motivation is thin.');
  await checkScreen(admin, 'review-screen');

  await admin.keyboard.press('j');
  await expect(said('No application is left in the queue: you have voted on every open one.')).toBeVisible();
  await expect(heading).toHaveText(`Application of @${first.login}`);

  await admin.keyboard.press('k');
  await expect(heading).toHaveText(`Application of @${third.login}`);
  await expect(heading).toBeFocused();

  await admin.keyboard.press('?');
  const dialog = admin.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  for (const does of ['Next application from the review queue', 'Vote yes', 'Decline', 'Show these keys']) {
    await expect(dialog.getByRole('cell', { name: does, exact: true })).toBeVisible();
  }
  // While the dialog is open the screen's keys rest.
  await admin.keyboard.press('k');
  await expect(heading).toHaveText(`Application of @${third.login}`);
  await admin.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(heading).toBeFocused();
});

test("blind review: the list and the screen hide the candidate until the admin's own vote", async ({ browser }) => {
  // Five screens checked at two widths each.
  test.setTimeout(180_000);
  const admin = await newPage(browser, 'admin');
  const blind = (on: boolean) => admin.request.put('/api/admin/settings', { data: { settings: { blind_review: on } } });
  expect((await blind(true)).status()).toBe(200);
  try {
    const hidden = await candidate(browser, 'I like robots that sort recycling.');
    await admin.goto('/admin/applications?status=pending');
    const card = admin.getByRole('row').filter({ hasText: 'I like robots that sort recycling.' });
    await expect(card).toContainText('Candidate hidden until you vote');
    await expect(card).not.toContainText(hidden.login);
    await expect(card.locator('.avatar')).toHaveCount(0);
    await checkScreen(admin, 'applications-blind');

    const review = card.getByRole('link', { name: `Review application #${hidden.id}` });
    await tabTo(admin, review);
    await admin.keyboard.press('Enter');
    const heading = admin.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(`Application #${hidden.id}`);
    const candidatePanel = admin.getByRole('region', { name: 'Candidate' });
    await expect(candidatePanel).toContainText('Candidate hidden until you vote');
    await expect(candidatePanel).toContainText('42 level');
    await expect(admin.getByRole('region', { name: 'History' })).toContainText(
      'The candidate submitted the application.',
    );
    await expect(admin.locator('main')).not.toContainText(hidden.login);
    await checkScreen(admin, 'review-blind');

    // Nor do the log and the candidate's own page tell whose application it is (decision 0136).
    await admin.goto('/admin/logs?entity_type=application');
    const submitted = admin.locator('tr.log-row').filter({ hasText: new RegExp(`Application #${hidden.id}(?!\\d)`) });
    await expect(submitted).toContainText('The candidate (hidden until you vote)');
    await expect(admin.locator('main')).not.toContainText(hidden.login);
    await checkScreen(admin, 'logs-blind');
    await admin.goto(`/admin/users?q=${hidden.login}`);
    await admin.getByRole('button', { name: `View @${hidden.login}` }).click();
    const profile = admin.getByRole('dialog', { name: `@${hidden.login}` });
    await expect(profile).toContainText('1 application is hidden until you vote on it (blind review).');
    await expect(profile).not.toContainText(`#${hidden.id}`);
    await expect(profile).not.toContainText('No application.');
    await checkScreen(admin, 'user-blind');

    await admin.goto(`/admin/applications/${hidden.id}`);
    await expect(heading).toHaveText(`Application #${hidden.id}`);
    // The heading shows before the application has loaded; a key pressed then has nothing to vote on.
    await expect(candidatePanel).toContainText('Candidate hidden until you vote');
    await admin.keyboard.press('y');
    await expect(heading).toHaveText(`Application of @${hidden.login}`);
    await expect(candidatePanel).not.toContainText('Candidate hidden until you vote');
    await expect(admin.getByRole('region', { name: 'History' })).toContainText(
      `The candidate (@${hidden.login}) submitted the application.`,
    );
  } finally {
    await blind(false);
  }
});
