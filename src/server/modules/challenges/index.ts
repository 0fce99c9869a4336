/**
 * The challenges module's front door (decision 0162): what the rest of the server may use of it.
 * Its repositories and other files are its own.
 */
export { approvedUsersByDeadline, deadlineOf } from './challenge-deadline';
export {
  assignActiveChallenges,
  countActiveChallenges,
  findApprovedApplication,
  lastValidatedAt,
  missingChallenges,
  withdrawAssignedChallenges,
} from './challenges.repository';
