/**
 * The applications this admin opened on the review screen in this browser tab's session, in the
 * order first opened (decision 0118): "previous" goes back along it, "next" asks the queue.
 */
const KEY = 'club.review-trail';
/** Enough for a long sitting; the oldest are forgotten first. */
const KEPT = 200;

function read(storage: Storage): number[] {
  try {
    const ids: unknown = JSON.parse(storage.getItem(KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/** Notes that the admin opened this application (once: going back does not move it). */
export function rememberVisit(id: number, storage: Storage = sessionStorage): void {
  const ids = read(storage);
  if (ids.includes(id)) return;
  storage.setItem(KEY, JSON.stringify([...ids, id].slice(-KEPT)));
}

/** The application opened before this one in this session, or null at the start. */
export function visitedBefore(id: number, storage: Storage = sessionStorage): number | null {
  const ids = read(storage);
  const index = ids.indexOf(id);
  return index > 0 ? ids[index - 1]! : null;
}
