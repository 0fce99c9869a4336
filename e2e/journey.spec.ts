import { expect, test, type Page } from '@playwright/test';
import { failOnConsoleErrors, signIn, signInOverHttp, uniqueLogin } from './support';

test.describe.configure({ mode: 'serial' });

async function asAdmin(browser: import('@playwright/test').Browser): Promise<Page> {
  const page = await browser.newPage();
  failOnConsoleErrors(page);
  await signInOverHttp(page, 'admin');
  return page;
}

test('a candidate applies, the admin approves on the review screen, the tracker moves to step 1, the log shows it', async ({
  page,
  browser,
}) => {
  failOnConsoleErrors(page);
  const login = uniqueLogin('apply');
  await signIn(page, login);
  await page.goto('/apply');
  const submit = page.getByRole('button', { name: 'Submit Application' });
  await expect(page.getByText('0/2000 characters (minimum 10)')).toBeVisible();
  await page.getByLabel('Motivation').fill('Too short');
  await expect(submit).toBeDisabled();
  await page.getByLabel('Motivation').fill('I build line followers and want to learn control loops with the club.');
  await page.getByLabel('Experience level').selectOption('intermediate');
  await page.getByLabel('GitHub profile (optional)').fill('https://github.com/someone');
  // The privacy notice must be read first: without the box ticked nothing is sent.
  await submit.click();
  await expect(page.getByText('Please confirm that you have read the privacy notice.')).toBeVisible();
  await expect(page.getByLabel('I have read the privacy notice')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('link', { name: 'Read the privacy notice (opens in a new tab)' })).toHaveAttribute(
    'target',
    '_blank',
  );
  expect((await page.request.get('/api/applications/me')).status()).toBe(404);
  await page.getByLabel('I have read the privacy notice').check();
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
  expect((await (await page.request.get('/api/users/me/export')).json()).applications[0].privacy_accepted_at).toEqual(
    expect.any(String),
  );
  await expect(page.getByText(/3-5 business days/)).toBeVisible();

  const admin = await asAdmin(browser);
  await admin.goto('/admin/applications');
  await admin.getByLabel('Status').selectOption('pending');
  const card = admin.getByRole('row').filter({ hasText: login });
  await card.getByRole('link', { name: `Review the application of ${login}` }).click();
  await expect(admin.getByRole('heading', { name: `Application of @${login}`, level: 1 })).toBeVisible();
  await expect(admin.getByText('I build line followers')).toBeVisible();
  const decision = admin.getByRole('region', { name: 'Decision' });
  await decision.getByLabel(/Note to the candidate/).fill('Welcome!');
  await decision.getByRole('button', { name: 'Approve' }).click();
  await admin
    .getByRole('dialog', { name: `Approve the application of @${login}?` })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(decision.getByRole('button', { name: 'Approve' })).toBeHidden();

  await page.reload();
  await expect(page.getByRole('heading', { name: '4 Challenges' })).toBeVisible();
  await expect(page.locator('[aria-current="step"]')).toContainText('4 Challenges');

  await admin.goto('/admin/logs');
  await admin.getByLabel('Action').fill('approved');
  await expect(admin.getByRole('cell', { name: 'application.approved' }).first()).toBeVisible();
  await admin.close();
});

