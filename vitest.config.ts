import { defineConfig } from 'vitest/config';

const postgresUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI === 'true' && !postgresUrl) {
  throw new Error('CI runs the server suite on PostgreSQL too: set TEST_DATABASE_URL (.ci/run does).');
}

const serverTests = ['src/server/**/*.test.ts', 'test/**/*.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server-sqlite',
          include: serverTests,
          env: { TEST_ENGINE: 'sqlite' },
          testTimeout: 20_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'server-postgres',
                include: serverTests,
                env: { TEST_ENGINE: 'postgres' },
                testTimeout: 30_000,
              },
            },
          ]
        : []),
      {
        // What ships: the build's config, so React's API from preact/compat (vite.config.ts), also
        // inside the libraries, which Vitest must then transform instead of leaving them to Node's
        // own `import 'react'`. The build's plugins come too: Lingui's macros (scripts/vite-lingui-macro.ts).
        extends: './vite.config.ts',
        root: '.',
        ssr: { resolve: { conditions: ['module', 'node', 'development'] } },
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}', 'src/contract/**/*.test.ts'],
          server: { deps: { inline: ['react-router', '@tanstack/react-query', 'react-hook-form', '@lingui/react'] } },
        },
      },
    ],
  },
});
