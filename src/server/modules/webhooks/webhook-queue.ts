import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { DELIVERY_ADDRESS_REFUSED, DELIVERY_TIMED_OUT, DELIVERY_TIMEOUT_MS } from '../../../contract/webhooks';
import type { Db } from '../../db/database';
import type { Clock } from '../../clock';
import { withdrawHeld } from '../../db/outbox-claim';
import { createOutboxRunner } from '../../outbox-runner';
import { retryPolicy } from '../../outbox-retry';
import type { WebhookQueue } from '../../deps';
import { AddressRefused, type DestinationPolicy } from './webhook-destination';
import { deliveryBody } from './webhook-events';
import {
  claimDueDeliveries,
  insertDeliveries,
  recordAttempt,
  webhooksFor,
  type DueDelivery,
} from './webhooks.repository';

/** 1, 2, 4, … minutes after the n-th failed attempt, at most 2 hours; given up (status `failed`) after 8 attempts: about 4 hours of retries. */
const RETRY = retryPolicy({ maxAttempts: 8, firstMs: 60_000, longestMs: 2 * 3600_000 });
export const MAX_ATTEMPTS = RETRY.maxAttempts;
export const retryDelayMs = RETRY.delayMs;
/** How long a claimed delivery is this process's: longer than the worst batch of timeouts. */
const LEASE_MS = 5 * 60_000;
const BATCH = 10;
const SWEEP_MS = 30_000;

/** The `X-Club-Signature` of a body: HMAC-SHA256 under the webhook's secret, in hex. */
export const signature = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

type QueueDeps = {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  publicUrl: string;
  destinations: DestinationPolicy;
};

/** Headers and body of one delivery attempt, POSTed as they are. */
type Outgoing = { body: string; headers: Record<string, string> };

/** How long a 429 asks to wait: Discord's JSON `retry_after` (seconds, a float), else `Retry-After`, in ms. */
function askedWaitMs(body: string, retryAfterHeader: string | undefined): number | undefined {
  let seconds: unknown;
  try {
    seconds = (JSON.parse(body) as { retry_after?: unknown }).retry_after;
  } catch {
    seconds = undefined;
  }
  if (typeof seconds !== 'number') seconds = Number(retryAfterHeader);
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0
    ? Math.ceil(seconds * 1000)
    : undefined;
}

/** The most of a 429's body read: Discord's is a small JSON object. */
const RATE_LIMIT_BODY_BYTES = 2048;

/**
 * POSTs to `url` and answers the receiver's status, and for a 429 the wait it asks for; redirects
 * are answers, never followed (node's http never follows them). `lookup` is the only way the
 * connection finds its addresses: the destination policy's check (decision 0135).
 */
function post(url: URL, { body, headers }: Outgoing, options: { lookup: LookupFunction; signal: AbortSignal }) {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<{ status: number; retryAfterMs?: number }>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        // A connection of its own, never one kept from another attempt: each is checked afresh.
        agent: false,
        lookup: options.lookup,
        signal: options.signal,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status !== 429) {
          resolve({ status });
          return response.destroy();
        }
        let answer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          answer += chunk;
          if (answer.length > RATE_LIMIT_BODY_BYTES) response.destroy();
        });
        const done = () =>
          resolve({ status, retryAfterMs: askedWaitMs(answer, response.headers['retry-after'] as string | undefined) });
        response.on('end', done);
        response.on('close', done);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** What an attempt that got no answer stores: facts, not a sentence (each board writes it in its language). */
function failureFacts(failure: unknown, signal: AbortSignal): string {
  if (signal.aborted) return DELIVERY_TIMED_OUT;
  if (failure instanceof AddressRefused) return `${DELIVERY_ADDRESS_REFUSED} ${failure.address}`;
  // The network error's own words ("connect ECONNREFUSED 127.0.0.1:9").
  const cause = failure instanceof Error ? (failure.cause ?? failure) : failure;
  return (cause instanceof Error ? cause.message : String(cause)).slice(0, 500);
}

/**
 * The durable queue of webhook deliveries (decision 0114), run like the mail outbox: rows written
 * with the change, claimed under a lease (a process killed mid-send leaves them to be claimed again
 * when the lease ends), each attempt recorded, retried with backoff.
 */
export function createWebhookQueue({ db, clock, log, publicUrl, destinations }: QueueDeps): WebhookQueue {
  async function attempt(delivery: DueDelivery): Promise<void> {
    const started = performance.now();
    let statusCode: number | null = null;
    let delivered = false;
    let error: string | null = null;
    let retryAfterMs: number | undefined;
    const signal = AbortSignal.timeout(DELIVERY_TIMEOUT_MS);
    try {
      const url = new URL(delivery.url);
      const refused = destinations.literalRefusal(url);
      if (refused) throw refused;
      ({ status: statusCode, retryAfterMs } = await post(
        url,
        {
          body: delivery.body,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'robotics-club-webhooks',
            'x-club-event': delivery.event,
            'x-club-delivery': String(delivery.id),
            'x-club-signature': signature(delivery.secret, delivery.body),
          },
        },
        { lookup: destinations.lookup, signal },
      ));
      delivered = statusCode >= 200 && statusCode < 300;
    } catch (failure) {
      error = failureFacts(failure, signal);
    }
    const record = {
      attempted_at: clock.now().toISOString(),
      status_code: statusCode,
      error,
      duration_ms: Math.round(performance.now() - started),
    };
    if (delivered) return recordAttempt(db, delivery.id, record, { delivered: true });
    // A receiver that says how long to wait (Discord's 429) is tried again then, not minutes later.
    const retryAt = RETRY.retryAt(delivery.attempts, clock.now(), retryAfterMs)?.toISOString() ?? null;
    const giveUp = retryAt === null;
    await recordAttempt(db, delivery.id, record, { delivered: false, retryAt });
    const context = {
      deliveryId: delivery.id,
      event: delivery.event,
      attempts: delivery.attempts,
      statusCode,
      error,
    };
    if (giveUp) log.warn(context, 'webhook delivery failed for good');
    else log.info({ ...context, retryAt }, 'webhook delivery failed; it will be retried');
  }

  const runner = createOutboxRunner({
    what: 'webhook delivery',
    claim: (now, leaseUntil) =>
      claimDueDeliveries(db, { now: now.toISOString(), leaseUntil: leaseUntil.toISOString(), limit: BATCH }),
    // One receiver's slowness must not hold the others': a batch goes out at once.
    send: async (batch) => {
      await Promise.all(batch.map(attempt));
    },
    leaseMs: LEASE_MS,
    sweepMs: SWEEP_MS,
    clock,
    log,
  });

  return {
    async enqueue(trx, event, data, at, hold) {
      const webhooks = await webhooksFor(trx, event);
      const iso = at.toISOString();
      await insertDeliveries(
        trx,
        webhooks.map((webhook) => ({
          webhook_id: webhook.id,
          event,
          body: deliveryBody(webhook.format, event, data, { publicUrl, at }),
          next_attempt_at: (hold?.until ?? at).toISOString(),
          hold_key: hold?.key ?? null,
          created_at: iso,
        })),
      );
    },

    withdraw: (trx, key, now) => withdrawHeld(trx, 'webhook_deliveries', key, now.toISOString()),

    kick: runner.kick,
    flush: runner.flush,
    start: runner.start,
    stop: () => runner.stop(),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook deliveries, for tests that wait for them with `app.webhooks.flush()`. */
    webhooks: WebhookQueue;
  }
}
