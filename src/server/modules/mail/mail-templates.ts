import { i18n } from '@lingui/core';
import { say, type Sentence } from '../../../contract/i18n';
import type { Locale } from '../../../contract/locales';
import { MAIL_TEMPLATES, type MailTemplateKey } from '../../../contract/mail-templates';
import { teamDisplayName } from '../../../contract/hackathon';
import { speaking } from '../../i18n';
import type { Notification, Recipient } from '../../deps';
import { markup } from './html';
import { mailHtml, mailText, oneLine, renderMarkdownWithValues, renderTextWithValues } from './mail-layout';
import { parseTemplate, type Values } from './template';

/**
 * Every notification email of the app. Each is a template (a subject and a Markdown body with
 * `{{placeholders}}`, the board's saved version or the club's default, mail-defaults.ts) and
 * the values of its placeholders; `composeMail` fills one in for one recipient. Values are
 * never read as Markdown or HTML, so nothing a person typed (a name, a team name, feedback)
 * can become markup (docs/decisions/0120-mail-templates.md). Each mail is written in its
 * recipient's language, frame, dates and default wording (docs/decisions/0128-languages.md).
 */

export type MailKind = MailTemplateKey | 'board_message';

export type MailContent = { kind: MailKind; subject: string; text: string; html: string };

export type TemplateText = { subject: string; body: string };

