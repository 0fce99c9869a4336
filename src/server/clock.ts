/** The time as the server sees it: tests give their own, to move it on at will. */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };
