import { z } from 'zod';

export const authCallbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
});

/**
 * `degraded` while the 42 intra refuses the club's own credentials (decisions §13): the app
 * serves, but nobody can sign in. `intra_secret_expires_at`: the end of the club's 42 secret,
 * as the intra last announced it.
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  intra: z.literal('credentials_refused').optional(),
  intra_secret_expires_at: z.iso.datetime().optional(),
});

/**
 * A sign-in waiting behind the 42 intra's limit (docs/product/opening-day.md#opening-day): call the callback again
 * with the same code and state after `retry_after_ms`; `position` is its place in line, 1 being next.
 */
export const signInWaitingSchema = z.object({
  status: z.literal('waiting'),
  retry_after_ms: z.number().int().min(0),
  position: z.number().int().min(1),
});
export type SignInWaiting = z.infer<typeof signInWaitingSchema>;
