import { markup, paragraphs, type SafeHtml } from './html';
import { renderMarkdown } from './markdown';

/**
 * Every notification email of the app, in plain English. A template describes its content
 * once, as blocks; `renderMail` makes the text part and the HTML part from the same blocks, and
 * escapes every value in the HTML one, so nothing a person typed (a name, a team name, feedback)
 * is ever read as markup.
 */

export type MailKind =
  | 'application_received'
  | 'application_approved'
  | 'application_declined'
  | 'final_declined'
  | 'challenge_validated'
  | 'challenge_declined'
  | 'team_assigned'
  | 'welcome'
  | 'deadline_changed'
  | 'board_message';

/** Whom a mail goes to, as the outbox reads it from the users table. */
export type Recipient = { userId: number; email: string; name: string };

export type MailContent = { kind: MailKind; subject: string; text: string; html: string };

/** Builds one recipient's mail; `appUrl` is config.publicUrl, for the links back to the app. */
export type Compose = (recipient: Recipient, appUrl: string) => MailContent;

type Block =
  | string
  | { label: string; quote: string }
  | { label: string; list: string[] }
  | { action: string; path: string }
  /** Markdown the board wrote: its source as the text part, its rendering in the HTML part. */
  | { markdown: string };

const CLUB = '1337 Robotics Club';

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});

/** A moment as people read it, with its time zone said: "Monday, 7 December 2026 at 18:00 UTC". */
export function formatMoment(iso: string): string {
  return `${DATE_FORMAT.format(new Date(iso))} UTC`;
}

/** A header must stay on one line whatever a title holds. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function renderText(heading: string, blocks: Block[], appUrl: string): string {
  const parts = [heading];
  for (const block of blocks) {
    if (typeof block === 'string') parts.push(block);
    else if ('markdown' in block) parts.push(block.markdown.trim());
    else if ('quote' in block)
      parts.push(
        `${block.label}:\n${block.quote
          .trim()
          .split(/\r?\n/)
          .map((line) => `  > ${line}`.trimEnd())
          .join('\n')}`,
      );
    else if ('list' in block) parts.push(`${block.label}:\n${block.list.map((item) => `  - ${item}`).join('\n')}`);
    else parts.push(`${block.action}: ${appUrl}${block.path}`);
  }
  parts.push(`The board of the ${CLUB}\n${appUrl}`);
  return `${parts.join('\n\n')}\n`;
}

const TEXT_STYLE = 'margin:0 0 16px;';

function renderBlock(block: Block, appUrl: string): SafeHtml {
  if (typeof block === 'string') return markup`<p style="${TEXT_STYLE}">${block}</p>\n`;
  if ('markdown' in block) return markup`<div>${renderMarkdown(block.markdown)}</div>\n`;
  if ('quote' in block) {
    return markup`<p style="margin:0 0 6px;font-weight:700;">${block.label}</p>
<div style="margin:0 0 16px;padding:12px 16px;background:#eef3f6;border-left:4px solid #00babc;">
${paragraphs(block.quote, 'margin:0 0 8px;')}
</div>
`;
  }
  if ('list' in block) {
    return markup`<p style="margin:0 0 6px;font-weight:700;">${block.label}</p>
<ul style="margin:0 0 16px;padding-left:20px;">
${block.list.map((item) => markup`<li>${item}</li>\n`)}</ul>
`;
  }
  const button =
    'display:inline-block;padding:10px 18px;border-radius:6px;background:#00babc;color:#06282a;font-weight:700;text-decoration:none;';
  return markup`<p style="margin:24px 0;"><a href="${appUrl}${block.path}" style="${button}">${block.action}</a></p>
`;
}

const PAGE_STYLE =
  'max-width:560px;margin:0 auto;padding:24px;background:#ffffff;color:#1b232b;' +
  'font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;';

function renderHtml(subject: string, heading: string, blocks: Block[], appUrl: string): string {
  return markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${subject}</title>
</head>
<body style="margin:0;padding:0;background:#f4f6f8;">
<div style="${PAGE_STYLE}">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;">${heading}</h1>
${blocks.map((block) => renderBlock(block, appUrl))}<p style="margin:24px 0 0;color:#4a5560;font-size:14px;">The board of the ${CLUB}<br><a href="${appUrl}" style="color:#006f71;">${appUrl}</a></p>
</div>
</body>
</html>
`.value;
}

function mail(kind: MailKind, subject: string, heading: string, blocks: Block[], appUrl: string): MailContent {
  return {
    kind,
    subject: oneLine(subject),
    text: renderText(heading, blocks, appUrl),
    html: renderHtml(oneLine(subject), heading, blocks, appUrl),
  };
}

const TRACKER: Block = { action: 'Open your application tracker', path: '/apply' };
const notesBlock = (notes: string | null | undefined): Block[] =>
  notes?.trim() ? [{ label: 'A note from the board', quote: notes }] : [];

export const applicationReceivedMail = (): Compose => (r, appUrl) =>
  mail(
    'application_received',
    'We received your application',
    `Thank you for applying, ${r.name}!`,
    [
      `Your application to the ${CLUB} has arrived. The board reviews applications within 3-5 business days, and we will email you its decision.`,
      'Until then you can still edit your application from your tracker.',
      TRACKER,
    ],
    appUrl,
  );

export const applicationApprovedMail =
  (facts: { challenges: number; deadlineAt: string | null; notes?: string | null }): Compose =>
  (r, appUrl) =>
    mail(
      'application_approved',
      'Your application is approved: the challenges begin',
      `Welcome to the challenges, ${r.name}!`,
      [
        `Good news: the board approved your application to the ${CLUB}.`,
        facts.challenges > 0
          ? `Your next step is ${facts.challenges === 1 ? 'one Tinkercad challenge' : `${facts.challenges} Tinkercad challenges`}. Each has up to four exercises worth 25 XP each; submit a challenge for review when its exercises are done.`
          : 'Your next step is the Tinkercad challenges: they will appear on your tracker as soon as the board publishes them.',
        ...(facts.deadlineAt ? [`Complete them by ${formatMoment(facts.deadlineAt)}.`] : []),
        ...notesBlock(facts.notes),
        { action: 'See your challenges', path: '/apply' },
      ],
      appUrl,
    );

export const applicationDeclinedMail =
  (facts: { notes?: string | null }): Compose =>
  (r, appUrl) =>
    mail(
      'application_declined',
      `About your application to the ${CLUB}`,
      `Thank you for applying, ${r.name}`,
      [
        'The board has read your application and decided not to move forward with it this time.',
        ...notesBlock(facts.notes),
        'This is no judgement of what you can become: keep building, keep learning, and keep an eye on the club’s public events.',
        TRACKER,
      ],
      appUrl,
    );

/** The board's "no" after the hackathon: worded apart from the first review's decline. */
export const finalDeclinedMail =
  (facts: { notes?: string | null }): Compose =>
  (r, appUrl) =>
    mail(
      'final_declined',
      'The board’s final decision',
      `Thank you for everything you built, ${r.name}`,
      [
        `You completed the challenges and the hackathon, and the board has now made its final review. We are sorry to tell you that you have not been selected as a member of the ${CLUB} this time.`,
        ...notesBlock(facts.notes),
        'The skills you showed in the challenges and at the hackathon are yours to keep. We hope to see you at the club’s public events.',
        TRACKER,
      ],
      appUrl,
    );

