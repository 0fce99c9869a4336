import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// One catalog per language for now (docs/decisions/0128-languages.md): `npm run i18n:extract`
// writes src/locales/<locale>.po from the code, `npm run i18n:compile` checks that every message
// has a translation and writes the compiled src/locales/<locale>.ts that web and server import.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fr', 'ar'],
  // No fallbackLocales: a fallback counts as a translation, and `compile --strict` would then pass
  // with French or Arabic missing.
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src/web', '<rootDir>/src/contract', '<rootDir>/src/server'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
});
