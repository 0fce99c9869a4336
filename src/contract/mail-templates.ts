import { z } from 'zod';
import { isoTimestamp } from './common';
import { LOCALES } from './locales';
import { MESSAGE_BODY_MAX, MESSAGE_SUBJECT_MAX, messageInputSchema } from './messages';

/**
 * The notification emails the board can reword (docs/decisions/0120-mail-templates.md): each has
 * a subject and a Markdown body with `{{placeholders}}`, a default written by the club, and the
 * board's saved version when there is one. A message to a group has no template: its subject
 * and body are the board's own words each time. The board words each template once per language
 * (docs/decisions/0128-languages.md); the names and descriptions below are sentences of the
 * catalogs (`/*i18n*\/`), answered in the board member's language.
 */

export const MAIL_TEMPLATE_SUBJECT_MAX = MESSAGE_SUBJECT_MAX;
export const MAIL_TEMPLATE_BODY_MAX = MESSAGE_BODY_MAX;

/** Every placeholder a template may use, and what it stands for. */
export const MAIL_PLACEHOLDERS = {
  name: /*i18n*/ 'The first name of the person, or their 42 login when the intra gives no first name.',
  app_url: /*i18n*/ 'The address of the club app, for links back to it.',
  review_notes: /*i18n*/ 'The note the board wrote with its decision; empty when it wrote none.',
  challenge_count: /*i18n*/ 'How many challenges are published; 0 when there are none yet.',
  deadline: /*i18n*/ 'The date and time by which the challenges must be done; empty when there is none.',
  challenge_title: /*i18n*/ 'The title of the challenge.',
  xp: /*i18n*/ 'The XP the board awarded for the challenge.',
  feedback: /*i18n*/ 'The feedback the board wrote on the challenge; empty when it wrote none.',
  team_name: /*i18n*/ 'The name of the team.',
  event_name: /*i18n*/ 'The name of the hackathon event.',
  event_start: /*i18n*/ 'The date and time the hackathon starts.',
  event_location: /*i18n*/ 'Where the hackathon takes place; empty when the board gave no place.',
  teammates: /*i18n*/ 'The 42 logins of the other members of the team, one a line; empty when there are none yet.',
  team_score: /*i18n*/ 'The team’s hackathon score, as a percentage.',
  team_xp: /*i18n*/ 'The hackathon XP each member of the team receives.',
} as const;
export type MailPlaceholder = keyof typeof MAIL_PLACEHOLDERS;

const EVERY_MAIL = ['name', 'app_url'] as const satisfies readonly MailPlaceholder[];

/** Each template: its name, when it is sent, and the placeholders it knows. */
export const MAIL_TEMPLATES = {
  application_received: {
    title: /*i18n*/ 'Application received',
    sent: /*i18n*/ 'Sent when a student sends their application.',
    placeholders: [...EVERY_MAIL],
  },
  application_approved: {
    title: /*i18n*/ 'Application approved',
    sent: /*i18n*/ 'Sent when the board approves an application: the challenges begin.',
    placeholders: [...EVERY_MAIL, 'challenge_count', 'deadline', 'review_notes'],
  },
  application_declined: {
    title: /*i18n*/ 'Application declined',
    sent: /*i18n*/ 'Sent when the board declines an application at the first review.',
    placeholders: [...EVERY_MAIL, 'review_notes'],
  },
  final_declined: {
    title: /*i18n*/ 'Final decision: not selected',
    sent: /*i18n*/ 'Sent when the board declines a candidate after the challenges and the hackathon.',
    placeholders: [...EVERY_MAIL, 'review_notes'],
  },
  challenge_validated: {
    title: /*i18n*/ 'Challenge validated',
    sent: /*i18n*/ 'Sent when the board validates a submitted challenge.',
    placeholders: [...EVERY_MAIL, 'challenge_title', 'xp', 'feedback'],
  },
  challenge_declined: {
    title: /*i18n*/ 'Challenge declined',
    sent: /*i18n*/ 'Sent when the board declines a submitted challenge, with its feedback.',
    placeholders: [...EVERY_MAIL, 'challenge_title', 'feedback'],
  },
  team_assigned: {
    title: /*i18n*/ 'Hackathon team',
    sent: /*i18n*/ 'Sent to each person newly placed in a hackathon team.',
    placeholders: [...EVERY_MAIL, 'team_name', 'event_name', 'event_start', 'event_location', 'teammates'],
  },
  hackathon_results: {
    title: /*i18n*/ 'Hackathon results',
    sent: /*i18n*/ 'Sent to each member of a scored team when the board publishes the hackathon results.',
    placeholders: [...EVERY_MAIL, 'team_name', 'event_name', 'team_score', 'team_xp'],
  },
  welcome: {
    title: /*i18n*/ 'Welcome to the club',
    sent: /*i18n*/ 'Sent when the board makes a candidate a member, its final yes.',
    placeholders: [...EVERY_MAIL],
  },
  deadline_changed: {
    title: /*i18n*/ 'Challenge deadline changed',
    sent: /*i18n*/ 'Sent when the board sets a new challenge deadline for one candidate.',
    placeholders: [...EVERY_MAIL, 'deadline'],
  },
} as const satisfies Record<string, { title: string; sent: string; placeholders: readonly MailPlaceholder[] }>;
export type MailTemplateKey = keyof typeof MAIL_TEMPLATES;
export const MAIL_TEMPLATE_KEYS = Object.keys(MAIL_TEMPLATES) as MailTemplateKey[];

export const mailTemplateParamsSchema = z.object({ key: z.string().max(100) });

/** The language of the wording read, saved, restored or previewed: English when not given. */
export const mailTemplateQuerySchema = z.object({
  locale: z.enum(LOCALES).default('en').describe('The language of the wording: en (default), fr or ar'),
});
export type MailTemplateQuery = z.input<typeof mailTemplateQuerySchema>;

/** What the board saves, and what it previews: a subject and a Markdown body, as a message to a group. */
export const mailTemplateInputSchema = messageInputSchema.pick({ subject: true, body: true });
export type MailTemplateInput = z.input<typeof mailTemplateInputSchema>;

export const mailTemplateSchema = z.object({
  key: z.string(),
  title: z.string(),
  /** When it is sent, in a sentence. */
  sent: z.string(),
  subject: z.string(),
  body: z.string(),
  placeholders: z.array(z.object({ name: z.string(), description: z.string() })),
  /** True while the club's default is in use; false once the board saved its own version. */
  is_default: z.boolean(),
  updated_at: isoTimestamp.nullable(),
  updated_by: z.string().nullable(),
});
export type MailTemplate = z.infer<typeof mailTemplateSchema>;
export const mailTemplateListSchema = z.object({ data: z.array(mailTemplateSchema) });

/** A template rendered for a sample candidate, as it would be sent. */
export const mailPreviewSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type MailPreview = z.infer<typeof mailPreviewSchema>;
