import { expect, test } from '@playwright/test';
import { failOnConsoleErrors, signInOverHttp, toStepTwo, uniqueLogin } from './support';

test('a candidate goes from the hackathon to membership: event, registration, auto-assign, XP, approval', async ({
  page,
  browser,
}) => {
  failOnConsoleErrors(page);
  const admin = await browser.newPage();
  await signInOverHttp(admin, 'admin');
  // Registration normally opens a week after the last validation; the board can shorten it.
  expect(
    (
      await admin.request.put('/api/admin/settings', { data: { settings: { hackathon_registration_delay_days: 0 } } })
    ).status(),
  ).toBe(200);
  const challenge = await admin.request.post('/api/challenges/admin/challenges', {
    data: {
      title: `Hack prep ${uniqueLogin('h')}`,
      description: 'One exercise.',
      difficulty_level: 'beginner',
      grade: 10,
      exercise_1_title: 'Wire',
    },
  });
  expect(challenge.status()).toBe(201);

  const login = uniqueLogin('hack');
  await signInOverHttp(page, login);
  await toStepTwo(page.request, admin.request);

  const eventName = `Night ${login}`;
  await admin.goto('/admin/hackathon');
  await admin.getByLabel('Name', { exact: true }).fill(eventName);
  await admin.getByLabel('Start', { exact: true }).fill('10/01/2030 18:00');
  await admin.getByLabel('End', { exact: true }).fill('11/01/2030 18:00');
  await admin.getByRole('button', { name: 'Create event' }).click();
  await expect(admin.getByRole('listitem').filter({ hasText: eventName })).toBeVisible();
  const eventId = new URL(
    await admin
      .getByRole('link', { name: eventName })
      .getAttribute('href')
      .then((href) => href!),
    admin.url(),
  ).searchParams.get('event');

  await page.goto('/apply');
  await expect(page.getByRole('heading', { name: 'Hackathon (24h project)' })).toBeVisible();
  await expect(page.getByText('Not registered')).toBeVisible();
  await page.getByRole('listitem').filter({ hasText: eventName }).getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Registered (waiting for team assignment)')).toBeVisible();

  await admin.reload();
  await admin.getByRole('combobox', { name: /^Event/ }).selectOption({ label: eventName });
  await admin.getByRole('button', { name: 'Auto-assign Teams' }).click();
  const assign = admin.getByRole('dialog', { name: `Auto-assign the teams of ${eventName}?` });
  await expect(assign).toContainText('The one person waiting for a team is put into a team');
  // Alone in a team of one: said, and confirmed by a button that says so (issue 32).
  await expect(assign).toContainText('Team size: 1.');
  await expect(assign).toContainText('One person would be alone in a team.');
  await expect(assign.getByRole('button', { name: 'Auto-assign Teams' })).toHaveCount(0);
  await assign.getByRole('button', { name: 'Make a team of one' }).click();
  await expect(admin.getByText(/1 team created/)).toBeVisible();
  // Choosing another event narrows the teams to that event's: none.
  const other = `Other ${login}`;
  expect(
    (
      await admin.request.post('/api/hackathon/events', {
        data: { name: other, start_at: '2030-02-10T18:00:00.000Z', end_at: '2030-02-11T18:00:00.000Z' },
      })
    ).status(),
  ).toBe(201);
  await admin.reload();
  const teams = admin.getByRole('region', { name: 'Teams' });
  await admin.getByRole('combobox', { name: /^Event/ }).selectOption({ label: other });
  await expect(teams.getByText('No teams for this event yet.')).toBeVisible();
  await expect(teams.getByText(`@${login}`)).toBeHidden();
  // The event chosen is in the address: a reload or a shared link opens the same one.
  await admin.goto(`/admin/hackathon?event=${eventId}`);
  await expect(admin.getByRole('combobox', { name: /^Event/ })).toHaveValue(eventId!);
  await expect(teams.getByText(`@${login}`)).toBeVisible();

  await page.reload();
  await expect(page.getByText('Assigned to a team')).toBeVisible();
  const unregister = page
    .getByRole('listitem')
    .filter({ hasText: eventName })
    .getByRole('button', { name: 'Unregister' });
  await expect(unregister).toBeDisabled();
  await expect(unregister).toHaveAccessibleDescription(
    'You are in a team for this event: ask the board if you cannot take part.',
  );
  await expect(page.getByText(`@${login}`)).toBeVisible();

  // The event takes place; the board closes it by moving it into the past.
  const events = await (await admin.request.get('/api/hackathon/events')).json();
  const event = events.data.find((e: { name: string }) => e.name === eventName);
  expect(
    (
      await admin.request.put(`/api/hackathon/events/${event.id}`, {
        data: { start_at: '2026-01-01T08:00:00.000Z', end_at: '2026-01-02T08:00:00.000Z' },
      })
    ).status(),
  ).toBe(200);

  await admin.reload();
  const team = admin.getByRole('listitem').filter({ hasText: `@${login}` });
  await team.getByLabel(/Team XP/).fill('150');
  await team.getByRole('button', { name: 'Save' }).click();
  await expect(team.getByLabel(/Team XP/)).toHaveValue('150');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Waiting for Board Approval' })).toBeVisible();
  await expect(page.getByText(/Your total:/)).toContainText('XP');

  await admin.goto('/admin/users');
  await admin.getByLabel('Search').fill(login);
  await admin
    .getByRole('row')
    .filter({ hasText: login })
    .getByRole('button', { name: `View @${login}` })
    .click();
  const dialog = admin.getByRole('dialog', { name: `@${login}` });
  await expect(dialog.getByText('Board Approval')).toBeVisible();
  await dialog.getByRole('button', { name: 'Approve as member' }).click();
  const confirm = admin.getByRole('dialog', { name: `Make @${login} a member of the club?` });
  await expect(confirm).toContainText('becomes a junior member of the club and gets a welcome email');
  await confirm.getByRole('button', { name: 'Approve as member' }).click();
  await expect(dialog.getByText('Complete')).toBeVisible();
  await expect(admin.getByRole('status').filter({ hasText: `@${login} is now a member of the club.` })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: /Congratulations/ })).toBeVisible();
  await expect(page.getByText(/completed on/).first()).toBeVisible();
  await admin.close();
});

test('the new event form shows a refusal under the field it names, not at the top of the page', async ({ page }) => {
  failOnConsoleErrors(page);
  await signInOverHttp(page, 'admin');
  await page.goto('/admin/hackathon');
  const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'New event' }) });
  await form.getByLabel('Name').fill(`Backwards ${uniqueLogin('ev')}`);
  await form.getByLabel('Start').fill('02/05/2030 10:00');
  await form.getByLabel('End').fill('01/05/2030 10:00');
  await form.getByRole('button', { name: 'Create event' }).click();
  await expect(form.getByLabel('End')).toHaveAccessibleDescription('End must be after Start');
  await expect(page.getByRole('alert').filter({ hasText: 'end_at' })).toHaveCount(0);
});
