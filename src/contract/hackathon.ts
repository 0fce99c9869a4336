import { z } from 'zod';
import { idSchema, idTextSchema, isoTimestamp, listSchema, pageQuerySchema, timestampInput } from './common';
import { HACKATHON_TEAM_SIZE, MAX_HACKATHON_XP } from './constants';
import { refusal, say, type Sentence } from './i18n';

export const EVENT_REQUIRED_MESSAGE: Sentence = /*i18n*/ 'Name, Start and End are required';
export const EVENT_ORDER_MESSAGE: Sentence = /*i18n*/ 'End must be after Start';

const timestamp = timestampInput();
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

/** POST /hackathon/events: name, start and end required, end after start, 0 teams = unlimited. */
export const eventBodySchema = z
  .object({
    name: z.string().trim().max(120).optional(),
    description: optionalText(2000),
    location: optionalText(200),
    start_at: z.union([timestamp, z.literal('')]).optional(),
    end_at: z.union([timestamp, z.literal('')]).optional(),
    max_teams: z.number().int().min(0).max(10_000).default(0),
  })
  .superRefine((body, context) => {
    if (!body.name || !body.start_at || !body.end_at) {
      context.addIssue({ code: 'custom', path: [], message: say(EVENT_REQUIRED_MESSAGE) });
    } else if (Date.parse(body.end_at) <= Date.parse(body.start_at)) {
      context.addIssue({ code: 'custom', path: ['end_at'], message: say(EVENT_ORDER_MESSAGE) });
    }
  })
  .transform((body) => ({
    ...body,
    name: body.name!,
    start_at: new Date(body.start_at!).toISOString(),
    end_at: new Date(body.end_at!).toISOString(),
  }));
export type EventBody = z.input<typeof eventBodySchema>;

export const eventUpdateSchema = z.object({
  name: z.string().trim().min(1, refusal(EVENT_REQUIRED_MESSAGE)).max(120).optional(),
  description: optionalText(2000).optional(),
  location: optionalText(200).optional(),
  start_at: timestamp.transform((value) => new Date(value).toISOString()).optional(),
  end_at: timestamp.transform((value) => new Date(value).toISOString()).optional(),
  max_teams: z.number().int().min(0).max(10_000).optional(),
});

export type EventUpdate = z.input<typeof eventUpdateSchema>;

export const eventSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  start_at: isoTimestamp,
  end_at: isoTimestamp,
  max_teams: z.number().int(),
  registrations_count: z.number().int(),
  teams_count: z.number().int(),
  /** Registrants waiting for a team (pending, in no team of the event): whom auto-assign would seat. */
  waiting_count: z.number().int(),
  created_at: isoTimestamp,
  /** When the board published the event's results (spec §14), or null. */
  results_published_at: isoTimestamp.nullable(),
});
export type HackathonEvent = z.infer<typeof eventSchema>;
export const eventListSchema = z.object({ data: z.array(eventSchema), total: z.number().int() });

export const publicEventSchema = eventSchema.extend({
  registered: z.boolean(),
  registration_open: z.boolean(),
});
export type PublicHackathonEvent = z.infer<typeof publicEventSchema>;
export const publicEventListSchema = z.object({ data: z.array(publicEventSchema), total: z.number().int() });

export const registerBodySchema = z.object({ event_id: idSchema });
export const unregisterQuerySchema = z.object({ event_id: idTextSchema });

export const memberRefSchema = z.object({
  user_id: z.number().int(),
  intra_login: z.string(),
  image_url: z.string().nullable(),
});

export const registrationSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  event_id: z.number().int(),
  status: z.enum(['pending', 'assigned']),
  created_at: isoTimestamp,
  /** When the registrant was checked in at the door (spec §14), or null. */
  checked_in_at: isoTimestamp.nullable(),
  user: z.object({ id: z.number().int(), intra_login: z.string(), image_url: z.string().nullable() }),
  event: z.object({ id: z.number().int(), name: z.string(), start_at: isoTimestamp, end_at: isoTimestamp }),
  team_id: z.number().int().nullable(),
  team: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  team_members: z.array(memberRefSchema),
});
export type Registration = z.infer<typeof registrationSchema>;
export const registrationListQuerySchema = pageQuerySchema(100).extend({
  status: z.enum(['pending', 'assigned']).optional(),
  event_id: idTextSchema.optional(),
});
export const registrationListSchema = listSchema(registrationSchema);

