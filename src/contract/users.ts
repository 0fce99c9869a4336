import { z } from 'zod';
import { isoTimestamp } from './common';
import { LOCALES } from './locales';
import { refusal } from './i18n';

export const ROLES = ['student', 'member', 'board'] as const;
export type Role = (typeof ROLES)[number];

/** The user as the API shows it to themself and to admins: never a token or the intra id. */
export const userSchema = z.object({
  id: z.number().int(),
  intra_login: z.string(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  image_url: z.string().nullable(),
  campus: z.string().nullable(),
  /** The primary campus's id on the intra (what ALLOWED_CAMPUSES may name). */
  campus_id: z.number().int().nullable(),
  level: z.number(),
  grade: z.string().nullable(),
  is_starter: z.boolean(),
  role: z.enum(ROLES),
  is_admin: z.boolean(),
  is_banned: z.boolean(),
  experience_points: z.number().int(),
  /** The language the user chose (PUT /api/users/me/preferences), or null: then the browser's. */
  locale: z.enum(LOCALES).nullable(),
  created_at: isoTimestamp,
});

export type User = z.infer<typeof userSchema>;

/**
 * GET /api/users/me: the signed-in user, and whether they judge a hackathon event (decision 0163:
 * the web shows them a "Judging" link).
 */
export const meSchema = userSchema.extend({ is_judge: z.boolean() });
export type Me = z.infer<typeof meSchema>;

export const preferencesBodySchema = z.strictObject({
  locale: z.enum(LOCALES, refusal(/*i18n*/ 'Choose English (en), French (fr) or Arabic (ar).')),
});
export type PreferencesBody = z.infer<typeof preferencesBodySchema>;

/** A user as other screens mention them (an application's author, a team member). */
export const userRefSchema = z.object({
  id: z.number().int(),
  intra_login: z.string(),
  image_url: z.string().nullable(),
});
