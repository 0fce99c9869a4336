/**
 * The mail module's front door (decision 0162): what the rest of the server may use of it.
 * Its repositories and other files are its own.
 */
export {
  applicationApprovedMail,
  applicationDeclinedMail,
  applicationReceivedMail,
  boardMessageMail,
  challengeDeclinedMail,
  challengeValidatedMail,
  deadlineChangedMail,
  finalDeclinedMail,
  formatMoment,
  hackathonResultsMail,
  teamAssignedMail,
  welcomeMail,
} from './mail-templates';
export { renderMarkdown } from './markdown';
