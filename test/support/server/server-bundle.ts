import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server the tests start as processes (server-process.ts): src/server/main.ts bundled once per
 * run by the global setup of the server projects, as `npm run build` bundles it (the sources under
 * test, never a stale dist/). Node then loads one file, where tsx's loader transformed each source
 * at every start: about 1 s of CPU per start instead of 2.7 (decision 0189).
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Inside node_modules, so that the bundle's imports of packages find the project's. */
const bundleDir = () => path.join(ROOT, 'node_modules/.cache/club-test-server', process.env.TEST_RUN_ID ?? 'local');

/** The bundled server of this run; throws when the run's global setup did not make it. */
export function serverBundle(): string {
  const main = path.join(bundleDir(), 'main.js');
  if (!fs.existsSync(main)) {
    throw new Error(`${main} is missing: the server projects' global setup (vitest.config.ts) bundles it.`);
  }
  return main;
}

// The four server projects share this setup, in Vitest's one main process: one bundle serves them all.
const shared = globalThis as { clubServerBundle?: Promise<unknown> };

/** Global setup: bundles the server for the run; the teardown removes it. */
export async function setup(): Promise<() => void> {
  const dir = bundleDir();
  // Imported here, not at the top: the test workers read this file for serverBundle() alone.
  const { bundleServer } = await import('../../../scripts/server-bundle.mjs');
  shared.clubServerBundle ??= bundleServer(dir, { main: path.join(ROOT, 'src/server/main.ts') });
  await shared.clubServerBundle;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
