import { dropReusedSchemas } from './reused-schemas';

/** Global setup of the PostgreSQL server projects: at the end of the run, drop the schemas it reused (decision 0178). */
export function teardown(): Promise<void> {
  return dropReusedSchemas();
}
