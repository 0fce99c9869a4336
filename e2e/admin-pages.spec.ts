import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { adminSectionPaths, failOnConsoleErrors, signIn } from './support';

// Every page of the sidebar, read from the sidebar itself so that a new admin page is covered too.
for (const [width, tag] of [
  [1280, ''],
  [360, ' @phone'],
] as const) {
  test(`every admin page loads without sideways scrolling and passes axe at ${width} px${tag}`, async ({ page }) => {
    test.setTimeout(180_000);
    failOnConsoleErrors(page);
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, 'admin');
    const paths = await adminSectionPaths(page);

    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Spinners are gone before measuring (some pages keep a live status line, so not role=status).
      await expect(page.locator('.spinner')).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${path}: ${v.id} (${v.nodes.length})`)).toEqual([]);
    }
  });
}
