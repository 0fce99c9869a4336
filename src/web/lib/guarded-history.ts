import { parsePath, type Path, type To, type UNSAFE_createBrowserHistory } from 'react-router';

type History = ReturnType<typeof UNSAFE_createBrowserHistory>;
type Listener = Parameters<History['listen']>[0];
type Update = Parameters<Listener>[0];

/** Answers true to hold a navigation from `currentLocation` to `nextLocation` until the person decides. */
export type BlockerFunction = (args: { currentLocation: Path; nextLocation: Path }) => boolean;

export type Blocker = { state: 'unblocked' } | { state: 'blocked'; proceed: () => void; reset: () => void };

const UNBLOCKED: Blocker = { state: 'unblocked' };

export type GuardedHistory = History & {
  /** Holds the navigations `shouldBlock` refuses (one blocker at a time); answers the release. */
  block(shouldBlock: BlockerFunction): () => void;
  /** The held navigation, if any, with proceed() and reset(); `subscribe` tells of each change. */
  blocker(): Blocker;
  subscribe(onChange: () => void): () => void;
};

const pathOf = (to: To): Path => {
  const { pathname = '/', search = '', hash = '' } = typeof to === 'string' ? parsePath(to) : to;
  return { pathname, search, hash };
};

/**
 * A history that can hold a navigation until the person answers, as React Router's data router
 * does for `useBlocker`, so that the app can use the lighter declarative router (the data router
 * weighed 14 KB more on the landing: docs/decisions/0126-a-lighter-landing.md). Links and
 * navigate() go through push() and replace(), held before the address changes; Back and Forward
 * have already moved the address when they are heard, so they are undone (go(-delta)) and done
 * again on proceed().
 */
export function createGuardedHistory(inner: History): GuardedHistory {
  let shouldBlock: BlockerFunction | undefined;
  let blocker = UNBLOCKED;
  const watchers = new Set<() => void>();
  // The address the app shows: on a Back or Forward, `inner.location` is already the next one.
  let shown: Path = pathOf(inner.location);
  // The Back or Forward that undoes a held one is not news to the app.
  let undoing: (() => void) | undefined;

  const setBlocker = (next: Blocker) => {
    blocker = next;
    for (const watcher of watchers) watcher();
  };
  const holds = (to: To) => shouldBlock?.({ currentLocation: shown, nextLocation: pathOf(to) }) ?? false;
  const hold = (resume: () => void) =>
    setBlocker({
      state: 'blocked',
      proceed: () => {
        setBlocker(UNBLOCKED);
        resume();
      },
      reset: () => setBlocker(UNBLOCKED),
    });

  // One history, one listener (React Router's rule); passing lets a proceeded Back through.
  let passing = false;
  const listen = (listener: Listener) =>
    inner.listen((update: Update) => {
      if (undoing) {
        const undone = undoing;
        undoing = undefined;
        undone();
        return;
      }
      const delta = update.delta;
      if (update.action === 'POP' && !passing && delta && holds(update.location)) {
        const undone = new Promise<void>((resolve) => (undoing = resolve));
        inner.go(-delta);
        hold(() => {
          void undone.then(() => {
            passing = true;
            inner.go(delta);
          });
        });
        return;
      }
      passing = false;
      shown = pathOf(update.location);
      listener(update);
    });

  return {
    get action() {
      return inner.action;
    },
    get location() {
      return inner.location;
    },
    listen,
    createHref: (to) => inner.createHref(to),
    createURL: (to) => inner.createURL(to),
    encodeLocation: (to) => inner.encodeLocation(to),
    go: (delta) => inner.go(delta),
    push: (to, state) => (holds(to) ? hold(() => inner.push(to, state)) : inner.push(to, state)),
    replace: (to, state) => (holds(to) ? hold(() => inner.replace(to, state)) : inner.replace(to, state)),
    block(next) {
      shouldBlock = next;
      return () => {
        if (shouldBlock !== next) return;
        shouldBlock = undefined;
        if (blocker.state === 'blocked') setBlocker(UNBLOCKED);
      };
    },
    blocker: () => blocker,
    subscribe(onChange) {
      watchers.add(onChange);
      return () => watchers.delete(onChange);
    },
  };
}
