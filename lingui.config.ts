import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

const NOT_EXTRACTED = ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**', '**/locales/**'];

// Catalogs live beside the code they translate (docs/decisions/0128-languages.md): one per feature
// folder, so that a page loads only the messages of its own area; the web shell's (the app frame and
// the shared components); the contract's (which web and server both read); the server's (emails and
// answers). `npm run i18n:extract` writes the `.po` files from the code, `npm run i18n:compile`
// checks that every message has a translation and writes the compiled `.ts` beside each `.po`.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fr', 'ar'],
  // No fallbackLocales: a fallback counts as a translation, and `compile --strict` would then pass
  // with French or Arabic missing.
  catalogs: [
    {
      path: '<rootDir>/src/web/features/{name}/locales/{locale}',
      include: ['<rootDir>/src/web/features/{name}/'],
      exclude: NOT_EXTRACTED,
    },
    {
      path: '<rootDir>/src/web/locales/{locale}',
      include: ['<rootDir>/src/web/app', '<rootDir>/src/web/components', '<rootDir>/src/web/lib'],
      exclude: NOT_EXTRACTED,
    },
    {
      path: '<rootDir>/src/contract/locales/{locale}',
      include: ['<rootDir>/src/contract'],
      exclude: NOT_EXTRACTED,
    },
    {
      path: '<rootDir>/src/server/locales/{locale}',
      include: ['<rootDir>/src/server'],
      exclude: NOT_EXTRACTED,
    },
  ],
  // Sorted by id: extraction reads files in parallel, and the order of first sight would change from run to run.
  orderBy: 'messageId',
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
});
