import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts/compile-catalogs.mjs');

/** A project of one sentence, translated in French and not in Arabic, beside the app (for its node_modules). */
let project: string;
beforeAll(() => {
  project = fs.mkdtempSync(path.join(ROOT, '.tmp-catalogs-'));
  fs.writeFileSync(
    path.join(project, 'lingui.config.js'),
    `import { formatter } from '@lingui/format-po';
export default {
  sourceLocale: 'en',
  locales: ['en', 'fr', 'ar'],
  catalogs: [{ path: '<rootDir>/locales/{locale}', include: ['<rootDir>/src'] }],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
};
`,
  );
  fs.mkdirSync(path.join(project, 'locales'));
  const po = (translation: string) =>
    `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\nmsgid "Hello"\nmsgstr "${translation}"\n`;
  fs.writeFileSync(path.join(project, 'locales/en.po'), po('Hello'));
  fs.writeFileSync(path.join(project, 'locales/fr.po'), po('Bonjour'));
  fs.writeFileSync(path.join(project, 'locales/ar.po'), po(''));
});
afterAll(() => fs.rmSync(project, { recursive: true, force: true }));

const compile = (env: Record<string, string>) =>
  spawnSync(process.execPath, [SCRIPT], { cwd: project, encoding: 'utf8', env: { ...process.env, ...env } });

// `npm start` and `npm run dev` compile leniently, `npm run build` (and so `npm test`) strictly.
// No database here: the PostgreSQL project would only run it again.
describe.skipIf(process.env.TEST_ENGINE === 'postgres')('compiling the catalogs', () => {
  it('fails on a missing translation by default', () => {
    fs.rmSync(path.join(project, 'locales/ar.ts'), { force: true });
    const strict = compile({ I18N_LENIENT: '' });
    expect(strict.status).not.toBe(0);
    expect(fs.existsSync(path.join(project, 'locales/ar.ts'))).toBe(false);
  });

  it('for a start, shows a missing translation in English and says so in one warning line', () => {
    const lenient = compile({ I18N_LENIENT: '1' });
    expect(lenient.status).toBe(0);
    expect(lenient.stdout).toBe('');
    expect(lenient.stderr.trim().split('\n')).toEqual([
      'Warning: translations missing (1 in ar); those sentences show in English. `npx lingui compile --strict --verbose` lists them.',
    ]);
    expect(fs.readFileSync(path.join(project, 'locales/ar.ts'), 'utf8')).toContain('[\\"Hello\\"]');
    expect(fs.readFileSync(path.join(project, 'locales/fr.ts'), 'utf8')).toContain('[\\"Bonjour\\"]');
  });
});
