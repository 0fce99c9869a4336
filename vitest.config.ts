import { randomBytes } from 'node:crypto';
import { defineConfig } from 'vitest/config';

/** Names this run's reused PostgreSQL test schemas, which its teardown drops (decision 0178); the workers inherit it. */
process.env.TEST_RUN_ID ??= randomBytes(4).toString('hex');

const postgresUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI === 'true' && !postgresUrl) {
  throw new Error('CI runs the server suite on PostgreSQL too: set TEST_DATABASE_URL (.ci/run does).');
}

const serverTests = ['src/server/**/*.test.ts', 'test/**/*.test.ts'];
/**
 * Tests that hold the app to the intra's real pace (calls a second on the wall clock, across
 * processes): they run after the others, so that the suite's own load cannot make a call late
 * (decision 0146). Four files at once: they mostly sleep on the intra's pace, and their own load is
 * light (one at a time took 100 s, four take 40).
 */
const pacedTests = [
  'src/server/modules/auth/sign-in-queue.test.ts',
  'src/server/modules/auth/sign-in-guard.test.ts',
  'src/server/ops/intra-pace-across-processes.test.ts',
  'src/server/dev-intra/dev-intra.test.ts',
];

/** Files at once: the suite mostly waits on databases, servers and timers, so more than the cores. */
const WORKERS = 4;

/**
 * A server project on one engine. Server test files share their worker's loaded modules
 * (`isolate: false`: each builds its own app on its own database, and nothing in them is global),
 * which halves the suite's CPU time (decision 0146).
 */
const serverProject = (engine: 'sqlite' | 'postgres', testTimeout: number) => [
  {
    test: {
      name: `server-${engine}`,
      include: serverTests,
      exclude: pacedTests,
      env: { TEST_ENGINE: engine },
      ...(engine === 'postgres' && { globalSetup: ['test/support/server/drop-reused-schemas.ts'] }),
      testTimeout,
      hookTimeout: testTimeout,
      isolate: false,
      maxWorkers: WORKERS,
    },
  },
  {
    test: {
      name: `server-${engine}-paced`,
      include: pacedTests,
      env: { TEST_ENGINE: engine },
      testTimeout,
      hookTimeout: testTimeout,
      maxWorkers: 4,
      sequence: { groupOrder: 1 },
    },
  },
];

export default defineConfig({
  test: {
    projects: [
      ...serverProject('sqlite', 20_000),
      ...(postgresUrl ? serverProject('postgres', 30_000) : []),
      {
        // What ships: the build's config, so React's API from preact/compat (vite.config.ts), also
        // inside the libraries, which Vitest must then transform instead of leaving them to Node's
        // own `import 'react'`. The build's plugins come too: Lingui's macros (scripts/vite-lingui-macro.ts).
        extends: './vite.config.ts',
        root: '.',
        ssr: { resolve: { conditions: ['module', 'node', 'development'] } },
        test: {
          name: 'web',
          maxWorkers: WORKERS,
          include: ['src/web/**/*.test.{ts,tsx}', 'src/contract/**/*.test.ts'],
          server: { deps: { inline: ['react-router', '@tanstack/react-query', 'react-hook-form', '@lingui/react'] } },
        },
      },
    ],
  },
});
