import { CHALLENGE_DEADLINE_DAYS, HACKATHON_REGISTRATION_DELAY_DAYS } from './constants';
import type { PublicSettings, Settings } from './settings';

// Kept apart from the zod schemas so that the public pages can use them without loading zod.

/** The values a fresh install starts with, until the board edits them in the Settings page. */
export const DEFAULT_SETTINGS: Settings = {
  applications_open: true,
  challenge_deadline_days: CHALLENGE_DEADLINE_DAYS,
  hackathon_registration_delay_days: HACKATHON_REGISTRATION_DELAY_DAYS,
  project_grace_minutes: 15,
  contact_email: 'robotics@1337.ma',
  contact_phone: '+212 5 23 00 13 37',
  contact_address: '1337 Coding School, Khouribga, Morocco',
  contact_map_url: 'https://www.openstreetmap.org/search?query=1337%20Coding%20School%20Khouribga',
  data_location: 'a server in Morocco',
  retention_months: 12,
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
  blind_review: false,
  time_zone: 'Africa/Casablanca',
};

export const DEFAULT_PUBLIC_SETTINGS: PublicSettings = {
  applications_open: DEFAULT_SETTINGS.applications_open,
  contact_email: DEFAULT_SETTINGS.contact_email,
  contact_phone: DEFAULT_SETTINGS.contact_phone,
  contact_address: DEFAULT_SETTINGS.contact_address,
  contact_map_url: DEFAULT_SETTINGS.contact_map_url,
  data_location: DEFAULT_SETTINGS.data_location,
  retention_months: DEFAULT_SETTINGS.retention_months,
  social_links: DEFAULT_SETTINGS.social_links,
  board_members: DEFAULT_SETTINGS.board_members,
  sponsors: DEFAULT_SETTINGS.sponsors,
  time_zone: DEFAULT_SETTINGS.time_zone,
  // Everyone may apply until the server says otherwise (the page it serves carries the real list).
  allowed_campuses: [],
};
