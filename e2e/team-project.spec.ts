import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { longestLogin } from './longest-values';
import { apiSignIn, ownServer, signedInPageAt, toStepTwo, uniqueLogin } from './support';

// A server of its own: the challenge this spec makes for its candidates is not handed to the
// candidates of the shared server's other specs (each is given the oldest active ones).
const server = ownServer('team-project', { FT_RATE_LIMIT: 'off', DEV_INTRA_LIMITS: 'off' });
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: server.baseURL });
test.beforeAll(() => server.start());
test.afterAll(() => server.stop());

const HOUR = 3600_000;

/**
 * A hackathon team's project on the tracker (spec §14, decision 0171): during the event a member
 * writes it (title, Markdown, links) and reads it back rendered; the deadline is stated.
 */
async function seatedInRunningEvent(admin: APIRequestContext, candidate: APIRequestContext, login: string) {
  const event = await (
    await admin.post('/api/hackathon/events', {
      data: {
        name: `Build night ${login}`,
        start_at: new Date(Date.now() + 24 * HOUR).toISOString(),
        end_at: new Date(Date.now() + 48 * HOUR).toISOString(),
      },
    })
  ).json();
  expect((await candidate.post('/api/hackathon/register', { data: { event_id: event.id } })).status()).toBe(201);
  expect((await admin.post('/api/hackathon/assign', { data: { event_id: event.id } })).status()).toBe(200);
  // The event begins: it started an hour ago and ends in a day.
  const moved = await admin.put(`/api/hackathon/events/${event.id}`, {
    data: {
      start_at: new Date(Date.now() - HOUR).toISOString(),
      end_at: new Date(Date.now() + 23 * HOUR).toISOString(),
    },
  });
  expect(moved.status()).toBe(200);
}

for (const { width, locale, long } of [
  { width: 375, locale: 'fr', long: false },
  { width: 1280, locale: 'ar', long: true },
]) {
  test(`a team member writes the team's project on the tracker at ${width} px in ${locale}, and reads it rendered`, async ({
    browser,
    baseURL,
  }) => {
    const admin = await apiSignIn(baseURL!, 'admin');
    expect(
      (
        await admin.put('/api/admin/settings', { data: { settings: { hackathon_registration_delay_days: 0 } } })
      ).status(),
    ).toBe(200);
    const challenge = await admin.post('/api/challenges/admin/challenges', {
      data: {
        title: `Project prep ${uniqueLogin('p')}`,
        description: 'One exercise.',
        difficulty_level: 'beginner',
        grade: 10,
        exercise_1_title: 'Wire',
      },
    });
    expect(challenge.status()).toBe(201);
    const login = long ? longestLogin('tp') : uniqueLogin('tp');
    const page = await signedInPageAt(browser, baseURL!, login, { width, locale });
    await toStepTwo(page.request, admin);
    await seatedInRunningEvent(admin, page.request, login);

    const title = long ? 'ع'.repeat(60) + 'W'.repeat(60) : 'Suiveur de ligne';
    const link = long ? `https://example.org/${'x'.repeat(470)}` : 'https://github.com/club/suiveur';
    await page.goto('/apply');
    const section = page.getByRole('region', { name: locale === 'fr' ? 'Le projet de votre équipe' : 'مشروع فريقكم' });
    await expect(section).toContainText(locale === 'fr' ? 'jusqu’au' : 'حتى');
    const form = section.getByRole('form', { name: locale === 'fr' ? 'Rédiger le projet' : 'كتابة المشروع' });

    // A plain http address is refused under its field, in the page's language.
    await form.getByLabel(locale === 'fr' ? 'Titre' : 'العنوان').fill(title);
    await form
      .getByLabel(locale === 'fr' ? 'Description (facultative)' : 'الوصف (اختياري)')
      .fill('Un robot qui **suit** une ligne.\n\n- capteurs IR\n- PID');
    await form.getByLabel(locale === 'fr' ? 'Lien 1' : 'الرابط 1').fill('http://example.org');
    await form.getByRole('button', { name: locale === 'fr' ? 'Enregistrer le projet' : 'حفظ المشروع' }).click();
    await expect(form.getByLabel(locale === 'fr' ? 'Lien 1' : 'الرابط 1')).toHaveAccessibleDescription(
      locale === 'fr' ? 'Saisissez une adresse web commençant par https://.' : 'يُرجى إدخال عنوان ويب يبدأ بـ https://.',
    );
    await form.getByLabel(locale === 'fr' ? 'Lien 1' : 'الرابط 1').fill(link);
    await form.getByRole('button', { name: locale === 'fr' ? 'Enregistrer le projet' : 'حفظ المشروع' }).click();

    await expect(section.getByRole('heading', { name: title })).toBeVisible();
    await expect(section.locator('strong', { hasText: 'suit' })).toBeVisible();
    await expect(section.getByRole('link', { name: link })).toHaveAttribute('href', link);
    await expect(section).toContainText(`@${login}`);
    await expect(
      section.getByRole('button', { name: locale === 'fr' ? 'Modifier le projet' : 'تعديل المشروع' }),
    ).toBeVisible();

    // Nothing wider than the page.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const { violations } = await new AxeBuilder({ page }).include('.team-project').analyze();
    expect(
      violations.map((violation) => violation.id),
      JSON.stringify(violations.map((v) => v.nodes.map((n) => [n.target, n.failureSummary]))),
    ).toEqual([]);
    await section.screenshot({ path: test.info().outputPath(`team-project-${width}-${locale}.png`) });

    // The edit form opens on what was saved.
    await section.getByRole('button', { name: locale === 'fr' ? 'Modifier le projet' : 'تعديل المشروع' }).click();
    await expect(section.getByLabel(locale === 'fr' ? 'Titre' : 'العنوان')).toHaveValue(title);
    const { violations: formViolations } = await new AxeBuilder({ page }).include('.team-project').analyze();
    expect(formViolations.map((violation) => violation.id)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`team-project-form-${width}-${locale}.png`), fullPage: true });
    await page.context().close();
    await admin.dispose();
  });
}
