import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { List } from '../../../contract/common';
import type { MemberDetail } from '../../../contract/members';
import type { Role, User } from '../../../contract/users';
import { api } from '../../lib/api-client';

export const MEMBERS_KEY = ['admin', 'members'] as const;

export function useMembers(filter: { role?: Role; q?: string; offset: number; limit: number }) {
  return useQuery({
    queryKey: [...MEMBERS_KEY, 'list', filter],
    queryFn: () => api<List<User>>('/admin/members', { query: filter }),
    placeholderData: keepPreviousData,
  });
}

export function useMember(id: number | null) {
  return useQuery({
    queryKey: [...MEMBERS_KEY, 'detail', id],
    queryFn: () => api<MemberDetail>(`/admin/members/${id}`),
    enabled: id !== null,
  });
}

type MemberChange =
  | { id: number; kind: 'role'; role: Role }
  | { id: number; kind: 'ban'; is_banned: boolean }
  | { id: number; kind: 'admin'; is_admin: boolean }
  | { id: number; kind: 'delete' };

/** Every change the Users page makes to a member; errors are shown, never swallowed. */
export function useMemberChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: MemberChange): Promise<User | void> => {
      const path = `/admin/members/${change.id}`;
      switch (change.kind) {
        case 'role':
          return api<User>(`${path}/role`, { method: 'PUT', body: { role: change.role } });
        case 'ban':
          return api<User>(`${path}/ban`, { method: 'PUT', body: { is_banned: change.is_banned } });
        case 'admin':
          return api<User>(`${path}/admin`, { method: 'PUT', body: { is_admin: change.is_admin } });
        case 'delete':
          return api<void>(path, { method: 'DELETE' });
      }
    },
    onSuccess: () => client.invalidateQueries({ queryKey: MEMBERS_KEY }),
  });
}
