// `npm start`: builds when the build is missing or older than the sources, then runs the server
// (it migrates the database itself at start). A newcomer's command: it prints the address and the
// stand-in's admin login, and the rest only when something is wrong (docs/decisions/0150-a-quiet-first-start.md).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist/.build-stamp');

function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
const sources = Math.max(
  newestSource(path.join(root, 'src')),
  fs.statSync(path.join(root, 'package-lock.json')).mtimeMs,
);
if (builtAt < sources) {
  console.log('Building the app (first start, or the sources changed)...');
  // The build's report (every file and its size) is for whoever runs `npm run build`; here it is
  // shown only when the build fails, with the reason.
  // A translation still missing shows in English, with one warning line (scripts/compile-catalogs.mjs).
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, I18N_LENIENT: '1' },
  });
  if (build.status !== 0) {
    process.stderr.write(`${build.stdout ?? ''}${build.stderr ?? ''}`);
    console.error(build.error ? `The build could not run: ${build.error.message}` : 'The build failed (above).');
    process.exit(1);
  }
  const missing = build.stderr.split('\n').find((line) => line.startsWith('Warning: translations missing'));
  if (missing) console.warn(missing);
}

// Warnings and errors only, unless LOG_LEVEL asks for more: the server's info lines (its own
// "Server listening" beside the address below, the hourly maintenance) are for operators.
process.env.LOG_LEVEL ??= 'warn';

await import(path.join(root, 'dist/server/main.js'));
