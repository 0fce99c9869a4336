import { z } from 'zod';

export const authCallbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
});

export const healthSchema = z.object({ status: z.literal('ok') });

/**
 * A sign-in waiting behind the 42 intra's limit (docs/product.md#opening-day): call the callback again
 * with the same code and state after `retry_after_ms`; `position` is its place in line, 1 being next.
 */
export const signInWaitingSchema = z.object({
  status: z.literal('waiting'),
  retry_after_ms: z.number().int().min(0),
  position: z.number().int().min(1),
});
export type SignInWaiting = z.infer<typeof signInWaitingSchema>;
