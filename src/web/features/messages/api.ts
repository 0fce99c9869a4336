import { useQuery } from '@tanstack/react-query';
import { routes } from '../../../contract/routes';
import { call } from '../../lib/api-client';
import { useRefreshingMutation } from '../../lib/queries';

export const myMessageKeys = { all: ['messages', 'me'] as const };

/** The board's messages to the signed-in person, newest first, with how many are unread. */
export function useMyMessages() {
  return useQuery({ queryKey: myMessageKeys.all, queryFn: () => call(routes.myMessages) });
}

/** Marks one message read; the list and its unread count follow. */
export const useMarkMessageRead = () =>
  useRefreshingMutation((id: number) => call(routes.readMessage, { params: { id } }), [myMessageKeys.all]);
