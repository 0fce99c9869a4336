import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { signedInPageAt, uniqueLogin } from './support';

/**
 * A copy of one's data (decisions §15, decision 0165): from the account menu, in the reader's
 * language, a JSON file with what the candidate wrote in it.
 */
test('a candidate downloads a copy of their data from the account menu, in French', async ({ browser, baseURL }) => {
  const login = uniqueLogin('copy');
  const page = await signedInPageAt(browser, baseURL!, login, { width: 1280, locale: 'fr' });
  await page.goto('/apply');
  await page.getByLabel('Motivation').fill('Je construis des robots suiveurs de ligne.');
  await page.getByRole('button', { name: 'Envoyer ma candidature' }).click();
  await expect(page.getByRole('heading', { name: 'Candidature envoyée\u202f!' })).toBeVisible();

  await page.getByRole('button', { name: /Menu du compte/ }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Télécharger mes données' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^robotics-club-${login}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const data = JSON.parse(fs.readFileSync((await file.path())!, 'utf8'));
  expect(data.profile.intra_login).toBe(login);
  expect(data.applications[0].motivation).toBe('Je construis des robots suiveurs de ligne.');
  await page.context().close();
});
