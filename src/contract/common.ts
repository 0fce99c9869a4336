import { z } from 'zod';

/** ISO 8601 UTC timestamp as the API writes it. */
export const isoTimestamp = z.iso.datetime({ offset: true });

export const idParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export function pageQuerySchema(defaultLimit = DEFAULT_PAGE_SIZE) {
  return z.object({
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultLimit),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  });
}

export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), total: z.number().int() });
}

export type List<T> = { data: T[]; total: number };