export const teamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  event_id: z.number().int(),
  hackathon_xp: z.number().int().nullable(),
  members: z.array(memberRefSchema),
});
export type Team = z.infer<typeof teamSchema>;
export const teamListSchema = z.object({ data: z.array(teamSchema), total: z.number().int() });
export const teamListQuerySchema = z.object({ event_id: idTextSchema.optional() });

const members = z
  .array(idSchema)
  .min(1, refusal(/*i18n*/ 'Select at least one registrant'))
  .max(HACKATHON_TEAM_SIZE, refusal(/*i18n*/ 'A team has at most {max} members', { max: HACKATHON_TEAM_SIZE }))
  .refine((ids) => new Set(ids).size === ids.length, refusal(/*i18n*/ 'A member is listed twice'));

/**
 * A team the board did not name is numbered within its event: stored as "Team 3" in English (the
 * API, the CSV, the audit log), shown as "Équipe 3" or "الفريق 3" to a French or Arabic reader,
 * in pages and emails. A name the board typed that reads exactly so is the same name.
 */
const NUMBERED_TEAM: Sentence = /*i18n*/ 'Team {number}';
const NUMBERED_TEAM_NAME = /^Team (\d{1,9})$/;
export const numberedTeamName = (number: number) => `Team ${number}`;

/** A team's name in the language Lingui speaks now: a numbered one translated, any other as written. */
export function teamDisplayName(name: string): string {
  const numbered = NUMBERED_TEAM_NAME.exec(name);
  return numbered ? say(NUMBERED_TEAM, { number: Number(numbered[1]) }) : name;
}

/** The refusal of an XP change without a reason, once the results are published (spec §14). */
export const XP_REASON_MESSAGE: Sentence =
  /*i18n*/ 'The results of this hackathon are published: give a reason (1 to 500 characters) to change a team’s XP.';

export const teamBodySchema = z.object({
  name: optionalText(80),
  member_user_ids: members,
  event_id: idSchema,
});
export const teamUpdateSchema = z.object({
  name: z.string().trim().min(1).max(80).optional(),
  member_user_ids: members.optional(),
  hackathon_xp: z.number().int().min(0).max(MAX_HACKATHON_XP).nullable().optional(),
  /** Why the XP changes: required once the event's results are published (spec §14), kept in the audit log. */
  reason: z
    .string()
    .trim()
    .min(1, refusal(XP_REASON_MESSAGE))
    .max(500, refusal(/*i18n*/ 'At most {max} characters.', { max: 500 }))
    .optional(),
});

/** A member of a team, in the path: `/hackathon/teams/{id}/members/{user_id}` (issue 32). */
export const teamMemberParamsSchema = z.object({ id: idTextSchema, user_id: idTextSchema });
/**
 * A registrant seated in a team by hand (issue 32): the team as it is now, and the team of the
 * event they left for it (null when they were waiting), where an Undo puts them back.
 */
export const teamSeatSchema = z.object({ team: teamSchema, from_team: teamSchema.nullable() });
export type TeamSeat = z.infer<typeof teamSeatSchema>;

/** `checked_in_only`: teams of the registrants checked in at the door only (spec §14). */
export const assignBodySchema = z.object({ event_id: idSchema, checked_in_only: z.boolean().default(false) });
export const assignResultSchema = z.object({ teams: z.array(teamSchema), left_pending: z.number().int() });
/**
 * GET /api/hackathon/events/{id}/assign-preview: what auto-assign would do now (decision 0145):
 * of `waiting` people, `teams` teams seating `seated`, `left_pending` left (max teams reached).
 */
