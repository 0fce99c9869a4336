import { z } from 'zod';

const httpUrl = z.url({ protocol: /^https?$/ }).max(500);
const text = (max: number) => z.string().trim().min(1).max(max);

export const boardMemberSchema = z.object({
  name: text(80),
  title: text(80),
  photo_url: httpUrl.nullable(),
});

export const sponsorSchema = z.object({
  name: text(80),
  logo_url: httpUrl.nullable(),
  url: httpUrl.nullable(),
});

export const socialLinkSchema = z.object({
  label: text(40),
  url: httpUrl,
});

/** Every setting of decisions §8 with its rule. Stored one row per key; defaults in migration 0002. */
export const settingsSchema = z.object({
  applications_open: z.boolean(),
  challenge_deadline_days: z.number().int().min(1).max(365),
  hackathon_registration_delay_days: z.number().int().min(0).max(365),
  contact_email: z.email().max(200),
  contact_phone: text(40),
  contact_address: text(200),
  contact_map_url: httpUrl,
  social_links: z.array(socialLinkSchema).max(8),
  board_members: z.array(boardMemberSchema).length(4),
  sponsors: z.array(sponsorSchema).max(20),
});

export type Settings = z.infer<typeof settingsSchema>;
export type SettingKey = keyof Settings;

/** What the public pages read (landing, contact, footer): nothing of it is secret. */
export const publicSettingsSchema = settingsSchema.pick({
  applications_open: true,
  contact_email: true,
  contact_phone: true,
  contact_address: true,
  contact_map_url: true,
  social_links: true,
  board_members: true,
  sponsors: true,
});

export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** PUT /admin/settings: any subset of the settings, each validated; an unknown key is refused. */
export const settingsUpdateSchema = z.object({ settings: settingsSchema.partial().strict() });
export const settingsResponseSchema = z.object({ settings: settingsSchema });
