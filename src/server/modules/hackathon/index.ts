/**
 * The hackathon module's front door (decision 0162): what the rest of the server may use of it.
 * Its repositories and other files are its own.
 */
export { unseatEverywhere } from './hackathon.repository';
export { newCheckInCode } from './check-in-code';
