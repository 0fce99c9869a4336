import { hash, randomBytes } from 'node:crypto';

export const OAUTH_STATE_COOKIE = 'oauth_state';
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;
/** A session is pushed forward at most once an hour, so that reads do not all turn into writes. */
export const SESSION_EXTEND_AFTER_MS = 60 * 60 * 1000;

/** 256 random bits, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/**
 * Only the SHA-256 of a token is stored: a leaked table signs nobody in. The one-shot `hash`
 * is a third of createHash's cost, and this runs on every signed-in request.
 */
export const hashToken = (token: string) => hash('sha256', token, 'hex');
