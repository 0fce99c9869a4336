import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignInWaiting } from '../../../contract/auth';
import { SIGNED_IN_COOKIE } from '../../../contract/constants';
import { routes } from '../../../contract/routes';
import type { Me, User } from '../../../contract/users';
import type { Locale } from '../../../contract/locales';
import { call, href } from '../../lib/api-client';
import { activateLocale, rememberLocale } from '../../lib/i18n';
import { sessionKeys } from '../../lib/query-keys';

/** Whether the server says this browser holds a session (a readable cookie set beside it). */
export function probablySignedIn(): boolean {
  return document.cookie.split('; ').includes(`${SIGNED_IN_COOKIE}=1`);
}

/** The signed-in user's copy of their data, a JSON file (decisions §15, decision 0165). */
export const myDataUrl = (): string => href(routes.exportMyData, {});

/** The signed-in user, or null: any answer but 200 from /users/me means signed out (docs/product/api.md#api-calls). */
export function useSession() {
  const query = useQuery({
    queryKey: sessionKeys.all,
    // Signed-out visitors have no session to look up: no request, no 401.
    queryFn: () => (probablySignedIn() ? call(routes.me).catch(() => null) : null),
    // Without the cookie the answer is known at once: the first render is the last, where a
    // pending query rendered the page twice (docs/decisions/0126-a-lighter-landing.md).
    ...(probablySignedIn() ? {} : { initialData: null }),
    staleTime: 5 * 60_000,
  });
  return { user: query.data ?? null, loading: query.isPending };
}

/** The user a sign-in answered; `GET /api/users/me` is then asked for what it adds (`is_judge`). */
export function useSetSession() {
  const client = useQueryClient();
  return (user: User | null) => {
    const session: Me | null = user ? { ...user, is_judge: false } : null;
    client.setQueryData(sessionKeys.all, session);
    if (user) void client.invalidateQueries({ queryKey: sessionKeys.all });
  };
}

/**
 * Speaks `locale` at once and remembers it in this browser; a signed-in user's choice is saved on
 * the account too (decisions.md §12), where the emails and the next sign-in read it.
 */
export function useChooseLocale() {
  const client = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: async (locale: Locale) => {
      rememberLocale(locale);
      await activateLocale(locale);
      if (!user) return;
      // The answer is the user without `is_judge` (decision 0163): the session keeps it.
      const saved = await call(routes.setMyPreferences, { body: { locale } });
      client.setQueryData<Me | null>(sessionKeys.all, (session) => session && { ...session, ...saved });
    },
  });
}

/**
 * Signs out, then loads `redirectTo` afresh: nothing of the signed-in user stays in memory,
 * and no guarded page sees the session vanish and redirects somewhere else first.
 */
/**
 * Erases the signed-in user's account, confirmed by their login (decision 0166); the server ends
 * the session, and the browser loads the landing afresh, signed out.
 */
export function useEraseMyAccount() {
  return useMutation({
    mutationFn: (confirm: string) => call(routes.eraseMyAccount, { body: { confirm } }),
    onSuccess: () => {
      window.location.assign('/');
    },
  });
}

export function useSignOut(redirectTo: string) {
  return useMutation({
    mutationFn: () => call(routes.signOut),
    onSuccess: () => {
      window.location.assign(redirectTo);
    },
  });
}

export type Waiting = Pick<SignInWaiting, 'position'>;
export type Exchange = { done: Promise<User>; waiting?: Waiting; onWaiting?: (waiting: Waiting) => void };
export const NO_USER_MESSAGE = msg`No user data received from callback`;

// The code is single-use: React's development double effects must not send it twice.
const exchanges = new Map<string, Exchange>();

const isWaiting = (answer: User | SignInWaiting | null): answer is SignInWaiting =>
  !!answer && 'status' in answer && answer.status === 'waiting';

/**
 * Calls the callback until the sign-in is done: while it waits behind the intra's limit the
 * server answers 202 with the place in line, and the same code and state are sent again later.
 */
export function exchange(code: string, state: string): Exchange {
  const key = `${code}:${state}`;
  let entry = exchanges.get(key);
  if (!entry) {
    entry = {} as Exchange;
    entry.done = untilSignedIn(code, state, entry);
    exchanges.set(key, entry);
  }
  return entry;
}

async function untilSignedIn(code: string, state: string, progress: Exchange): Promise<User> {
  for (;;) {
    // A 204 or an empty body would be no user at all, whatever the table says.
    const answer: User | SignInWaiting | null = await call(routes.signInCallback, { query: { code, state } });
    if (!isWaiting(answer)) {
      if (!answer?.id) throw new Error(i18n._(NO_USER_MESSAGE));
      return answer;
    }
    progress.waiting = { position: answer.position };
    progress.onWaiting?.(progress.waiting);
    await new Promise((resolve) => setTimeout(resolve, answer.retry_after_ms));
  }
}
