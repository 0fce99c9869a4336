// `npm start`: builds when the build is missing or older than the sources, then runs the server
// (it migrates the database itself at start).
import { execSync } from 'node:child_process';
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
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

await import(path.join(root, 'dist/server/main.js'));