export const assignPreviewSchema = z.object({
  waiting: z.number().int(),
  teams: z.number().int(),
  seated: z.number().int(),
  left_pending: z.number().int(),
  /** The size of each team it would make, largest first ("14 people → 4 teams: 4, 4, 3, 3", issue 32). */
  team_sizes: z.array(z.number().int()),
});
export type AssignPreview = z.infer<typeof assignPreviewSchema>;
/** `?checked_in_only=true`: the preview of auto-assign with `checked_in_only` (spec §14). */
export const assignPreviewQuerySchema = z.object({
  checked_in_only: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});

/*
 * A team's project (spec §14, decision 0171): written by a member of the team from the event's
 * start until its end plus the setting `project_grace_minutes`.
 */
export const TEAM_PROJECT_TITLE_MAX = 120;
export const TEAM_PROJECT_DESCRIPTION_MAX = 4000;
export const TEAM_PROJECT_LINKS_MAX = 5;
const httpsLink = z
  .string()
  .trim()
  .max(500, refusal(/*i18n*/ 'At most 500 characters.'))
  .pipe(
    z.url({
      protocol: /^https$/,
      hostname: z.regexes.domain,
      ...refusal(/*i18n*/ 'Enter a web address starting with https://.'),
    }),
  );

/** PUT /api/hackathon/teams/{id}/project: the whole project, written again. */
export const teamProjectBodySchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, refusal(/*i18n*/ 'Title is required.'))
    .max(
      TEAM_PROJECT_TITLE_MAX,
      refusal(/*i18n*/ 'Title is too long ({max} characters at most).', { max: TEAM_PROJECT_TITLE_MAX }),
    ),
  description: z
    .string()
    .trim()
    .max(
      TEAM_PROJECT_DESCRIPTION_MAX,
      refusal(/*i18n*/ 'Description is too long ({max} characters at most).', { max: TEAM_PROJECT_DESCRIPTION_MAX }),
    ),
  links: z
    .array(httpsLink)
    .max(TEAM_PROJECT_LINKS_MAX, refusal(/*i18n*/ 'At most {max} links.', { max: TEAM_PROJECT_LINKS_MAX })),
});
export type TeamProjectBody = z.input<typeof teamProjectBodySchema>;

export const teamProjectSchema = z.object({
  team_id: z.number().int(),
  title: z.string(),
  /** The Markdown as written, and as HTML rendered by the server (markdown-it, raw HTML off; decision 0116). */
  description: z.string(),
  description_html: z.string(),
  links: z.array(z.string()),
  updated_at: isoTimestamp,
  /** Who last edited it (null once that account is gone). */
  updated_by: z.object({ id: z.number().int(), intra_login: z.string() }).nullable(),
});
export type TeamProject = z.infer<typeof teamProjectSchema>;

/** The caller's own registration: with the code they show at the door (spec §14). */
export const myRegistrationSchema = registrationSchema.extend({ check_in_code: z.string() });
export type MyRegistration = z.infer<typeof myRegistrationSchema>;

/**
 * What a team reads of its published results (spec §14): its score (0..1), its XP, each
 * criterion's mean on its own scale, and the judges' comments, never who wrote them.
 */
export const myTeamResultsSchema = z.object({
  score: z.number(),
  xp: z.number().int().nullable(),
  criteria: z.array(z.object({ key: z.string(), name: z.string(), max: z.number().int(), mean: z.number() })),
  comments: z.array(z.string()),
  published_at: isoTimestamp,
});
export type MyTeamResults = z.infer<typeof myTeamResultsSchema>;

export const myHackathonSchema = z.object({
  registrations: z.array(myRegistrationSchema),
  /** `results`: null until the event's results are published and while the team has no score. */
  team: teamSchema.extend({ results: myTeamResultsSchema.nullable() }).nullable(),
  /** The board's setting: days between the last validated challenge and the opening of registration. */
  registration_delay_days: z.number().int(),
  /** When this candidate may register (it may be past); null before every challenge of theirs is validated. */
  registration_opens_at: isoTimestamp.nullable(),
  /** The team's project (spec §14), null when none is written or there is no team. */
  project: teamProjectSchema.nullable(),
  /** When the team may write it: the event's start, and its end plus `project_grace_minutes`; null without a team. */
  project_window: z.object({ opens_at: isoTimestamp, closes_at: isoTimestamp }).nullable(),
});
export type MyHackathon = z.infer<typeof myHackathonSchema>;

