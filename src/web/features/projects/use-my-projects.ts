import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type List } from '../../../contract/common';
import type { Project, ProjectForm } from '../../../contract/projects';
import { api } from '../../lib/api-client';

export const MY_PROJECTS_KEY = ['projects', 'me'] as const;

/** The member's own projects, newest first (a member has a handful: one page of 100 holds them). */
export function useMyProjects() {
  return useQuery({
    queryKey: MY_PROJECTS_KEY,
    queryFn: () => api<List<Project>>('/projects/me', { query: { limit: MAX_PAGE_SIZE } }),
  });
}

export function useProposeProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: ProjectForm) => api<Project>('/projects', { method: 'POST', body: form }),
    onSuccess: () => client.invalidateQueries({ queryKey: MY_PROJECTS_KEY }),
  });
}
