/**
 * The rounds module's front door (decision 0162): what the rest of the server may use of it.
 * Its repositories and other files are its own.
 */
export { findOpenRound } from './rounds.repository';