/** British English writes the day before the month; Arabic keeps Latin digits; all on a 24-hour clock. */
const DATE_LOCALES: Record<Locale, string> = { en: 'en-GB', fr: 'fr', ar: 'ar-u-nu-latn' };
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as people read it, in the club's time zone with its offset said (decision 0155), in the
 * language Lingui speaks now (the mail's, inside `speaking`): "Saturday 26 December 2026 at 08:58
 * GMT+1", "samedi 26 décembre 2026 à 08:58 UTC+1".
 */
export function formatMoment(iso: string, timeZone: string): string {
  const tag = DATE_LOCALES[i18n.locale as Locale] ?? DATE_LOCALES.en;
  const key = `${tag} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
      timeZoneName: 'shortOffset',
    });
    formats.set(key, format);
  }
  return format.format(new Date(iso));
}

/**
 * A template filled in with its values: the subject, the text part and the HTML part, framed in
 * `locale` (call it inside `speaking(locale, …)`, where the values were computed).
 */
export function renderTemplate(
  key: MailTemplateKey,
  template: TemplateText,
  values: Values,
  locale: Locale = 'en',
): MailContent {
  const known = MAIL_TEMPLATES[key].placeholders;
  const subject = oneLine(renderTextWithValues(parseTemplate(template.subject, known), values));
  const body = parseTemplate(template.body, known);
  return speaking(locale, () => ({
    kind: key,
    subject,
    text: mailText(renderTextWithValues(body, values), values.app_url ?? ''),
    html: mailHtml(subject, renderMarkdownWithValues(body, values, locale), values.app_url ?? '', locale),
  }));
}

/**
 * One recipient's mail, in their language; `template` is the wording in force for a templated
 * notification in that language. Its values (dates) are computed in that language too.
 */
export function composeMail(
  notification: Notification,
  template: TemplateText,
  recipient: Recipient,
  appUrl: string,
  timeZone: string,
): MailContent {
  return speaking(recipient.locale, () => {
    if (notification.kind === 'board_message') return boardMessage(notification, appUrl, recipient.locale);
    const moment = (iso: string) => formatMoment(iso, timeZone);
    const values = { ...notification.values(recipient, moment), name: recipient.name, app_url: appUrl };
    return renderTemplate(notification.kind, template, values, recipient.locale);
  });
}

const OPEN_TRACKER: Sentence = /*i18n*/ 'Open your application tracker';

/**
 * A message from the board to a group: its subject as the heading, its Markdown as the board
 * wrote it (in whatever language it wrote), inside the frame of the recipient's language.
 */
function boardMessage(message: { subject: string; body: string }, appUrl: string, locale: Locale): MailContent {
  const subject = oneLine(message.subject);
  const link = `[${say(OPEN_TRACKER)}](${appUrl}/apply)`;
  const body = { nodes: [message.body.trim(), '\n\n', link], problems: [], names: new Set<string>() };
  const heading = markup`<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;">${subject}</h1>\n`;
  return {
    kind: 'board_message',
    subject,
    text: mailText(`${subject}\n\n${renderTextWithValues(body, {})}`, appUrl),
    html: mailHtml(
      subject,
      markup`${heading}${renderMarkdownWithValues(body, { app_url: appUrl }, locale)}`,
      appUrl,
      locale,
    ),
  };
}

const notes = (text: string | null | undefined) => text?.trim() ?? '';

export const applicationReceivedMail = (): Notification => ({ kind: 'application_received', values: () => ({}) });

export const applicationApprovedMail = (facts: {
  challenges: number;
  deadlineAt: string | null;
  notes?: string | null;
}): Notification => ({
  kind: 'application_approved',
  values: (_recipient, moment) => ({
    challenge_count: String(facts.challenges),
    deadline: facts.deadlineAt ? moment(facts.deadlineAt) : '',
    review_notes: notes(facts.notes),
  }),
});

export const applicationDeclinedMail = (facts: { notes?: string | null }): Notification => ({
  kind: 'application_declined',
  values: () => ({ review_notes: notes(facts.notes) }),
});

/** The board's "no" after the hackathon: worded apart from the first review's decline. */
export const finalDeclinedMail = (facts: { notes?: string | null }): Notification => ({
  kind: 'final_declined',
  values: () => ({ review_notes: notes(facts.notes) }),
});

export const challengeValidatedMail = (facts: {
  challenge: string;
  awardedXp: number;
  feedback?: string | null;
}): Notification => ({
  kind: 'challenge_validated',
  values: () => ({ challenge_title: facts.challenge, xp: String(facts.awardedXp), feedback: notes(facts.feedback) }),
});

export const challengeDeclinedMail = (facts: { challenge: string; feedback: string }): Notification => ({
  kind: 'challenge_declined',
  values: () => ({ challenge_title: facts.challenge, feedback: notes(facts.feedback) }),
});

export type TeamFacts = {
  team: string;
  event: { name: string; start_at: string; location: string | null };
  members: { user_id: number; intra_login: string }[];
};

/** The "you are in a team" mail; `teamOf` answers each recipient's team (mails of several teams go at once). */
export const teamAssignedMail = (teamOf: (userId: number) => TeamFacts): Notification => ({
  kind: 'team_assigned',
  values: (recipient, moment) => {
    const facts = teamOf(recipient.userId);
    return {
      team_name: teamDisplayName(facts.team),
      event_name: facts.event.name,
      event_start: moment(facts.event.start_at),
      event_location: facts.event.location?.trim() ?? '',
      teammates: facts.members
        .filter((member) => member.user_id !== recipient.userId)
        .map((member) => member.intra_login)
        .join('\n'),
    };
  },
});

/**
 * A share (0..1) as a percentage in the language Lingui speaks now, to one decimal at most:
 * "76.3%", "76,3 %".
 */
export function formatPercent(share: number): string {
  const tag = DATE_LOCALES[i18n.locale as Locale] ?? DATE_LOCALES.en;
  return new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

/** The hackathon results of each recipient's team (spec §14): `teamOf` answers it for each member. */
export const hackathonResultsMail = (
  teamOf: (userId: number) => { team: string; event: string; score: number; xp: number },
): Notification => ({
  kind: 'hackathon_results',
  values: (recipient) => {
    const facts = teamOf(recipient.userId);
    return {
      team_name: teamDisplayName(facts.team),
      event_name: facts.event,
      team_score: formatPercent(facts.score),
      team_xp: String(facts.xp),
    };
  },
});

export const welcomeMail = (): Notification => ({ kind: 'welcome', values: () => ({}) });

/** The board moved the candidate's challenge deadline (docs/product/communication.md#deadline-extensions). */
export const deadlineChangedMail = (facts: { deadlineAt: string }): Notification => ({
  kind: 'deadline_changed',
  values: (_recipient, moment) => ({ deadline: moment(facts.deadlineAt) }),
});

/** A message from the board to a group (its subject and Markdown body as the board wrote them). */
export const boardMessageMail = (message: { subject: string; body: string }): Notification => ({
  kind: 'board_message',
  ...message,
});
