import { z } from 'zod';
import { mediaImage } from './image-urls';
import { refusal, type Sentence } from './i18n';

// Messages are sentences for the board: the Settings page shows them beside the fields, the API in `details`.

export const MAX_SETTING_DAYS = 365;
export const BOARD_SIZE = 4;
export const MAX_SOCIAL_LINKS = 8;
export const MAX_PROJECT_GRACE_MINUTES = 240;
export const MAX_SPONSORS = 20;
export const MAX_RETENTION_MONTHS = 120;

const httpUrl = z
  .url({ protocol: /^https?$/, ...refusal(/*i18n*/ 'Enter a web address starting with http:// or https://.') })
  .max(500, refusal(/*i18n*/ 'At most 500 characters.'));
/**
 * A picture's address: an http(s) URL, or an image the board uploaded (`/media/...`,
 * docs/decisions/0122-uploaded-images.md).
 */
const imageUrl = z
  .string(refusal(/*i18n*/ 'Enter a web address starting with http:// or https://, or upload an image.'))
  .max(500, refusal(/*i18n*/ 'At most 500 characters.'))
  .refine((url) => mediaImage(url) !== undefined || httpUrl.safeParse(url).success, {
    ...refusal(/*i18n*/ 'Enter a web address starting with http:// or https://, or upload an image.'),
  });
const text = (max: number) =>
  z
    .string(refusal(/*i18n*/ 'Required.'))
    .trim()
    .min(1, refusal(/*i18n*/ 'Required.'))
    .max(max, refusal(/*i18n*/ 'At most {max} characters.', { max }));
const AT_LEAST_DAYS: Sentence = /*i18n*/ 'At least {min, plural, one {# day} other {# days}}.';
const days = (min: number) =>
  z
    .number(refusal(/*i18n*/ 'Enter a whole number of days.'))
    .int(refusal(/*i18n*/ 'Enter a whole number of days.'))
    .min(min, refusal(AT_LEAST_DAYS, { min }))
    .max(MAX_SETTING_DAYS, refusal(/*i18n*/ 'At most {max} days.', { max: MAX_SETTING_DAYS }));

export const RETENTION_MONTHS: Sentence = /*i18n*/ 'Enter a whole number of months, 0 to keep everything.';
/** A retention period (decisions §15): 0 keeps everything. */
export const retentionMonthsSchema = z
  .number(refusal(RETENTION_MONTHS))
  .int(refusal(RETENTION_MONTHS))
  .min(0, refusal(RETENTION_MONTHS))
  .max(MAX_RETENTION_MONTHS, refusal(/*i18n*/ 'At most {max} months.', { max: MAX_RETENTION_MONTHS }));

/**
 * An IANA time zone (`Africa/Casablanca`, `Europe/Paris`, `UTC`) that `Intl` knows: a name, not an
 * offset (`+01:00` would not follow a change of the clocks).
 */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

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

/** Every setting of docs/product/settings.md#settings with its rule. Stored one row per key; defaults in migration 0002. */
export const settingsSchema = z.object({
  applications_open: z.boolean(refusal(/*i18n*/ 'Choose whether applications are open.')),
  challenge_deadline_days: days(1),
  hackathon_registration_delay_days: days(0),
  /**
   * Minutes after a hackathon's end during which its teams may still write their project (spec
   * §14): from 0 to 240. Optional in this type as `blind_review` is (decision 0115); always answered.
   */
  project_grace_minutes: z
    .number(refusal(/*i18n*/ 'Enter a whole number of minutes.'))
    .int(refusal(/*i18n*/ 'Enter a whole number of minutes.'))
    .min(0, refusal(/*i18n*/ 'Enter a whole number of minutes.'))
    .max(MAX_PROJECT_GRACE_MINUTES, refusal(/*i18n*/ 'At most {max} minutes.', { max: MAX_PROJECT_GRACE_MINUTES }))
    .optional(),
  contact_email: z
    .email(refusal(/*i18n*/ 'Enter an email address.'))
    .max(200, refusal(/*i18n*/ 'At most 200 characters.')),
  contact_phone: text(40),
  contact_address: text(200),
  contact_map_url: httpUrl,
  /** Where the app's data is kept, in the board's words ("a server in Morocco"): told on /privacy (decisions §15). */
  data_location: text(200),
  /**
   * How many months without a sign-in before the hourly maintenance erases an account that is not
   * the club's (decisions §15, decision 0168); 0 keeps everything.
   */
  retention_months: retentionMonthsSchema,
  social_links: z
    .array(socialLinkSchema)
    .max(MAX_SOCIAL_LINKS, refusal(/*i18n*/ 'At most {max} social links.', { max: MAX_SOCIAL_LINKS })),
  board_members: z
    .array(boardMemberSchema)
    .length(BOARD_SIZE, refusal(/*i18n*/ 'The board listing has exactly {size} people.', { size: BOARD_SIZE })),
  sponsors: z
    .array(sponsorSchema)
    .max(MAX_SPONSORS, refusal(/*i18n*/ 'At most {max} sponsors.', { max: MAX_SPONSORS })),
  /**
   * Blind review (docs/product/applications.md#the-boards-workbench): who a candidate is stays hidden from an
   * admin until that admin has voted on the application. Always answered (default false); optional
   * in this type only until the Settings page edits it (decision 0115).
   */
  blind_review: z.boolean(refusal(/*i18n*/ 'Choose whether reviews are blind.')).optional(),
  /**
   * The club's time zone (docs/decisions/0155): every date of the emails and the pages is told in
   * it, and every date the board types is read in it.
   */
  time_zone: z
    .string(refusal(/*i18n*/ 'Choose a time zone, such as Africa/Casablanca.'))
    .max(64, refusal(/*i18n*/ 'Choose a time zone, such as Africa/Casablanca.'))
    .refine(isTimeZone, refusal(/*i18n*/ 'Choose a time zone, such as Africa/Casablanca.')),
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
    data_location: true,
    retention_months: true,
    social_links: true,
    board_members: true,
    sponsors: true,
    time_zone: true,
  })
  .extend({
    allowed_campuses: z.array(z.object({ id: z.number().int().nullable(), name: z.string() })),
  });

export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** PUT /admin/settings: any subset of the settings, each validated; an unknown key is refused. */
export const settingsUpdateSchema = z.object({ settings: settingsSchema.partial().strict() });
export const settingsResponseSchema = z.object({ settings: settingsSchema });
