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
 * Tests that hold the app to the intra's real pace on the wall clock, across processes: they run
 * after the others, so that the suite's own load cannot make a call late (decision 0146), both
 * engines' at once. Its processes start one pair at a time (decision 0182): the group is
 * CPU-bound, and its two cases side by side took no less time. The other tests of the pace (the
 * sign-in queue and guard, the stand-in's limits) run with the rest on a clock they drive
 * (decision 0193).
 */
const pacedTests = ['src/server/ops/intra-pace-across-processes.test.ts'];

/**
 * Files at once, in three groups that run one after the other (decision 0182). PostgreSQL's own
 * processes take a share of the two cores, so its files go four at once; the SQLite and web files
 * wait on nothing but themselves, timers and the servers they start, and go six at once.
 */
const GROUPS = {
  postgres: { groupOrder: 0, maxWorkers: 4 },
  sqliteAndWeb: { groupOrder: 1, maxWorkers: 6 },
  paced: { groupOrder: 2, maxWorkers: 2 },
} as const;

/** Bundles the server that tests start as processes, once for the run (test/support/server/server-bundle.ts). */
const SERVER_BUNDLE = 'test/support/server/server-bundle.ts';

/**
 * A server project on one engine. Server test files share their worker's loaded modules
 * (`isolate: false`: each builds its own app on its own database, and nothing in them is global),
 * which halves the suite's CPU time (decision 0146).
 */
const serverProject = (engine: 'sqlite' | 'postgres', testTimeout: number) => {
  const { groupOrder, maxWorkers } = engine === 'postgres' ? GROUPS.postgres : GROUPS.sqliteAndWeb;
  return [
    {
      test: {
        name: `server-${engine}`,
        include: serverTests,
        exclude: pacedTests,
        env: { TEST_ENGINE: engine },
        globalSetup: [SERVER_BUNDLE, ...(engine === 'postgres' ? ['test/support/server/drop-reused-schemas.ts'] : [])],
        testTimeout,
        hookTimeout: testTimeout,
        isolate: false,
        maxWorkers,
        sequence: { groupOrder },
      },
    },
    {
      test: {
        name: `server-${engine}-paced`,
        include: pacedTests,
        env: { TEST_ENGINE: engine },
        globalSetup: [SERVER_BUNDLE],
        testTimeout,
        hookTimeout: testTimeout,
        maxWorkers: GROUPS.paced.maxWorkers,
        sequence: { groupOrder: GROUPS.paced.groupOrder },
      },
    },
  ];
};

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
          maxWorkers: GROUPS.sqliteAndWeb.maxWorkers,
          sequence: { groupOrder: GROUPS.sqliteAndWeb.groupOrder },
          include: ['src/web/**/*.test.{ts,tsx}', 'src/contract/**/*.test.ts'],
          server: { deps: { inline: ['react-router', '@tanstack/react-query', 'react-hook-form', '@lingui/react'] } },
        },
      },
    ],
  },
});
