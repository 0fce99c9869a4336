import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The import direction of docs/architecture.md: web and server both use the contract, never each other. */
const forbid = (folder, why) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: [`**/${folder}/**`, `**/${folder}`], message: why }] }],
});

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'test-results', 'playwright-report'] },
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
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...forbid('server', 'src/web must not import src/server: share code through src/contract.'),
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: forbid('web', 'src/server must not import src/web: share code through src/contract.'),
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
);
