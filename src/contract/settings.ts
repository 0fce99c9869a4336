import { z } from 'zod';
import { CHALLENGE_DEADLINE_DAYS, HACKATHON_REGISTRATION_DELAY_DAYS } from './constants';

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

/** The values a fresh install starts with, until the board edits them in the Settings page. */
export const DEFAULT_SETTINGS: Settings = {
  applications_open: true,
  challenge_deadline_days: CHALLENGE_DEADLINE_DAYS,
  hackathon_registration_delay_days: HACKATHON_REGISTRATION_DELAY_DAYS,
  contact_email: 'robotics@1337.ma',
  contact_phone: '+212 5 23 00 13 37',
  contact_address: '1337 Coding School, Khouribga, Morocco',
  contact_map_url: 'https://www.openstreetmap.org/search?query=1337%20Coding%20School%20Khouribga',
  social_links: [
    { label: 'Instagram', url: 'https://www.instagram.com/1337robotics' },
    { label: 'GitHub', url: 'https://github.com/1337robotics' },
    { label: 'LinkedIn', url: 'https://www.linkedin.com/company/1337robotics' },
  ],
  board_members: [
    { name: 'President', title: 'President', photo_url: null },
    { name: 'Vice President', title: 'Vice President', photo_url: null },
    { name: 'Technical Lead', title: 'Technical Lead', photo_url: null },
    { name: 'Secretary', title: 'Secretary', photo_url: null },
  ],
  sponsors: [{ name: '1337 Coding School', logo_url: null, url: 'https://1337.ma' }],
};
