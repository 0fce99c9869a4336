import { useMutation } from '@tanstack/react-query';
import type { Audience, MessageInput } from '../../../contract/messages';
import { routes } from '../../../contract/routes';
import { adminKeys } from '../../lib/query-keys';
import { call } from '../../lib/api-client';
import { usePagedQuery, useRefreshingMutation } from '../../lib/queries';

export const sentMessageKeys = {
  all: [...adminKeys.all, 'messages'] as const,
  page: (page: { offset: number; limit: number }) => [...sentMessageKeys.all, page] as const,
};

/** What the board sent, newest first, a page at a time. */
export function useSentMessages(page: { offset: number; limit: number }) {
  return usePagedQuery(sentMessageKeys.page(page), routes.sentMessages, { query: page });
}

/** Sends a message to its audience; the list of sent messages follows. */
export const useSendMessage = () =>
  useRefreshingMutation((body: MessageInput) => call(routes.sendMessage, { body }), [sentMessageKeys.all]);

/** How many people an audience names now, asked before the board confirms (decision 0145). */
export const useAudienceCount = () =>
  useMutation({ mutationFn: (audience: Audience) => call(routes.messageAudienceCount, { body: { audience } }) });

/** Takes back a message within its undo window: its emails never leave, and the list follows. */
export const useUndoMessage = () =>
  useRefreshingMutation((id: number) => call(routes.undoMessage, { params: { id } }), [sentMessageKeys.all]);
