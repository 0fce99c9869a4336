import { z } from 'zod';
import { idSchema, isoTimestamp, listSchema, pageQuerySchema } from './common';
import { refusal } from './i18n';

export const MESSAGE_SUBJECT_MAX = 200;
export const MESSAGE_BODY_MAX = 10_000;
export const MESSAGE_USERS_MAX = 500;

/**
 * Who receives a message: everyone who matches every criterion given (at least one). `step` is
 * the applicant journey's step; `past_deadline` picks candidates working on their challenges
 * (step 1) whose deadline has passed (true) or not (false); `event_id` the registrants of a
 * hackathon; `user_ids` a chosen list. Banned users never receive one.
 */
export const audienceSchema = z
  .object({
    step: z.number().int().min(-1).max(4).optional(),
    past_deadline: z.boolean().optional(),
    event_id: idSchema.optional(),
    user_ids: z.array(idSchema).min(1).max(MESSAGE_USERS_MAX).optional(),
  })
  .refine(
    (audience) => Object.values(audience).some((value) => value !== undefined),
    refusal(/*i18n*/ 'Choose who receives the message'),
  );
export type Audience = z.infer<typeof audienceSchema>;

export const messageInputSchema = z.object({
  audience: audienceSchema,
  subject: z
    .string()
    .trim()
    .min(1, refusal(/*i18n*/ 'The subject is required'))
    .max(
      MESSAGE_SUBJECT_MAX,
      refusal(/*i18n*/ 'The subject is too long ({max} characters at most)', { max: MESSAGE_SUBJECT_MAX }),
    ),
  body: z
    .string()
    .trim()
    .min(1, refusal(/*i18n*/ 'The message is required'))
    .max(
      MESSAGE_BODY_MAX,
      refusal(/*i18n*/ 'The message is too long ({max} characters at most)', { max: MESSAGE_BODY_MAX }),
    ),
});
export type MessageInput = z.input<typeof messageInputSchema>;

export const sentMessageSchema = z.object({ id: z.number().int(), recipients: z.number().int() });

/** POST /api/admin/messages/preview: how many people an audience names now, before sending (decision 0145). */
export const audiencePreviewSchema = z.object({ audience: audienceSchema });
export const audienceCountSchema = z.object({ recipients: z.number().int().min(0) });

/** A message as the board sees it in the list of what was sent. */
export const adminMessageSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  body: z.string(),
  audience: z.object({
    step: z.number().int().optional(),
    past_deadline: z.boolean().optional(),
    event_id: z.number().int().optional(),
    user_ids: z.array(z.number().int()).optional(),
  }),
  sender_login: z.string().nullable(),
  recipients: z.number().int(),
  created_at: isoTimestamp,
});
export const adminMessageListQuerySchema = pageQuerySchema();
export const adminMessageListSchema = listSchema(adminMessageSchema);

/** A message as its recipient reads it: the Markdown body and its HTML, rendered and safe. */
export const myMessageSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  body: z.string(),
  html: z.string(),
  created_at: isoTimestamp,
  read_at: isoTimestamp.nullable(),
});
export type MyMessage = z.infer<typeof myMessageSchema>;
export const myMessagesSchema = z.object({ data: z.array(myMessageSchema), unread: z.number().int() });
export type MyMessages = z.infer<typeof myMessagesSchema>;
