import type { ProjectStatus, ProjectValidation } from '../../../contract/projects';
import { routes } from '../../../contract/routes';
import { adminKeys } from '../../lib/query-keys';
import { call } from '../../lib/api-client';
import { usePagedQuery, useRefreshingMutation } from '../../lib/queries';

type ProjectFilter = { status?: ProjectStatus; q?: string; offset: number; limit: number };

export const projectKeys = {
  all: [...adminKeys.all, 'projects'] as const,
  list: (filter: ProjectFilter) => [...projectKeys.all, 'list', filter] as const,
};

export function useAdminProjects(filter: ProjectFilter) {
  return usePagedQuery(projectKeys.list(filter), routes.projects, { query: filter });
}

/** Approve or reject a pending project; every list showing it is refreshed. */
export const useValidateProject = () =>
  useRefreshingMutation(
    ({ id, ...decision }: ProjectValidation & { id: number }) =>
      call(routes.validateProject, { params: { id }, body: decision }),
    [projectKeys.all],
  );
