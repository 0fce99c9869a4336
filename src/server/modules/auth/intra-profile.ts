import { z } from 'zod';
import type { ProfileFields } from '../users';

/** The part of the intra's `GET /v2/me` this app reads (docs/product/identity.md#the-42-profile). */
export const intraProfileSchema = z.object({
  id: z.number().int().positive(),
  login: z.string().min(1).max(64),
  email: z.string().max(320).nullish(),
  first_name: z.string().max(200).nullish(),
  last_name: z.string().max(200).nullish(),
  image: z.object({ link: z.string().max(2048).nullish() }).nullish(),
  campus: z.array(z.object({ id: z.number(), name: z.string() })).default([]),
  campus_users: z.array(z.object({ campus_id: z.number(), is_primary: z.boolean().nullish() })).default([]),
  cursus_users: z
    .array(
      z.object({
        level: z.number().nullish(),
        grade: z.string().nullish(),
        cursus: z.object({ slug: z.string().nullish() }).nullish(),
      }),
    )
    .default([]),
});

export type IntraProfile = z.infer<typeof intraProfileSchema>;

/** Maps the intra's profile to the user's fields, as docs/product/identity.md#the-42-profile says. */
export function profileToUserFields(profile: IntraProfile): ProfileFields {
  const primaryCampusId = profile.campus_users.find((entry) => entry.is_primary)?.campus_id;
  const campus = profile.campus.find((entry) => entry.id === primaryCampusId) ?? profile.campus[0];
  const cursus = profile.cursus_users.find((entry) => entry.cursus?.slug === '42cursus') ?? profile.cursus_users[0];
  const grade = cursus?.grade ?? null;
  return {
    intra_id: profile.id,
    intra_login: profile.login.toLowerCase(),
    email: profile.email ?? null,
    first_name: profile.first_name ?? null,
    last_name: profile.last_name ?? null,
    image_url: profile.image?.link ?? null,
    campus: campus?.name ?? null,
    // The id of the campus named above, so that the two always describe the same campus.
    campus_id: campus?.id ?? primaryCampusId ?? null,
    level: cursus?.level ?? 0,
    grade,
    is_starter: grade !== null && grade.trim().toLowerCase().startsWith('starter'),
  };
}
