import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '../../../contract/common';
import type { ProjectFormInput } from '../../../contract/projects';
import { routes } from '../../../contract/routes';
import { call } from '../../lib/api-client';
import { useRefreshingMutation } from '../../lib/queries';

export const myProjectKeys = { all: ['projects', 'me'] as const };

/** The member's own projects, newest first (a member has a handful: one page of 100 holds them). */
export function useMyProjects() {
  return useQuery({
    queryKey: myProjectKeys.all,
    queryFn: () => call(routes.myProjects, { query: { limit: MAX_PAGE_SIZE } }),
  });
}

export const useProposeProject = () =>
  useRefreshingMutation((form: ProjectFormInput) => call(routes.propose, { body: form }), [myProjectKeys.all]);
