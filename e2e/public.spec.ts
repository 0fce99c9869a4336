import { expect, test } from '@playwright/test';
import { authorizeOnStandIn, failOnConsoleErrors, uniqueLogin } from './support';

for (const tag of ['', ' @phone']) {
  test(`the landing shows every section of docs/product/screens.md#landing-page${tag}`, async ({ page }) => {
    failOnConsoleErrors(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Build robots');
    await expect(page.getByRole('main').getByRole('link', { name: 'Login with 42' })).toHaveAttribute(
      'href',
      '/api/auth/login',
    );
    await expect(page.getByRole('region', { name: 'Our values' }).getByText('Teamwork').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Why join' })).toBeVisible();
    await expect(page.locator('.benefits > li')).toHaveCount(3);
    await expect(page.locator('.board > li')).toHaveCount(4);
    await expect(page.getByRole('heading', { name: 'Sponsors' })).toBeVisible();
    await page.getByRole('link', { name: 'Learn More' }).click();
    await expect(page).toHaveURL(/#how-it-works$/);
    await expect(page.getByRole('heading', { name: 'How it works' })).toBeInViewport();
  });

  test(`the rules page shows counters, journey, XP, rules, FAQ and the sign-in link${tag}`, async ({ page }) => {
    failOnConsoleErrors(page);
    await page.goto('/process');
    const counters = page.getByRole('list', { name: 'The process in numbers' });
    for (const text of ['4 steps', '4 challenges', '450 min XP', '600 max XP'])
      await expect(counters).toContainText(text);
    await expect(page.getByText('Each completed exercise is worth 25 XP')).toBeVisible();
    await expect(page.getByText('At 450 XP or more you reach junior member status.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in to start your application' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  test(`the contact page has its four cards with working links${tag}`, async ({ page }) => {
    failOnConsoleErrors(page);
    await page.goto('/contact');
    for (const heading of ['Visit us', 'Call us', 'Email us', 'Social media']) {
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    }
    const call = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Call us' }) });
    const phone = call.getByRole('link', { name: /^\+/ });
    await expect(phone).toHaveAttribute('href', /^tel:\+/);
    // The number is the link, said once.
    const number = (await phone.textContent())!;
    expect((await call.textContent())!.split(number)).toHaveLength(2);
    await expect(page.getByRole('main').getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(page.getByRole('link', { name: 'Open the map' })).toHaveAttribute('href', /^https:/);
    await expect(page.getByRole('main').getByRole('link', { name: 'Login with 42' })).toHaveAttribute(
      'href',
      '/api/auth/login',
    );
  });
}

test('an unknown path shows the not-found page with a way home', async ({ page }) => {
  const answer = await page.goto('/no-such-page');
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the hero Login with 42 starts sign-in when signed out and goes to /apply when signed in', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'Login with 42' }).click();
  await authorizeOnStandIn(page, uniqueLogin('hero'));
  await page.waitForURL((url) => url.pathname === '/');
  const other = await page.context().newPage();
  await other.goto('/process');
  await expect(other.getByRole('link', { name: 'Start Application' })).toHaveAttribute('href', '/apply');
  await other.close();
});

test('the FAQ opens and closes from the keyboard, and the skip link leads to the content', async ({ page }) => {
  await page.goto('/process');
  await expect(page.getByRole('heading', { name: 'How to join the club' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  const question = page.getByText('How long does the whole process take?');
  await question.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('About 4-6 weeks from application')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText('About 4-6 weeks from application')).toBeHidden();
});
