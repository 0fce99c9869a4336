import { z } from 'zod';
import { isoTimestamp } from './common';
import { userSchema } from './users';

/*
 * The copy of one's data (decisions §15, decision 0165): everything the app holds about the
 * signed-in person, as `GET /api/users/me/export` answers it (a JSON attachment). Other people
 * appear in it by nothing that names them: no voter, reviewer or teammate, no other actor of an
 * audit entry.
 */

const when = isoTimestamp.nullable();

export const myDataSchema = z.object({
  exported_at: isoTimestamp,
  profile: userSchema.extend({
    sign_in_locale: z.string().nullable(),
    last_sign_in_at: when,
    updated_at: isoTimestamp,
  }),
  sign_ins: z.array(z.object({ created_at: isoTimestamp, expires_at: isoTimestamp })),
  applications: z.array(
    z.object({
      id: z.number().int(),
      round: z.string(),
      status: z.string(),
      motivation: z.string(),
      experience_level: z.string(),
      github_profile: z.string().nullable(),
      portfolio_url: z.string().nullable(),
      review_notes: z.string().nullable().describe('What the board wrote to the candidate with its decision'),
      reviewed_at: when,
      challenge_deadline_at: when,
      deadline_request: z.string().nullable(),
      deadline_requested_at: when,
      privacy_accepted_at: when.describe('When the candidate said they had read the privacy notice, on sending it'),
      created_at: isoTimestamp,
      updated_at: isoTimestamp,
      votes: z
        .array(
          z.object({ stage: z.string(), vote: z.string(), comment: z.string().nullable(), created_at: isoTimestamp }),
        )
        .describe("The board's votes and comments, without who cast them"),
    }),
  ),
  challenges: z.array(
    z.object({
      challenge: z.string(),
      status: z.string(),
      exercise_links: z.array(z.string().nullable()),
      exercises_completed: z.array(z.boolean()),
      total_xp_earned: z.number(),
      awarded_xp: z.number().nullable(),
      feedback: z.string().nullable(),
      validation_notes: z.string().nullable(),
      started_at: when,
      submitted_at: when,
      validated_at: when,
    }),
  ),
  hackathons: z.array(
    z.object({
      event: z.string(),
      start_at: isoTimestamp,
      end_at: isoTimestamp,
      registration: z.string(),
      registered_at: isoTimestamp,
      checked_in_at: when,
      team: z
        .object({
          name: z.string(),
          hackathon_xp: z.number().nullable(),
          project: z
            .object({
              title: z.string(),
              description: z.string(),
              links: z.array(z.string()),
              created_at: isoTimestamp,
              updated_at: isoTimestamp,
            })
            .nullable(),
          scores: z
            .array(
              z.object({
                scores: z.record(z.string(), z.number()),
                comment: z.string().nullable(),
                updated_at: isoTimestamp,
              }),
            )
            .describe("The judges' scores of the team and their comments, without the judges"),
        })
        .nullable(),
    }),
  ),
  judging: z
    .array(
      z.object({
        event: z.string(),
        start_at: isoTimestamp,
        end_at: isoTimestamp,
        scores_given: z.array(
          z.object({
            team: z.string(),
            scores: z.record(z.string(), z.number()),
            comment: z.string().nullable(),
            updated_at: isoTimestamp,
          }),
        ),
      }),
    )
    .describe('The hackathon events the person was named a judge of or scored teams of, with the scores they gave'),
  projects: z.array(
    z.object({
      title: z.string(),
      description: z.string(),
      status: z.string(),
      deadline: when,
      validation_notes: z.string().nullable(),
      validated_at: when,
      created_at: isoTimestamp,
    }),
  ),
  messages: z.array(z.object({ subject: z.string(), body: z.string(), sent_at: isoTimestamp, read_at: when })),
  emails: z.array(
    z.object({
      kind: z.string(),
      subject: z.string(),
      body: z.string(),
      status: z.string(),
      created_at: isoTimestamp,
      sent_at: when,
    }),
  ),
  audit: z
    .array(
      z.object({
        action: z.string(),
        entity_type: z.string(),
        entity_id: z.number().int().nullable().describe("The entity's id when it is the person's own, else null"),
        by_you: z.boolean(),
        details: z.record(z.string(), z.unknown()).nullable(),
        created_at: isoTimestamp,
      }),
    )
    .describe('The audit entries where the person is the actor or the subject, every other person taken out'),
});
export type MyData = z.output<typeof myDataSchema>;

/** `DELETE /api/users/me`: the person types their login to confirm. */
export const eraseMyAccountBodySchema = z.object({ confirm: z.string().max(200) });
