/**
 * The auth module's front door (decision 0162): what the rest of the server may use of it.
 * Its repositories and other files are its own.
 */
export type { IntraProfile } from './intra-profile';
export type { IntraStatus } from './intra-status';
export { deleteExpiredSessions, deleteUserSessions } from './sessions.repository';
export { deleteExpiredOauthStates, deleteSignInFailuresBefore } from './sign-in-states.repository';
