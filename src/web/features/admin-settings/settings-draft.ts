import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Settings } from '../../../contract/settings';
import { DEFAULT_SETTINGS } from '../../../contract/settings-defaults';

/** What the inputs hold: text as typed, so that a half-typed number or URL is never lost. */
export type Draft = {
  applications_open: boolean;
  challenge_deadline_days: string;
  hackathon_registration_delay_days: string;
  project_grace_minutes: string;
  contact_email: string;
  contact_phone: string;
  contact_address: string;
  contact_map_url: string;
  data_location: string;
  retention_months: string;
  social_links: { label: string; url: string }[];
  board_members: { name: string; title: string; photo_url: string }[];
  sponsors: { name: string; logo_url: string; url: string }[];
  time_zone: string;
};

export type ListKey = 'social_links' | 'board_members' | 'sponsors';
/** One input of a list row: its key in the row, its on-screen label, and whether it takes a URL. */
export type Column<K extends ListKey> = {
  key: keyof Draft[K][number] & string;
  text: MessageDescriptor;
  url?: boolean;
};

export const SOCIAL_COLUMNS: Column<'social_links'>[] = [
  { key: 'label', text: msg`Label` },
  { key: 'url', text: msg`URL`, url: true },
];
export const BOARD_COLUMNS: Column<'board_members'>[] = [
  { key: 'name', text: msg`Name` },
  // A board member's role in the club, not a heading: its own context.
  { key: 'title', text: msg({ message: 'Title', context: 'board member' }) },
];
export const SPONSOR_COLUMNS: Column<'sponsors'>[] = [
  { key: 'name', text: msg`Name` },
  { key: 'url', text: msg`Link (optional)`, url: true },
];

export function draftOf(settings: Settings): Draft {
  return {
    ...settings,
    challenge_deadline_days: String(settings.challenge_deadline_days),
    hackathon_registration_delay_days: String(settings.hackathon_registration_delay_days),
    project_grace_minutes: String(settings.project_grace_minutes ?? DEFAULT_SETTINGS.project_grace_minutes),
    retention_months: String(settings.retention_months),
    social_links: settings.social_links.map((link) => ({ ...link })),
    board_members: settings.board_members.map((member) => ({ ...member, photo_url: member.photo_url ?? '' })),
    sponsors: settings.sponsors.map((sponsor) => ({
      name: sponsor.name,
      logo_url: sponsor.logo_url ?? '',
      url: sponsor.url ?? '',
    })),
  };
}

/** The draft in the API's shape; the contract's schema judges it (an empty number becomes NaN and is refused). */
export function settingsOf(draft: Draft): Settings {
  const days = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));
  const optionalUrl = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    ...draft,
    contact_email: draft.contact_email.trim(),
    challenge_deadline_days: days(draft.challenge_deadline_days),
    hackathon_registration_delay_days: days(draft.hackathon_registration_delay_days),
    project_grace_minutes: days(draft.project_grace_minutes),
    retention_months: days(draft.retention_months),
    contact_map_url: draft.contact_map_url.trim(),
    time_zone: draft.time_zone.trim(),
    social_links: draft.social_links.map((link) => ({ label: link.label, url: link.url.trim() })),
    board_members: draft.board_members.map((member) => ({ ...member, photo_url: optionalUrl(member.photo_url) })),
    sponsors: draft.sponsors.map((sponsor) => ({
      name: sponsor.name,
      logo_url: optionalUrl(sponsor.logo_url),
      url: optionalUrl(sponsor.url),
    })),
  };
}
