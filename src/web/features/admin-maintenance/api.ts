import type { CleanupResult, ExpiredProjectsResult } from '../../../contract/maintenance';
import { routes } from '../../../contract/routes';
import { adminKeys } from '../../lib/query-keys';
import { call } from '../../lib/api-client';
import { useRefreshingMutation } from '../../lib/queries';

export type MaintenanceRun = ExpiredProjectsResult & CleanupResult;

/** Runs both maintenance jobs now; the admin lists they touch are refreshed. */
export const useRunMaintenance = () =>
  useRefreshingMutation(async (): Promise<MaintenanceRun> => {
    const projects = await call(routes.expireProjects);
    const cleanup = await call(routes.cleanUp);
    return { ...projects, ...cleanup };
  }, [adminKeys.all]);
