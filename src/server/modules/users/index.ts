/**
 * The users module's front door (decision 0162): what the rest of the server may use of it.
 * Its repositories and other files are its own.
 */
export { userMatches, usersMatching } from './user-search';
export {
  activeAdminIds,
  addExperience,
  campusNames,
  changeRole,
  findUserById,
  isLastAdmin,
  LAST_ADMIN,
  updateUser,
  upsertUserFromProfile,
} from './users.repository';
export type { ProfileFields } from './users.repository';
