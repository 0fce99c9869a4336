import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { List } from '../../../contract/common';
import type { Project, ProjectStatus, ProjectValidation } from '../../../contract/projects';
import { api } from '../../lib/api-client';

export const ADMIN_PROJECTS_KEY = ['admin', 'projects'] as const;

export function useAdminProjects(filter: { status?: ProjectStatus; q?: string; offset: number; limit: number }) {
  return useQuery({
    queryKey: [...ADMIN_PROJECTS_KEY, 'list', filter],
    queryFn: () => api<List<Project>>('/admin/projects', { query: filter }),
    placeholderData: keepPreviousData,
  });
}

/** Approve or reject a pending project; every list showing it is refreshed. */
export function useValidateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...decision }: ProjectValidation & { id: number }) =>
      api<Project>(`/admin/projects/${id}/validate`, { method: 'PUT', body: decision }),
    onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_PROJECTS_KEY }),
  });
}
