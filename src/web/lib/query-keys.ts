/**
 * The root of every admin query key: a change that touches many admin lists (a bulk review, a
 * maintenance run) refreshes them all by invalidating it, the overview's figures included. In lib/
 * rather than beside the QueryClient of app/, since every admin feature's api.ts builds its keys on
 * it and a feature imports nothing of app/ (decision 0113).
 */
export const adminKeys = { all: ['admin'] as const };
