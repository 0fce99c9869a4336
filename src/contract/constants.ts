/**
 * Business constants (docs/product/api.md#business-constants), shared by the server's rules and the
 * pages that explain them.
 */
export const CHALLENGES_PER_CANDIDATE = 4;
export const EXERCISES_PER_CHALLENGE = 4;
export const XP_PER_EXERCISE = 25;
export const DEFAULT_VALIDATION_THRESHOLD = 70;
export const DEFAULT_XP_REWARD = 100;
export const MAX_CHALLENGE_AWARDED_XP = 100;
export const CHALLENGE_DEADLINE_DAYS = 28;
export const HACKATHON_HOURS = 24;
export const HACKATHON_TEAM_SIZE = 4;
export const HACKATHON_REGISTRATION_DELAY_DAYS = 7;
export const MAX_HACKATHON_XP = 200;
export const CHALLENGES_XP_TOTAL = 400;
export const MIN_MEMBER_XP = 450;
export const MAX_XP = 600;
export const MOTIVATION_MIN = 10;
export const MOTIVATION_MAX = 2000;
export const REQUEST_TIMEOUT_MS = 10_000;
export const USERS_PAGE_SIZE = 20;
export const APPLICATIONS_PAGE_SIZE = 20;
export const AUDIT_LOGS_PAGE_SIZE = 50;
export const CALLBACK_SUCCESS_REDIRECT_MS = 2000;
export const CALLBACK_FAILURE_REDIRECT_MS = 3000;
export const DEFAULT_CAMPUS_LABEL = '1337 Morocco';
export const DEFAULT_ROLE_LABEL = 'member';

/** The session cookie (HttpOnly): the API's one credential, named in its description. */
export const SESSION_COOKIE = 'sid';

/** A cookie the page can read, set and cleared with the session: it says "signed in", nothing more. */
export const SIGNED_IN_COOKIE = 'signed_in';

/** The 42 intra's pace: about 2 calls a second per application, and a sign-in costs 2 calls. */
export const INTRA_SIGN_IN_SECONDS = 1;
/**
 * How long after a decision the board may undo it (decision 0119): its mail and webhooks wait
 * this long, and a little more, before they leave.
 */
export const UNDO_WINDOW_MS = 10_000;
