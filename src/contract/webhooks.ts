import { z } from 'zod';
import { isoTimestamp, listSchema, pageQuerySchema } from './common';
import { refusal, type Sentence } from './i18n';

/** What the board can be told of, as it happens. */
export const WEBHOOK_EVENTS = [
  'application.created',
  'challenge.submitted',
  'hackathon.registered',
  'application.decided',
  'hackathon.results',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * What each event tells (a `json` webhook's `data`), as the services that cause it pass it on. An
 * application's `login` is null while blind review is on: the chat is read by admins who have not
 * voted (decision 0136).
 */
export type WebhookEventData = {
  'application.created': { application_id: number; login: string | null };
  'application.decided': { application_id: number; login: string | null; status: 'approved' | 'declined' };
  'challenge.submitted': { user_challenge_id: number; challenge_id: number; challenge_title: string; login: string };
  'hackathon.registered': { event_id: number; event_name: string; login: string };
  /** An event's results published (spec §14): the scored teams, best first. */
  'hackathon.results': {
    event_id: number;
    event_name: string;
    teams: { team_id: number; name: string; score: number; xp: number }[];
  };
};

/** `json`: the event as data; `discord`: a Discord incoming webhook's `{ content }` message. */
export const WEBHOOK_FORMATS = ['json', 'discord'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_URL_MESSAGE: Sentence =
  /*i18n*/ 'The address must start with https:// (http:// only to this machine, outside production)';

/**
 * In production a webhook goes to a public internet address only (decision 0135): the refusal
 * of a host that is, or resolves to, an address inside a network (`{address}`, the first one
 * refused; `{variable}`, the setting that lets a named internal host through).
 */
export const WEBHOOK_PUBLIC_ADDRESS_MESSAGE: Sentence =
  /*i18n*/ 'The address must lead to a public internet address: {host} leads to {address}, a loopback, private, link-local or other reserved address. A host on the club’s own network is allowed only when the server’s {variable} names it.';
/** The refusal of a host whose name the server could not resolve when the webhook was created. */
export const WEBHOOK_HOST_NOT_FOUND_MESSAGE: Sentence =
  /*i18n*/ 'The server could not find the host {host}: check the address.';

export const webhookInputSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, refusal(/*i18n*/ 'The address is required'))
    .max(WEBHOOK_URL_MAX, refusal(/*i18n*/ 'The address is too long')),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, refusal(/*i18n*/ 'Choose at least one event'))
    .transform((events) => [...new Set(events)]),
  format: z.enum(WEBHOOK_FORMATS).default('json'),
});
export type WebhookInput = z.input<typeof webhookInputSchema>;

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  format: z.enum(WEBHOOK_FORMATS),
  created_at: isoTimestamp,
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer to its creation: the only time the signing secret is shown. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookListSchema = z.object({ data: z.array(webhookSchema) });

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** A receiver that has not answered within this long counts as a failed attempt. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * The `error` of an attempt that got no answer in time. An attempt's `error` holds facts, not a
 * sentence: it is stored once and read by boards in several languages, each writing the sentence
 * in its own (docs/decisions/0128-languages.md).
 */
export const DELIVERY_TIMED_OUT = 'timeout';

/**
 * The `error` of an attempt the server refused to send, followed by a space and the address
 * refused (`address_refused 127.0.0.1`): in production the host led to an address inside a
 * network, such as a name that answered a public address at creation and a private one now
 * (decision 0135).
 */
export const DELIVERY_ADDRESS_REFUSED = 'address_refused';

export const deliveryAttemptSchema = z.object({
  attempted_at: isoTimestamp,
  /** The receiver's HTTP status; null when no answer came (refused, timed out). */
  status_code: z.number().int().nullable(),
  /**
   * Why no answer came: DELIVERY_TIMED_OUT, DELIVERY_ADDRESS_REFUSED and the address, else the
   * network error's own words (`connect ECONNREFUSED 127.0.0.1:9`); null when the receiver
   * answered, its status saying how. Rows written before held English sentences ("No answer
   * within 10 s", "The receiver answered 500").
   */
  error: z.string().nullable(),
  duration_ms: z.number().int(),
});

export const deliverySchema = z.object({
  id: z.number().int(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(DELIVERY_STATUSES),
  /** The body as it is (or was) sent. */
  body: z.string(),
  created_at: isoTimestamp,
  delivered_at: isoTimestamp.nullable(),
  /** When the next attempt is due, while pending. */
  next_attempt_at: isoTimestamp.nullable(),
  attempts: z.array(deliveryAttemptSchema),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveryListQuerySchema = pageQuerySchema();
export const deliveryListSchema = listSchema(deliverySchema);