export const challengeValidatedMail =
  (facts: { challenge: string; awardedXp: number; feedback?: string | null }): Compose =>
  (r, appUrl) =>
    mail(
      'challenge_validated',
      `Challenge validated: ${facts.challenge}`,
      `Well done, ${r.name}!`,
      [
        `The board validated your challenge “${facts.challenge}” and awarded you ${facts.awardedXp} XP.`,
        ...(facts.feedback?.trim() ? [{ label: 'Feedback from the board', quote: facts.feedback }] : []),
        'Once all your challenges are validated, the hackathon is next.',
        { action: 'See your progress', path: '/apply' },
      ],
      appUrl,
    );

export const challengeDeclinedMail =
  (facts: { challenge: string; feedback: string }): Compose =>
  (r, appUrl) =>
    mail(
      'challenge_declined',
      `Your challenge needs another try: ${facts.challenge}`,
      `Not quite there yet, ${r.name}`,
      [
        `The board reviewed your challenge “${facts.challenge}” and declined it for now.`,
        { label: 'Feedback from the board', quote: facts.feedback },
        'Start the challenge again from your tracker, fix what the feedback points out, and submit it for review before your deadline. Your links and exercises are kept.',
        { action: 'Open your challenges', path: '/apply' },
      ],
      appUrl,
    );

export type TeamFacts = {
  team: string;
  event: { name: string; start_at: string; location: string | null };
  members: { user_id: number; intra_login: string }[];
};

export const teamAssignedMail =
  (facts: TeamFacts): Compose =>
  (r, appUrl) => {
    const teammates = facts.members.filter((m) => m.user_id !== r.userId).map((m) => m.intra_login);
    const where = facts.event.location ? ` at ${facts.event.location}` : '';
    return mail(
      'team_assigned',
      `Your hackathon team: ${facts.team}`,
      `You are in ${facts.team}, ${r.name}!`,
      [
        `You have been placed in ${facts.team} for ${facts.event.name}, which starts on ${formatMoment(facts.event.start_at)}${where}.`,
        teammates.length > 0
          ? { label: 'Your teammates', list: teammates }
          : 'You are the only member of the team so far: the board may add teammates later.',
        'The hackathon lasts 24 hours; senior and board members judge the projects. See you there!',
        { action: 'See your team', path: '/apply' },
      ],
      appUrl,
    );
  };

export const welcomeMail = (): Compose => (r, appUrl) =>
  mail(
    'welcome',
    `Welcome to the ${CLUB}!`,
    `Congratulations, ${r.name}!`,
    [
      `The board has approved you: you are now a member of the ${CLUB}.`,
      'Thank you for the work you put into the challenges and the hackathon. The board will get in touch about your first club projects and meetings.',
      { action: 'Open the club app', path: '/apply' },
    ],
    appUrl,
  );

/** The board moved the candidate's challenge deadline (docs/product.md#deadline-extensions). */
export const deadlineChangedMail =
  (facts: { deadlineAt: string }): Compose =>
  (r, appUrl) =>
    mail(
      'deadline_changed',
      'Your challenge deadline has changed',
      `More time for your challenges, ${r.name}`,
      [
        `The board has set a new deadline for your challenges: ${formatMoment(facts.deadlineAt)}.`,
        'Everything you have done so far is kept. Start or finish your challenges and submit them for review before then.',
        { action: 'Open your challenges', path: '/apply' },
      ],
      appUrl,
    );

/** A message from the board to a group (its subject and Markdown body as the board wrote them). */
export const boardMessageMail =
  (message: { subject: string; body: string }): Compose =>
  (_r, appUrl) =>
    mail('board_message', message.subject, message.subject, [{ markdown: message.body }, TRACKER], appUrl);
