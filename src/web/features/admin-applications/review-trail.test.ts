import { describe, expect, it } from 'vitest';
import { rememberVisit, visitedBefore } from './review-trail';

/** sessionStorage's interface over a Map, as each test's own tab. */
function tab(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('the applications an admin opened in this session', () => {
  it('goes back in the order they were first opened; going back does not reorder them', () => {
    const storage = tab();
    for (const id of [7, 3, 9]) rememberVisit(id, storage);
    expect(visitedBefore(9, storage)).toBe(3);
    expect(visitedBefore(3, storage)).toBe(7);
    expect(visitedBefore(7, storage)).toBeNull();
    // Back at 3, then on to a new one from the queue: it comes after 9, and back from it is 9.
    rememberVisit(3, storage);
    rememberVisit(12, storage);
    expect(visitedBefore(12, storage)).toBe(9);
    expect(visitedBefore(3, storage)).toBe(7);
  });

  it('knows nothing before the first visit, of an unknown id, or from a damaged entry', () => {
    const storage = tab();
    expect(visitedBefore(1, storage)).toBeNull();
    rememberVisit(1, storage);
    expect(visitedBefore(2, storage)).toBeNull();
    storage.setItem('club.review-trail', '{not json');
    expect(visitedBefore(1, storage)).toBeNull();
    rememberVisit(5, storage);
    expect(visitedBefore(5, storage)).toBeNull();
  });
});
