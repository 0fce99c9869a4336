import { UNSAFE_createMemoryHistory } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createGuardedHistory, type BlockerFunction } from './guarded-history';

/** A guarded history over memory, at /settings after /overview; `seen` is what the app was told. */
function setUp(
  shouldBlock: BlockerFunction = ({ currentLocation, nextLocation }) =>
    currentLocation.pathname !== nextLocation.pathname,
) {
  const inner = UNSAFE_createMemoryHistory({
    initialEntries: ['/overview', '/settings'],
    initialIndex: 1,
    v5Compat: true,
  });
  const history = createGuardedHistory(inner);
  const seen: string[] = [];
  history.listen(({ action, location }) => seen.push(`${action} ${location.pathname}${location.search}`));
  const release = history.block(shouldBlock);
  return { inner, history, seen, release };
}

const proceed = (blocker: ReturnType<ReturnType<typeof createGuardedHistory>['blocker']>) => {
  if (blocker.state !== 'blocked') throw new Error('nothing is held');
  blocker.proceed();
};

describe('a history that holds navigations until the person answers', () => {
  it('holds a link to another page, and follows it on proceed', () => {
    const { history, seen } = setUp();
    let changes = 0;
    history.subscribe(() => changes++);
    history.push('/overview');
    expect(history.location.pathname).toBe('/settings');
    expect(history.blocker().state).toBe('blocked');
    expect(seen).toEqual([]);
    proceed(history.blocker());
    expect(history.blocker().state).toBe('unblocked');
    expect(seen).toEqual(['PUSH /overview']);
    expect(changes).toBe(2);
  });

  it('stays on reset, and lets through what the blocker does not refuse', () => {
    const { history, seen } = setUp();
    history.replace('/overview');
    const held = history.blocker();
    if (held.state !== 'blocked') throw new Error('not held');
    held.reset();
    expect(history.blocker().state).toBe('unblocked');
    expect(history.location.pathname).toBe('/settings');
    history.push('/settings?tab=2');
    expect(seen).toEqual(['PUSH /settings?tab=2']);
    expect(history.blocker().state).toBe('unblocked');
  });

  it('undoes a Back at once, and goes back on proceed', async () => {
    const { history, inner, seen } = setUp();
    history.go(-1);
    expect(inner.location.pathname).toBe('/settings');
    expect(history.blocker().state).toBe('blocked');
    expect(seen).toEqual([]);
    proceed(history.blocker());
    await Promise.resolve();
    expect(inner.location.pathname).toBe('/overview');
    expect(seen).toEqual(['POP /overview']);
  });

  it('holds nothing once released, and a release drops what it held', () => {
    const { history, seen, release } = setUp();
    history.push('/overview');
    expect(history.blocker().state).toBe('blocked');
    release();
    expect(history.blocker().state).toBe('unblocked');
    history.push('/overview');
    history.go(-1);
    expect(seen).toEqual(['PUSH /overview', 'POP /settings']);
  });

  it('asks the blocker with the page on screen, not the address a Back already shows', () => {
    const asked: string[] = [];
    const { history } = setUp(({ currentLocation, nextLocation }) => {
      asked.push(`${currentLocation.pathname} → ${nextLocation.pathname}`);
      return false;
    });
    history.go(-1);
    history.push('/contact');
    expect(asked).toEqual(['/settings → /overview', '/overview → /contact']);
  });
});
