import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError, callWith, type AnyRoute, type CallInput } from './api-client';

/** One page of a list: the page on screen stays there while the next one loads. */
export function usePagedQuery<R extends AnyRoute>(queryKey: QueryKey, route: R, input: CallInput<R>) {
  return useQuery({
    queryKey,
    queryFn: () => callWith(route, input),
    placeholderData: keepPreviousData,
  });
}

/**
 * A change, then a refresh of every query under the keys given, in their order. A change refused
 * with 409 refreshes them too: the page showed a state that changed meanwhile (another board
 * member filled the team), and now shows the one the server refused against.
 */
export function useRefreshingMutation<T, R>(request: (input: T) => Promise<R>, keys: readonly QueryKey[]) {
  const client = useQueryClient();
  const refresh = async () => {
    for (const queryKey of keys) await client.invalidateQueries({ queryKey });
  };
  return useMutation({
    mutationFn: request,
    onSuccess: refresh,
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 409) await refresh();
    },
  });
}

/** For `.catch`: an answer of this status means `value` (a 404 is "none yet"), any other failure stays one. */
export const answerOn =
  <T>(status: number, value: T) =>
  (error: unknown): T => {
    if (error instanceof ApiError && error.status === status) return value;
    throw error;
  };
