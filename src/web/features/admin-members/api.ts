import { useQuery } from '@tanstack/react-query';
import { routes } from '../../../contract/routes';
import type { MemberSort, StepFilter } from '../../../contract/members';
import type { Role, User } from '../../../contract/users';
import { adminKeys, memberRootKeys } from '../../lib/query-keys';
import { call } from '../../lib/api-client';
import { usePagedQuery, useRefreshingMutation } from '../../lib/queries';

type MemberFilter = {
  role?: Role;
  q?: string;
  banned?: boolean;
  step?: StepFilter;
  campus?: string;
  sort?: MemberSort;
  offset: number;
  limit: number;
};

export const memberKeys = {
  all: memberRootKeys.all,
  list: (filter: MemberFilter) => [...memberKeys.all, 'list', filter] as const,
  detail: (id: number | null) => [...memberKeys.all, 'detail', id] as const,
};

export function useMembers(filter: MemberFilter) {
  return usePagedQuery(memberKeys.list(filter), routes.members, { query: filter });
}

export function useMember(id: number | null) {
  return useQuery({
    queryKey: memberKeys.detail(id),
    queryFn: () => call(routes.member, { params: { id: id! } }),
    enabled: id !== null,
  });
}

export type MemberChange =
  | { id: number; kind: 'role'; role: Role }
  | { id: number; kind: 'ban'; is_banned: boolean }
  | { id: number; kind: 'admin'; is_admin: boolean }
  | { id: number; kind: 'delete' };

/** Every change the Users page makes to a member; errors are shown, never swallowed. */
export function useMemberChange() {
  return useRefreshingMutation(
    (change: MemberChange): Promise<User | void> => {
      const params = { id: change.id };
      switch (change.kind) {
        case 'role':
          return call(routes.setMemberRole, { params, body: { role: change.role } });
        case 'ban':
          return call(routes.setMemberBan, { params, body: { is_banned: change.is_banned } });
        case 'admin':
          return call(routes.setMemberAdmin, { params, body: { is_admin: change.is_admin } });
        case 'delete':
          return call(routes.deleteMember, { params });
      }
    },
    // Every admin list: a role change is also the final decision on an application (its stage,
    // its history), and a deletion takes the person's application away.
    [adminKeys.all],
  );
}

/** Moves a candidate's challenge deadline, or puts the default rule back with null; the Overview's requests move too. */
export const useSetChallengeDeadline = () =>
  useRefreshingMutation(
    ({ id, deadline_at }: { id: number; deadline_at: string | null }) =>
      call(routes.setChallengeDeadline, { params: { id }, body: { deadline_at } }),
    [adminKeys.all],
  );

/** Gives a candidate at step 1 the active challenges they lack (decision 0145); their journey moves with it. */
export const useAssignChallenges = () =>
  useRefreshingMutation((id: number) => call(routes.assignChallenges, { params: { id } }), [adminKeys.all]);