/** PUT /api/hackathon/events/{id}/judges: the event's judges, all of them (spec §14). */
export const judgesBodySchema = z.object({
  user_ids: z
    .array(idSchema)
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, refusal(/*i18n*/ 'A judge is listed twice')),
});
export const JUDGE_ROLE_MESSAGE: Sentence =
  /*i18n*/ 'A judge must be an admin, a club member or a board member: {logins} cannot judge.';
export const judgeSchema = z.object({
  id: z.number().int(),
  intra_login: z.string(),
  image_url: z.string().nullable(),
});
export const judgeListSchema = z.object({ data: z.array(judgeSchema), total: z.number().int() });

/** POST /api/hackathon/events/{id}/check-in: the code the registrant shows (spec §14). */
export const checkInBodySchema = z.object({ code: z.string().trim().min(1).max(64) });
export const checkInParamsSchema = z.object({ id: idTextSchema, registration_id: idTextSchema });
export const checkInSchema = z.object({
  registrant: z.object({
    id: z.number().int(),
    intra_login: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    image_url: z.string().nullable(),
  }),
  registration_id: z.number().int(),
  checked_in_at: isoTimestamp,
  checked_in_by: z.object({ id: z.number().int(), intra_login: z.string() }).nullable(),
});
export type CheckIn = z.infer<typeof checkInSchema>;

/*
 * Judging (spec §14, decision 0171): the event's rubric and the judges' scores.
 */
export const RUBRIC_MAX_CRITERIA = 8;
export const CRITERION_KEY = /^[a-z][a-z0-9_]{0,31}$/;
const WEIGHT_RANGE: Sentence = /*i18n*/ 'A weight is a whole number from 1 to 10.';
const MAX_RANGE: Sentence = /*i18n*/ 'A maximum is a whole number from 1 to 100.';
export const criterionSchema = z.object({
  key: z
    .string()
    .regex(
      CRITERION_KEY,
      refusal(/*i18n*/ 'A key is a lowercase letter, then up to 31 lowercase letters, digits or _.'),
    ),
  name: z
    .string()
    .trim()
    .min(1, refusal(/*i18n*/ 'Required.'))
    .max(80, refusal(/*i18n*/ 'At most {max} characters.', { max: 80 })),
  weight: z
    .number(refusal(WEIGHT_RANGE))
    .int(refusal(WEIGHT_RANGE))
    .min(1, refusal(WEIGHT_RANGE))
    .max(10, refusal(WEIGHT_RANGE)),
  max: z.number(refusal(MAX_RANGE)).int(refusal(MAX_RANGE)).min(1, refusal(MAX_RANGE)).max(100, refusal(MAX_RANGE)),
});
export type Criterion = z.infer<typeof criterionSchema>;
export const rubricBodySchema = z.object({
  criteria: z
    .array(criterionSchema)
    .min(1)
    .max(RUBRIC_MAX_CRITERIA)
    .refine(
      (criteria) => new Set(criteria.map((criterion) => criterion.key)).size === criteria.length,
      refusal(/*i18n*/ 'A criterion key is listed twice'),
    ),
});
/** GET/PUT /api/hackathon/events/{id}/rubric: the criteria in force, whether they are the default, whether a score locks them. */
export const rubricSchema = z.object({
  criteria: z.array(criterionSchema),
  is_default: z.boolean(),
  locked: z.boolean(),
});
export type Rubric = z.infer<typeof rubricSchema>;

