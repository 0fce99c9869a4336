import { defineConfig } from 'vitest/config';
import { linguiMacroPlugin } from './scripts/vite-lingui-macro';

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
        plugins: [linguiMacroPlugin()],
        test: { name: 'web', include: ['src/web/**/*.test.{ts,tsx}', 'src/contract/**/*.test.ts'] },
      },
    ],
  },
});
