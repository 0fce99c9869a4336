import { UNDO_WINDOW_MS } from '../contract/constants';

/**
 * A decision's hold (decision 0119): its mail and webhook deliveries wait until `until`, the end
 * of its undo window, and carry `key`, by which an undo withdraws those not sent.
 */
export type Hold = { key: string; until: Date };

/** How long a decision's messages wait: the undo window and a margin, so an undo never races the sending. */
export const HOLD_MS = UNDO_WINDOW_MS + 5_000;

/** The hold of a decision taken at `at`. */
export const holdFor = (key: string, at: Date): Hold => ({ key, until: new Date(at.getTime() + HOLD_MS) });