/** Scores are whole numbers from 0 to the criterion's max (decision 0171); every criterion, no other key. */
export const scoreBodySchema = z.object({
  scores: z.record(z.string().max(32), z.number().int(refusal(/*i18n*/ 'A score is a whole number.')).min(0)),
  comment: z
    .string()
    .trim()
    .max(2000, refusal(/*i18n*/ 'A comment has at most {max} characters', { max: 2000 }))
    .nullable()
    .transform((value) => (value ? value : null)),
});
export const scoreSchema = z.object({
  team_id: z.number().int(),
  scores: z.record(z.string(), z.number()),
  comment: z.string().nullable(),
  updated_at: isoTimestamp,
});
export type Score = z.infer<typeof scoreSchema>;

export const judgingTeamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  project: teamProjectSchema.nullable(),
  members: z.array(
    z.object({
      user_id: z.number().int(),
      intra_login: z.string(),
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
      image_url: z.string().nullable(),
    }),
  ),
  /** The asking judge's score of the team, or null. */
  my_score: scoreSchema.nullable(),
  /** The other judges' scores: null until the asking judge has scored every team with a project (admins: always). */
  other_scores: z
    .array(
      scoreSchema
        .omit({ team_id: true })
        .extend({ judge: z.object({ id: z.number().int(), intra_login: z.string() }) }),
    )
    .nullable(),
});
/** GET /api/hackathon/events/{id}/judging: the teams by id, for the asking judge (or an admin). */
export const judgingSchema = z.object({
  event: z.object({
    id: z.number().int(),
    name: z.string(),
    end_at: isoTimestamp,
    results_published_at: isoTimestamp.nullable(),
  }),
  rubric: rubricSchema,
  teams: z.array(judgingTeamSchema),
  /** Teams with a project the asking judge has scored, of `with_project`. */
  progress: z.object({ scored: z.number().int(), with_project: z.number().int() }),
  others_visible: z.boolean(),
});
export type Judging = z.infer<typeof judgingSchema>;

/**
 * The rubric of an event whose board set none (spec §14). Its names are data, stored and answered
 * in English as the board's own would be (decision 0171): the board renames them with the PUT.
 */
export const DEFAULT_RUBRIC: Criterion[] = [
  { key: 'idea', name: 'Idea', weight: 1, max: 10 },
  { key: 'technical', name: 'Technical work', weight: 2, max: 10 },
  { key: 'demo', name: 'Demo', weight: 1, max: 10 },
];
/** GET /api/hackathon/judging/events: the events the caller judges (every event for an admin), spec §14. */
export const judgingEventSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string().nullable(),
  start_at: isoTimestamp,
  end_at: isoTimestamp,
  registrations_count: z.number().int(),
  /** Registrants checked in at the door: the door screen's "checked in / registered". */
  checked_in_count: z.number().int(),
});
export type JudgingEvent = z.infer<typeof judgingEventSchema>;
export const judgingEventListSchema = z.object({ data: z.array(judgingEventSchema), total: z.number().int() });

/**
 * GET /api/hackathon/events/{id}/results (spec §14, decision 0175): the scored teams ranked, best
 * first, with each criterion's mean on its own scale; each judge's mean over the teams they scored.
 */
export const resultsSchema = z.object({
  event_id: z.number().int(),
  /** When the results were published (null until then). */
  published_at: isoTimestamp.nullable(),
  criteria: z.array(criterionSchema),
  teams: z.array(
    z.object({
      rank: z.number().int(),
      id: z.number().int(),
      name: z.string(),
      /** From 0 to 1. */
      score: z.number(),
      /** round(200 × score): what publishing sets. */
      xp: z.number().int(),
      judges: z.number().int(),
      /** Criterion key → the judges' mean value, on the criterion's scale (0..max). */
      criteria: z.record(z.string(), z.number()),
      members: z.array(z.object({ id: z.number().int(), intra_login: z.string() })),
    }),
  ),
  judges: z.array(
    z.object({
      id: z.number().int(),
      intra_login: z.string(),
      /** The judge's mean score (0..1) over the teams they scored. */
      mean: z.number(),
      teams: z.number().int(),
    }),
  ),
});
export type HackathonResults = z.infer<typeof resultsSchema>;
