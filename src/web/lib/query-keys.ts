/**
 * The query keys that more than one feature uses: a feature refreshes another's data after its own
 * change by these (starting a challenge moves the application and the XP on), so they live below
 * every feature rather than in one feature's api.ts that the others would import (decision 0113).
 * A key used by its feature alone stays in that feature's api.ts.
 */

/**
 * The root of every admin query key: a change that touches many admin lists (a bulk review, a
 * maintenance run) refreshes them all by invalidating it, the overview's figures included.
 */
export const adminKeys = { all: ['admin'] as const };

/** The signed-in user (auth), whose XP and step other features' changes move. */
export const sessionKeys = { all: ['session'] as const };

/** The candidate's own application and step (journey). */
export const myApplicationKeys = { all: ['applications', 'me'] as const };

/** What the public pages show (public), which the admin's settings and club events change. */
export const publicKeys = {
  settings: ['settings', 'public'] as const,
  upcomingEvents: ['events', 'upcoming'] as const,
};

/** The root of the admin's member lists and details (admin-members), which a review refreshes. */
export const memberRootKeys = { all: [...adminKeys.all, 'members'] as const };