test('the admin manages challenges; a candidate completes one and the admin validates it in Submissions', async ({
  page,
  browser,
}) => {
  failOnConsoleErrors(page);
  const admin = await asAdmin(browser);
  const title = `Blink ${uniqueLogin('c')}`;
  await admin.goto('/admin/challenges');
  await admin.getByRole('button', { name: 'Add challenge' }).click();
  let dialog = admin.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Title is required.')).toBeVisible();
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Description', { exact: true }).fill('Make an LED blink with an Arduino.');
  await dialog.getByLabel('Grade (0-100)').fill('40');
  for (const n of [1, 2, 3, 4]) await dialog.getByLabel(`Exercise ${n} title`).fill(`Step ${n}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const card = admin.getByRole('listitem').filter({ hasText: title });
  await expect(card.getByText('40/100')).toBeVisible();

  // A second challenge keeps the candidate at step 1 once the first is validated.
  const second = await admin.request.post('/api/challenges/admin/challenges', {
    data: {
      title: `Sense ${uniqueLogin('s')}`,
      description: 'Read a sensor.',
      difficulty_level: 'beginner',
      grade: 10,
      exercise_1_title: 'Read',
    },
  });
  expect(second.status()).toBe(201);

  const login = uniqueLogin('chal');
  await signIn(page, login);
  const applied = await page.request.post('/api/applications', {
    data: { motivation: 'Robots are what I want to build.' },
  });
  expect(applied.status()).toBe(201);
  const application = await applied.json();
  const approved = await admin.request.put(`/api/admin/applications/${application.id}/review`, {
    data: { status: 'approved' },
  });
  expect(approved.status()).toBe(200);

  await page.goto('/apply');
  const challenge = page.getByRole('article').filter({ hasText: title });
  // Not started, its exercises are folded away under a summary that counts them.
  await expect(challenge.getByText('Exercises: 0 of 4 done')).toBeVisible();
  await expect(challenge.getByText('Exercise 1: Read')).toBeHidden();
  await challenge.getByRole('button', { name: 'Start' }).click();
  // A disabled button says why, beside it.
  await expect(challenge.getByRole('button', { name: 'Submit for review' })).toBeDisabled();
  await expect(challenge.getByRole('button', { name: 'Submit for review' })).toHaveAccessibleDescription(
    'Send the link of at least one exercise before you submit the challenge for review.',
  );
  for (const n of [1, 2, 3, 4]) {
    const input = challenge.getByLabel(`Tinkercad link for exercise ${n}`);
    await input.fill(`https://www.tinkercad.com/things/demo${n}`);
    await challenge
      .getByRole('listitem')
      .filter({ hasText: `Exercise ${n}:` })
      .getByRole('button', { name: 'Save link' })
      .click();
    await expect(
      challenge.getByText(`Link saved for exercise ${n}. It goes to the board with the challenge.`),
    ).toBeVisible();
  }
  await challenge.getByRole('button', { name: 'Submit for review' }).click();
  await expect(
    challenge.getByText('Challenge submitted for review! Board members will validate your work.'),
  ).toBeVisible();
  await expect(challenge.getByText('Pending Review')).toBeVisible();

  await admin.goto('/admin/submissions');
  const submission = admin.getByRole('row').filter({ hasText: login });
  await expect(submission.getByRole('link', { name: 'https://www.tinkercad.com/things/demo1' })).toHaveAttribute(
    'rel',
    'noopener noreferrer',
  );
  await submission.getByRole('button', { name: 'Validate' }).click();
  dialog = admin.getByRole('dialog');
  await expect(dialog.getByText(/Recommended: 25 × 4 completed exercises = 100/)).toBeVisible();
  await dialog.getByLabel('Feedback for the candidate (optional)').fill('Clean wiring: well done.');
  await dialog.getByRole('button', { name: 'Validate' }).click();
  await expect(admin.getByText('Challenge validated successfully!')).toBeVisible();

  await page.reload();
  await expect(
    page.getByRole('article').filter({ hasText: title }).locator('.badge', { hasText: 'Completed' }),
  ).toBeVisible();
  // The board's feedback on a validated challenge reaches the candidate, as a decline's does.
  await expect(page.getByRole('article').filter({ hasText: title })).toContainText(
    'Feedback from the board: Clean wiring: well done.',
  );
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.locator('.user-facts')).toContainText('100');
  await admin.close();
});

test('the Submissions page says when nothing waits, and the hackathon page asks for an event', async ({ browser }) => {
  const admin = await asAdmin(browser);
  await admin.goto('/admin/hackathon');
  // No event chosen: the events to choose from and a new one; an event's registrants and teams come with it.
  await expect(admin.getByRole('heading', { name: 'Events' })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'New event' })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Pending registrations' })).toBeHidden();
  await admin.getByRole('button', { name: 'Create event' }).click();
  await expect(admin.getByText('Name, Start and End are required')).toBeVisible();
  await admin.close();
});
