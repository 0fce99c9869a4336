import { z } from 'zod';
import { isoTimestamp } from './common';
import { MESSAGE_BODY_MAX, MESSAGE_SUBJECT_MAX, messageInputSchema } from './messages';

/**
 * The notification emails the board can reword (docs/decisions/0120-mail-templates.md): each has
 * a subject and a Markdown body with `{{placeholders}}`, a default written by the club, and the
 * board's saved version when there is one. A message to a group has no template: its subject
 * and body are the board's own words each time.
 */

export const MAIL_TEMPLATE_SUBJECT_MAX = MESSAGE_SUBJECT_MAX;
export const MAIL_TEMPLATE_BODY_MAX = MESSAGE_BODY_MAX;

/** Every placeholder a template may use, and what it stands for. */
export const MAIL_PLACEHOLDERS = {
  name: 'The first name of the person, or their 42 login when the intra gives no first name.',
  app_url: 'The address of the club app, for links back to it.',
  review_notes: 'The note the board wrote with its decision; empty when it wrote none.',
  challenge_count: 'How many challenges are published; 0 when there are none yet.',
  deadline: 'The date and time by which the challenges must be done; empty when there is none.',
  challenge_title: 'The title of the challenge.',
  xp: 'The XP the board awarded for the challenge.',
  feedback: 'The feedback the board wrote on the challenge; empty when it wrote none.',
  team_name: 'The name of the team.',
  event_name: 'The name of the hackathon event.',
  event_start: 'The date and time the hackathon starts.',
  event_location: 'Where the hackathon takes place; empty when the board gave no place.',
  teammates: 'The 42 logins of the other members of the team, one a line; empty when there are none yet.',
} as const;
export type MailPlaceholder = keyof typeof MAIL_PLACEHOLDERS;

const EVERY_MAIL = ['name', 'app_url'] as const satisfies readonly MailPlaceholder[];

/** Each template: its name, when it is sent, and the placeholders it knows. */
export const MAIL_TEMPLATES = {
  application_received: {
    title: 'Application received',
    sent: 'Sent when a student sends their application.',
    placeholders: [...EVERY_MAIL],
  },
  application_approved: {
    title: 'Application approved',
    sent: 'Sent when the board approves an application: the challenges begin.',
    placeholders: [...EVERY_MAIL, 'challenge_count', 'deadline', 'review_notes'],
  },
  application_declined: {
    title: 'Application declined',
    sent: 'Sent when the board declines an application at the first review.',
    placeholders: [...EVERY_MAIL, 'review_notes'],
  },
  final_declined: {
    title: 'Final decision: not selected',
    sent: 'Sent when the board declines a candidate after the challenges and the hackathon.',
    placeholders: [...EVERY_MAIL, 'review_notes'],
  },
  challenge_validated: {
    title: 'Challenge validated',
    sent: 'Sent when the board validates a submitted challenge.',
    placeholders: [...EVERY_MAIL, 'challenge_title', 'xp', 'feedback'],
  },
  challenge_declined: {
    title: 'Challenge declined',
    sent: 'Sent when the board declines a submitted challenge, with its feedback.',
    placeholders: [...EVERY_MAIL, 'challenge_title', 'feedback'],
  },
  team_assigned: {
    title: 'Hackathon team',
    sent: 'Sent to each person newly placed in a hackathon team.',
    placeholders: [...EVERY_MAIL, 'team_name', 'event_name', 'event_start', 'event_location', 'teammates'],
  },
  welcome: {
    title: 'Welcome to the club',
    sent: 'Sent when the board makes a candidate a member, its final yes.',
    placeholders: [...EVERY_MAIL],
  },
  deadline_changed: {
    title: 'Challenge deadline changed',
    sent: 'Sent when the board sets a new challenge deadline for one candidate.',
    placeholders: [...EVERY_MAIL, 'deadline'],
  },
} as const satisfies Record<string, { title: string; sent: string; placeholders: readonly MailPlaceholder[] }>;
export type MailTemplateKey = keyof typeof MAIL_TEMPLATES;
export const MAIL_TEMPLATE_KEYS = Object.keys(MAIL_TEMPLATES) as MailTemplateKey[];

export const mailTemplateParamsSchema = z.object({ key: z.string().max(100) });

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
