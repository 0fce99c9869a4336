import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** Each entity type as the Logs page's filter names it. */
export const ENTITY_NAMES: Readonly<Record<string, MessageDescriptor>> = {
  application: msg`Application`,
  challenge: msg`Challenge`,
  club_event: msg`Club event`,
  hackathon_event: msg`Hackathon event`,
  hackathon_registration: msg`Hackathon registration`,
  mail_template: msg`Email template`,
  maintenance: msg`Maintenance`,
  message: msg`Message`,
  project: msg`Project`,
  round: msg`Round`,
  settings: msg`Settings`,
  team: msg`Team`,
  user: msg`User`,
  user_challenge: msg`Candidate's challenge`,
  webhook: msg`Webhook`,
};
