import type { WebhookEvent, WebhookEventData, WebhookFormat } from '../../../contract/webhooks';

/** The admin page where the board acts on each event. */
const PAGE: Record<WebhookEvent, string> = {
  'application.created': '/admin/applications',
  'application.decided': '/admin/applications',
  'challenge.submitted': '/admin/submissions',
  'hackathon.registered': '/admin/hackathon',
  'hackathon.results': '/admin/hackathon',
};

/**
 * One whole sentence per event and outcome, with named placeholders, so that each can be
 * translated as a sentence (never glued from pieces).
 */
const SENTENCES = {
  'application.created': 'New application from {login}: {url}',
  'application.approved': "{login}'s application was approved: {url}",
  'application.declined': "{login}'s application was declined: {url}",
  // Blind review (decision 0136): the application by its number, its candidate unnamed.
  'application.created.blind': 'New application #{id}, its candidate hidden by blind review: {url}',
  'application.approved.blind': 'Application #{id} was approved: {url}',
  'application.declined.blind': 'Application #{id} was declined: {url}',
  'challenge.submitted': '{login} submitted the challenge “{challenge}” for review: {url}',
  'hackathon.registered': '{login} registered for {hackathon}: {url}',
  'hackathon.results': 'The results of {hackathon} are published, {teams} teams scored: {url}',
} as const;

const fill = (sentence: string, values: Record<string, string>) =>
  sentence.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? '');

/** Each event's sentence and the values of its own placeholders ({login} and {url} are common). */
const MESSAGE: { [E in WebhookEvent]: (data: WebhookEventData[E]) => [string, Record<string, string>] } = {
  'application.created': (data) =>
    data.login === null
      ? [SENTENCES['application.created.blind'], { id: String(data.application_id) }]
      : [SENTENCES['application.created'], {}],
  'application.decided': (data) =>
    data.login === null
      ? [
          SENTENCES[data.status === 'approved' ? 'application.approved.blind' : 'application.declined.blind'],
          { id: String(data.application_id) },
        ]
      : [SENTENCES[data.status === 'approved' ? 'application.approved' : 'application.declined'], {}],
  'challenge.submitted': (data) => [SENTENCES['challenge.submitted'], { challenge: data.challenge_title }],
  'hackathon.registered': (data) => [SENTENCES['hackathon.registered'], { hackathon: data.event_name }],
  'hackathon.results': (data) => [
    SENTENCES['hackathon.results'],
    { hackathon: data.event_name, teams: String(data.teams.length) },
  ],
};

/** The chat message of an event, for the `discord` format. */
export function eventSentence<E extends WebhookEvent>(event: E, data: WebhookEventData[E], url: string): string {
  const [sentence, values] = MESSAGE[event](data);
  return fill(sentence, { ...values, login: ('login' in data ? data.login : null) ?? '', url });
}

/** Discord's limit on `content`. */
export const DISCORD_CONTENT_MAX = 2000;

/**
 * At most 2,000 characters, and never half of one: a cut between the two halves of an emoji
 * would leave a lone surrogate, which Discord refuses as an invalid body.
 */
function discordContent(text: string): string {
  const cut = text.slice(0, DISCORD_CONTENT_MAX);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * The body a webhook receives: the event as data (`json`), or a Discord message (`discord`:
 * `content` holds the text; Discord refuses more than 2,000 characters).
 */
export function deliveryBody<E extends WebhookEvent>(
  format: WebhookFormat,
  event: E,
  data: WebhookEventData[E],
  { publicUrl, at }: { publicUrl: string; at: Date },
): string {
  const url = new URL(PAGE[event], publicUrl).toString();
  if (format === 'discord') {
    return JSON.stringify({
      content: discordContent(eventSentence(event, data, url)),
      allowed_mentions: { parse: [] },
    });
  }
  return JSON.stringify({ event, occurred_at: at.toISOString(), url, data });
}
