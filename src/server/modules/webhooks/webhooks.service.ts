import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { z } from 'zod';
import {
  WEBHOOK_HOST_NOT_FOUND_MESSAGE,
  WEBHOOK_PUBLIC_ADDRESS_MESSAGE,
  WEBHOOK_URL_MESSAGE,
  type CreatedWebhook,
  type Delivery,
  type deliveryListQuerySchema,
  type Webhook,
  type webhookInputSchema,
} from '../../../contract/webhooks';
import type { UserRow, WebhookRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../errors';
import { recordAudit } from '../audit';
import {
  countWebhooks,
  deleteWebhook,
  findWebhook,
  insertWebhook,
  listDeliveries,
  listWebhooks,
} from './webhooks.repository';
import { AddressRefused, createDestinationPolicy } from './webhook-destination';

type WebhookInput = z.output<typeof webhookInputSchema>;

/** Enough for every chat and tool a board uses; each one multiplies every event's deliveries. */
export const MAX_WEBHOOKS = 20;
const ENTITY = 'webhook';

const isLoopback = (hostname: string) => {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
};

/**
 * https only; plain http only to this very machine and never in production, so that a test
 * receiver or a local bot can listen without a certificate (decisions in docs/decisions/0114).
 */
export function checkWebhookUrl(url: string, production: boolean): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest(WEBHOOK_URL_MESSAGE, 'VALIDATION_FAILED', [{ path: 'url', message: WEBHOOK_URL_MESSAGE }]);
  }
  const allowed =
    parsed.protocol === 'https:' || (parsed.protocol === 'http:' && !production && isLoopback(parsed.hostname));
  if (!allowed || parsed.username || parsed.password) {
    throw badRequest(WEBHOOK_URL_MESSAGE, 'VALIDATION_FAILED', [{ path: 'url', message: WEBHOOK_URL_MESSAGE }]);
  }
  return parsed.toString();
}

/** The setting that lets a named host inside the club's network receive webhooks in production. */
export const ALLOWED_HOSTS_VARIABLE = 'WEBHOOK_ALLOWED_HOSTS';

/** A refusal of the address, said as the validation's refusals are: on the field `url`. */
function urlRefusal(sentence: string, values: Record<string, unknown>) {
  return badRequest({ sentence, values }, 'VALIDATION_FAILED', [{ path: 'url', message: sentence, values }]);
}

const toWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: JSON.parse(row.events) as Webhook['events'],
  format: row.format,
  created_at: row.created_at,
});

export function createWebhooksService(deps: Deps) {
  const { db, clock, config } = deps;
  const production = config.env === 'production';
  const destinations = createDestinationPolicy({
    production,
    allowedHosts: config.webhookAllowedHosts,
    resolve: deps.resolveHost,
  });

  /** In production, refuses a host that is, or resolves to, an address inside a network (decision 0135). */
  async function checkDestination(url: string): Promise<void> {
    try {
      await destinations.check(new URL(url));
    } catch (error) {
      if (error instanceof AddressRefused) {
        const { host, address } = error;
        throw urlRefusal(WEBHOOK_PUBLIC_ADDRESS_MESSAGE, { host, address, variable: ALLOWED_HOSTS_VARIABLE });
      }
      throw urlRefusal(WEBHOOK_HOST_NOT_FOUND_MESSAGE, { host: new URL(url).hostname });
    }
  }

  async function existing(id: number): Promise<WebhookRow> {
    const webhook = await findWebhook(db, id);
    if (!webhook) throw notFound(/*i18n*/ 'There is no such webhook.');
    return webhook;
  }

  return {
    list: async () => ({ data: (await listWebhooks(db)).map(toWebhook) }),

    /** Creates a webhook with a new signing secret, shown in this answer only. */
    async create(input: WebhookInput, admin: UserRow): Promise<CreatedWebhook> {
      const url = checkWebhookUrl(input.url, production);
      await checkDestination(url);
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        if ((await countWebhooks(trx)) >= MAX_WEBHOOKS) {
          throw conflict({
            sentence: /*i18n*/ 'The club has {max} webhooks already: delete one before adding another.',
            values: { max: MAX_WEBHOOKS },
          });
        }
        const row = await insertWebhook(trx, {
          url,
          events: JSON.stringify(input.events),
          format: input.format,
          secret: randomBytes(32).toString('base64url'),
          created_by: admin.id,
          created_at: now.toISOString(),
        });
        const webhook = toWebhook(row);
        // The secret never goes into the log.
        await recordAudit(trx, {
          action: 'webhook.created',
          entity_type: ENTITY,
          entity_id: row.id,
          actor: admin,
          details: { after: { url, events: webhook.events, format: webhook.format } },
          at: now,
        });
        return { ...webhook, secret: row.secret };
      });
    },

    async remove(id: number, admin: UserRow): Promise<void> {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const webhook = await findWebhook(trx, id);
        if (!webhook || !(await deleteWebhook(trx, id))) throw notFound(/*i18n*/ 'There is no such webhook.');
        const { url, events, format } = toWebhook(webhook);
        await recordAudit(trx, {
          action: 'webhook.deleted',
          entity_type: ENTITY,
          entity_id: id,
          actor: admin,
          details: { before: { url, events, format } },
          at: now,
        });
      });
    },

    async deliveries(
      id: number,
      page: z.output<typeof deliveryListQuerySchema>,
    ): Promise<{ data: Delivery[]; total: number }> {
      await existing(id);
      const { data, total } = await listDeliveries(db, id, page);
      return {
        data: data.map((delivery) => ({
          id: delivery.id,
          event: delivery.event,
          status: delivery.status,
          body: delivery.body,
          created_at: delivery.created_at,
          delivered_at: delivery.delivered_at,
          next_attempt_at: delivery.status === 'pending' ? delivery.next_attempt_at : null,
          attempts: delivery.attempts,
        })),
        total,
      };
    },
  };
}
