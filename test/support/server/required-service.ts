import { testEngine } from './test-app';

/**
 * The value of the variable naming an outside service a suite needs (PostgreSQL, Redis). Under
 * CI=true a missing one fails the run at once, never a quiet skip; on a developer's machine the
 * suite is skipped and says why.
 */
export function requireService(variable: string, what: string): string | undefined {
  const value = process.env[variable];
  if (value) return value;
  if (process.env.CI === 'true') {
    throw new Error(`${what} cannot run: ${variable} is not set, and CI must run it (.ci/run exports it).`);
  }
  console.warn(`Skipped: ${what} needs ${variable} (a local server is enough).`);
  return undefined;
}

/**
 * Every server test file is loaded by both engine projects of vitest.config.ts; a suite about
 * one engine runs in that engine's project only, so that it runs once.
 */
export function runsOnEngine(engine: 'sqlite' | 'postgres', what: string): boolean {
  if (engine === 'postgres' && testEngine === 'sqlite' && !process.env.TEST_DATABASE_URL) {
    requireService('TEST_DATABASE_URL', what);
  }
  return testEngine === engine;
}
