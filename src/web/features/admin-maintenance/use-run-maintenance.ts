import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CleanupResult, ExpiredProjectsResult } from '../../../contract/maintenance';
import { api } from '../../lib/api-client';

export type MaintenanceRun = ExpiredProjectsResult & CleanupResult;

/** Runs both maintenance jobs now; the admin lists they touch are refreshed. */
export function useRunMaintenance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<MaintenanceRun> => {
      const projects = await api<ExpiredProjectsResult>('/admin/maintenance/expired-projects', { method: 'POST' });
      const cleanup = await api<CleanupResult>('/admin/maintenance/cleanup', { method: 'POST' });
      return { ...projects, ...cleanup };
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a run changed, in one sentence. */
export function describeRun(run: MaintenanceRun): string {
  if (run.expired_projects + run.sessions_deleted + run.oauth_states_deleted === 0) {
    return 'Maintenance done: nothing needed changing.';
  }
  return (
    `Maintenance done: ${plural(run.expired_projects, 'project', 'projects')} marked expired, ` +
    `${plural(run.sessions_deleted, 'expired session', 'expired sessions')} and ` +
    `${plural(run.oauth_states_deleted, 'expired sign-in state', 'expired sign-in states')} deleted.`
  );
}
