// `npm run lint:api`: Redocly's linter, configured by redocly.yaml, reads the OpenAPI document
// the app serves at /api/docs/json and fails on any error or warning (decision 0111). The app
// is built as `npm start` builds it, on an empty in-memory database, and never listens.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { API_DOCS_PREFIX } from '../src/server/plugins/api-docs';

type LintReport = { totals: { errors: number; warnings: number; ignored: number } };

async function servedDocument(): Promise<string> {
  // The defaults of a plain `npm start`, not this shell's environment (no Redis, no PUBLIC_URL).
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'warn' });
  const database = openDatabase(config.database);
  await migrateToLatest(database);
  const app = await buildApp(config, { database, maintenance: false });
  try {
    const answer = await app.inject({ url: `${API_DOCS_PREFIX}/json` });
    if (answer.statusCode !== 200) throw new Error(`${API_DOCS_PREFIX}/json answered ${answer.statusCode}`);
    return answer.body;
  } finally {
    await app.close();
  }
}

const redocly = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin/cli.js',
);
const config = fileURLToPath(new URL('../redocly.yaml', import.meta.url));
const lint = (file: string, format: string) =>
  spawnSync(
    process.execPath,
    [redocly, 'lint', file, '--config', config, '--lint-config=error', `--format=${format}`],
    {
      encoding: 'utf8',
      // No update notice and no usage report to Redocly's servers from the test run.
      env: { ...process.env, REDOCLY_SUPPRESS_NOTIFICATIONS: 'true', REDOCLY_TELEMETRY: 'off' },
    },
  );

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-openapi-'));
try {
  const file = path.join(dir, 'openapi.json');
  // Indented, so that the report's line numbers point somewhere.
  fs.writeFileSync(file, JSON.stringify(JSON.parse(await servedDocument()), null, 2));
  const run = lint(file, 'json');
  if (run.status !== 0 && run.status !== 1) throw new Error(`redocly lint failed (${run.status}):\n${run.stderr}`);
  // Redocly exits 1 on errors only; the JSON report also counts the warnings, which fail here too.
  const { errors, warnings, ignored } = (JSON.parse(run.stdout) as LintReport).totals;
  if (errors + warnings > 0 || run.status !== 0) {
    const detailed = lint(file, 'stylish');
    process.stdout.write(detailed.stdout);
    console.error(`API description: ${errors} errors, ${warnings} warnings (redocly.yaml, decision 0111)`);
    process.exitCode = 1;
  } else {
    console.log(`API description: 0 errors, 0 warnings, ${ignored} ignored (redocly lint, recommended rules)`);
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
