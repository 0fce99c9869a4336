import { z } from 'zod';

export const authCallbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
});

export const healthSchema = z.object({ status: z.literal('ok') });
