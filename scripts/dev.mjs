// `npm run dev`: the API with reload on port 3000, and Vite with hot reload on 5173 in front of it.
import { spawn, spawnSync } from 'node:child_process';

// The catalogs as the sources have them; a translation still missing shows in English, with one
// warning line (scripts/compile-catalogs.mjs).
const catalogs = spawnSync('node', ['scripts/compile-catalogs.mjs'], {
  stdio: 'inherit',
  env: { ...process.env, I18N_LENIENT: '1' },
});
if (catalogs.status !== 0) process.exit(catalogs.status ?? 1);

const env = { ...process.env, PORT: '3000', PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' };
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
