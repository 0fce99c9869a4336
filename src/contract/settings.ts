import { z } from 'zod';
import { say, type Sentence } from './i18n';
import { mediaImage } from './image-urls';

// Messages are sentences for the board: the Settings page shows them beside the fields, the API in `details`.

export const MAX_SETTING_DAYS = 365;
export const BOARD_SIZE = 4;
export const MAX_SOCIAL_LINKS = 8;
export const MAX_SPONSORS = 20;

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'Enter a web address starting with http:// or https://.' })
  .max(500, 'At most 500 characters.');
/**
 * A picture's address: an http(s) URL, or an image the board uploaded (`/media/...`,
 * docs/decisions/0122-uploaded-images.md).
 */
const imageUrl = z
  .string({ error: 'Enter a web address starting with http:// or https://, or upload an image.' })
  .max(500, 'At most 500 characters.')
  .refine((url) => mediaImage(url) !== undefined || httpUrl.safeParse(url).success, {
    error: 'Enter a web address starting with http:// or https://, or upload an image.',
  });
const text = (max: number) =>
  z.string({ error: 'Required.' }).trim().min(1, 'Required.').max(max, `At most ${max} characters.`);
// The zod message is a function, read when the value is refused: it speaks the language active then.
const AT_LEAST_DAYS: Sentence = /*i18n*/ 'At least {min, plural, one {# day} other {# days}}.';
const days = (min: number) =>
  z
    .number({ error: 'Enter a whole number of days.' })
    .int('Enter a whole number of days.')
    .min(min, { error: () => say(AT_LEAST_DAYS, { min }) })
    .max(MAX_SETTING_DAYS, `At most ${MAX_SETTING_DAYS} days.`);

export const boardMemberSchema = z.object({
  name: text(80),
  title: text(80),
  photo_url: imageUrl.nullable(),
});

export const sponsorSchema = z.object({
  name: text(80),
  logo_url: imageUrl.nullable(),
  url: httpUrl.nullable(),
});

export const socialLinkSchema = z.object({
  label: text(40),
  url: httpUrl,
});

/** Every setting of docs/product.md#settings with its rule. Stored one row per key; defaults in migration 0002. */
export const settingsSchema = z.object({
  applications_open: z.boolean({ error: 'Choose whether applications are open.' }),
  challenge_deadline_days: days(1),
  hackathon_registration_delay_days: days(0),
  contact_email: z.email('Enter an email address.').max(200, 'At most 200 characters.'),
  contact_phone: text(40),
  contact_address: text(200),
  contact_map_url: httpUrl,
  social_links: z.array(socialLinkSchema).max(MAX_SOCIAL_LINKS, `At most ${MAX_SOCIAL_LINKS} social links.`),
  board_members: z.array(boardMemberSchema).length(BOARD_SIZE, `The board listing has exactly ${BOARD_SIZE} people.`),
  sponsors: z.array(sponsorSchema).max(MAX_SPONSORS, `At most ${MAX_SPONSORS} sponsors.`),
  /**
   * Blind review (docs/product.md#the-boards-workbench): who a candidate is stays hidden from an
   * admin until that admin has voted on the application. Always answered (default false); optional
   * in this type only until the Settings page edits it (decision 0115).
   */
  blind_review: z.boolean({ error: 'Choose whether reviews are blind.' }).optional(),
});

export type Settings = z.infer<typeof settingsSchema>;
export type SettingKey = keyof Settings;

/**
 * What the public pages read (landing, contact, footer, the tracker): nothing of it is secret.
 * `allowed_campuses` comes from the configuration (ALLOWED_CAMPUSES), not from the board's settings.
 */
export const publicSettingsSchema = settingsSchema
  .pick({
    applications_open: true,
    contact_email: true,
    contact_phone: true,
    contact_address: true,
    contact_map_url: true,
    social_links: true,
    board_members: true,
    sponsors: true,
  })
  .extend({
    allowed_campuses: z.array(z.object({ id: z.number().int().nullable(), name: z.string() })),
  });

export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** PUT /admin/settings: any subset of the settings, each validated; an unknown key is refused. */
export const settingsUpdateSchema = z.object({ settings: settingsSchema.partial().strict() });
export const settingsResponseSchema = z.object({ settings: settingsSchema });
