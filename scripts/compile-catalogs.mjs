// Compiles the translation catalogs. Strict by default (`npm run build`, which `npm test` runs): a
// sentence without its French or Arabic fails the build. With I18N_LENIENT=1 (`npm start`, `npm run
// dev`) a missing translation shows in English instead, and one warning line says how many: a
// newcomer's start never stops on a translation (docs/decisions/0160-translations-never-stop-a-start.md).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';

// The project whose catalogs are compiled: where the command runs (npm runs it at the root).
const root = process.cwd();
const LINGUI = path.resolve(import.meta.dirname, '../node_modules/@lingui/cli/dist/lingui.js');
const lenient = process.env.I18N_LENIENT === '1';

if (!lenient) {
  const compile = spawnSync(process.execPath, [LINGUI, 'compile', '--strict'], { cwd: root, stdio: 'inherit' });
  process.exit(compile.status ?? 1);
}

/** How many messages each language lacks, over every catalog. */
async function missingTranslations() {
  const config = getConfig({ cwd: root });
  const missing = new Map();
  for (const catalog of await getCatalogs(config)) {
    for (const locale of config.locales.filter((locale) => locale !== config.sourceLocale)) {
      const translations = await catalog.getTranslations(locale, {
        sourceLocale: config.sourceLocale,
        fallbackLocales: config.fallbackLocales,
      });
      missing.set(locale, (missing.get(locale) ?? 0) + translations.missing.length);
    }
  }
  return [...missing].filter(([, count]) => count > 0);
}

// Lingui's own compile, without --strict: a missing translation takes the source locale's (English).
const compile = spawnSync(process.execPath, [LINGUI, 'compile'], { cwd: root, encoding: 'utf8' });
if (compile.status !== 0) {
  process.stderr.write(`${compile.stdout ?? ''}${compile.stderr ?? ''}`);
  process.exit(compile.status ?? 1);
}
const missing = await missingTranslations();
if (missing.length > 0) {
  const counts = missing.map(([locale, count]) => `${count} in ${locale}`).join(', ');
  console.warn(
    `Warning: translations missing (${counts}); those sentences show in English. \`npx lingui compile --strict --verbose\` lists them.`,
  );
}
