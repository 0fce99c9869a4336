import js from '@eslint/js';
import lingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { moduleFrontDoorPlugin } from './eslint/module-front-door.js';
import { sentencePlugin } from './eslint/sentence-marker.js';
import { serverImportBlocks } from './eslint/server-imports.js';
import { webImportBlocks } from './eslint/web-imports.js';

/** The project's own rules (eslint/): one plugin, so that each block may name it. */
const club = { rules: { ...sentencePlugin.rules, ...moduleFrontDoorPlugin.rules } };

export default tseslint.config(
  // The catalogs' `locales/*.ts` are written by `lingui compile` (docs/decisions/0128-languages.md).
  { ignores: ['dist', 'data', 'node_modules', 'test-results', 'playwright-report', '**/locales/*.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, lingui },
    rules: { ...reactHooks.configs.recommended.rules, ...lingui.configs['flat/recommended'].rules },
  },
  {
    // No English left outside Lingui's macros anywhere in the web app (docs/decisions/0128-languages.md).
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          // Words that are code, not text: class names, keys, test ids (and their prefixes and suffixes);
          // paths and globs; camelCase names; constants and codes in capitals; language tags; media
          // types; SVG path data; date masks (dd/mm/yyyy); lists of class names; URLs; and strings with no letter.
          ignore: [
            '^[^a-zA-Z]*$',
            '^[-_]?[a-z0-9]+(?:[-_][a-z0-9]+)*[-_]?$',
            '^!?\\.{0,2}/',
            '^(?=.*[a-z][A-Z])[A-Za-z0-9.]+$',
            '^[A-Z][A-Z0-9_]*$',
            '^[a-z]{2,3}-[A-Z]{2}$',
            '^[a-z]+/[a-z0-9.+-]+$',
            '^[Mm] ?-?\\d',
            '^[dmyh]+(?:[/: ][dmyh]+)+$',
            '^(?=.*-)[a-z0-9-]+(?: [a-z0-9-]+)+$',
            '^https?://',
            // Field paths and id prefixes, also as a template's text ('setting-', 'sponsors..logo_url').
            '^[a-z0-9_.-]+$',
            // Keyboard key names ('Esc', 'Shift + Y').
            '^(?:Esc|Escape|Shift ?\\+)$',
          ],
          // Attributes and properties that hold code: routes' paths, link relations, CSS media
          // queries, CSS selectors (a constant whose name ends in SELECTOR).
          ignoreNames: [
            { regex: { pattern: '^(className|to|href|type|id|key|data-testid|role|path|rel|media)$' } },
            { regex: { pattern: 'SELECTOR$' } },
          ],
          // react-hook-form's field paths ('audience.step') are keys.
          ignoreFunctions: ['console.*', 'Error', '*.querySelector', '*.querySelectorAll', '*.closest', 'register'],
        },
      ],
    },
  },
  // The import direction of docs/architecture.md: web and server both use the contract, never each other.
  // The web's import rules, with its feature boundaries read from src/web/features.
  ...webImportBlocks,
  // The server's layers, by file globs (docs/decisions/0112-server-layers.md).
  ...serverImportBlocks,
  {
    // Another server module is reached through its index.ts only (eslint/module-front-door.js, decision 0162).
    // app.ts, the composition root, wires every module's routes, hooks and queues itself.
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts', 'src/server/app.ts', 'src/server/main.ts'],
    plugins: { club },
    rules: { 'club/module-front-door': 'error' },
  },
  {
    // Every sentence of the server and the contract carries its /*i18n*/ marker (eslint/sentence-marker.js).
    files: ['src/server/**/*.ts', 'src/contract/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { club },
    rules: { 'club/sentence-marker': 'error' },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/web/**'], message: 'src/contract imports nothing of server or web.' },
          ],
        },
      ],
    },
  },
  {
    // Production code never imports test support (docs/decisions/0110-test-support-root.md): test/ is
    // for *.test.ts(x) files only. The typescript-eslint twin of no-restricted-imports, so that this
    // rule adds to each folder's own no-restricted-imports instead of replacing it.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^#test(/|$)|(^|/)test/',
              message:
                'Rule "production code never imports test support": only *.test.ts(x) files import from test/ (#test/*).',
            },
          ],
        },
      ],
    },
  },
);
