import { expect, test } from '@playwright/test';
import { failOnConsoleErrors, signIn } from './support';

// The server's refusals reach the page in the page's language: the web asks the API with
// Accept-Language set to the active locale, and the server tells its sentences in it
// (docs/decisions/0128-languages.md). The webhook address rule is checked on the server only.

const ENGLISH = 'The address must start with https:// (http:// only to this machine, outside production)';
const REFUSED: Record<'fr' | 'ar', string> = {
  fr: 'L’adresse doit commencer par https:// (http:// seulement vers cette machine, hors production)',
  ar: 'يجب أن يبدأ الرابط بـ https:// (ولا يُقبل http:// إلا نحو هذا الجهاز، خارج بيئة الإنتاج)',
};

for (const [browserLocale, locale] of [
  ['fr-FR', 'fr'],
  ['ar', 'ar'],
] as const) {
  test.describe(`a ${locale} browser`, () => {
    test.use({ locale: browserLocale });

    test('shows a form’s server refusal in its language, never in English', async ({ page }) => {
      failOnConsoleErrors(page);
      await signIn(page, 'admin');
      await page.goto('/admin/webhooks');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const form = page.locator('form[aria-labelledby="webhook-form-title"]');
      // Located by id and type: the form's own labels are translated by the page's catalogs.
      await form.locator('#webhook-url').fill('http://example.com/hook');
      await form.getByRole('checkbox').first().check();
      const refused = page.waitForResponse(
        (answer) => answer.url().endsWith('/api/admin/webhooks') && answer.request().method() === 'POST',
      );
      await form.locator('button[type="submit"]').click();
      const answer = await refused;
      expect(answer.status()).toBe(400);
      expect(await answer.request().headerValue('accept-language')).toBe(locale);
      expect(await answer.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      // Under the field, and in the form's banner.
      await expect(form.locator('#webhook-url-error')).toHaveText(REFUSED[locale]);
      await expect(form.getByRole('alert').filter({ hasText: REFUSED[locale] })).toBeVisible();
      await expect(form.locator('#webhook-url')).toBeFocused();
      await expect(page.getByText(ENGLISH)).toHaveCount(0);
    });
  });
}
