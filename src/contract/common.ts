import { z } from 'zod';
import { refusal } from './i18n';

/** ISO 8601 UTC timestamp as the API writes it. */
export const isoTimestamp = z.iso.datetime({ offset: true });

/** Ids are 32-bit integers on PostgreSQL (serial): a larger one names no row, and the database would refuse to compare it. */
export const MAX_ID = 2 ** 31 - 1;
/** An id sent in a JSON body. */
export const idSchema = z.number().int().positive().max(MAX_ID);
/** An id sent in a path or a query string. */
export const idTextSchema = z.coerce.number().int().positive().max(MAX_ID);

export const idParamsSchema = z.object({ id: idTextSchema });

const EARLIEST = Date.parse('1970-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * A date and time sent by a client: ISO 8601 with an offset, between 1970 and the end of 9999
 * once in UTC. PostgreSQL has no year 0, and past 9999 an ISO string needs a sign that neither
 * the database nor the response schema takes.
 */
export const timestampInput = () =>
  z.iso.datetime({ offset: true, ...refusal(/*i18n*/ 'Use an ISO 8601 date and time') }).refine((value) => {
    const time = Date.parse(value);
    return time >= EARLIEST && time <= LATEST;
  }, refusal(/*i18n*/ 'Use a date between 1970 and 9999'));

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** The page sizes an admin list offers (in its address, `?limit=50`); the first is the default (seed §9). */
export const PAGE_SIZES = [DEFAULT_PAGE_SIZE, 50, MAX_PAGE_SIZE] as const;

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

/** The cell separator of a CSV export: `comma` (RFC 4180), or `semicolon`, what spreadsheets in a French locale read. */
export const CSV_SEPARATORS = ['comma', 'semicolon'] as const;
export type CsvSeparator = (typeof CSV_SEPARATORS)[number];
export const csvQuerySchema = z.object({ separator: z.enum(CSV_SEPARATORS).default('comma') });
