/** The time as the server sees it: tests give their own, to move it on at will. */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/**
 * The time the sign-in keeps pace with the 42 intra by, and its waits: the wall clock in the app;
 * in tests, a clock they drive (test/support/server/driven-clock.ts), so that a call is never
 * late for its slot because the machine is slow (decision 0193).
 */
export type PaceClock = { nowMs(): number; sleep(ms: number): Promise<void> };
export const wallClock: PaceClock = {
  nowMs: () => Date.now(),
  // Unreferenced: a sign-in waiting for its slot does not hold a closing process open.
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)).unref()),
};
