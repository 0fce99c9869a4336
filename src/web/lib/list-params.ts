import { useDeferredValue, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { PAGE_SIZES } from '../../contract/common';

/**
 * The filters and the page of an admin list, kept in the address (`?role=board&offset=40`) so
 * that a filtered list survives a reload and can be shared (docs/decisions/0113). The schema is
 * the contract's list query schema, without `limit` (the page's own) and with any filter the
 * page applies by itself.
 */
/**
 * `?limit=` of a list that offers PAGE_SIZES (20, 50, 100): the first when absent or anything
 * else, and left out of the address at that default.
 */
export const pageSizeParam = z
  .enum(PAGE_SIZES.map(String) as [string, ...string[]])
  .default(String(PAGE_SIZES[0]))
  .transform(Number);

export type ListSchema = z.ZodObject<{ offset: z.ZodType<number, unknown> } & z.ZodRawShape>;

type Change<S extends ListSchema> = { [K in keyof z.output<S>]?: string | number | undefined };

const fallbackOf = (field: z.ZodType) => {
  const parsed = field.safeParse(undefined);
  return parsed.success ? parsed.data : undefined;
};

/** The list's state from the address: each key read alone, and one the schema refuses (a hand-edited address) is its default. */
export function readListParams<S extends ListSchema>(schema: S, params: URLSearchParams): z.output<S> {
  const values: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const parsed = field.safeParse(params.get(key) ?? undefined);
    values[key] = parsed.success ? parsed.data : fallbackOf(field);
  }
  return values as z.output<S>;
}

/**
 * The next address: each changed key set, or removed when empty or at its default (so the plain
 * list has the plain address), and back to the first page unless the page is what changed. Keys
 * the schema does not know are kept.
 */
export function writeListParams<S extends ListSchema>(
  schema: S,
  params: URLSearchParams,
  changes: Change<S>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (!('offset' in changes)) next.delete('offset');
  for (const [key, value] of Object.entries(changes)) {
    const field = schema.shape[key] as z.ZodType | undefined;
    const text = value === undefined ? '' : String(value);
    const fallback = field ? fallbackOf(field) : undefined;
    if (text === '' || (fallback !== undefined && String(fallback) === text)) next.delete(key);
    else next.set(key, text);
  }
  return next;
}

export function useListParams<S extends ListSchema>(schema: S) {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const current = useMemo(() => readListParams(schema, new URLSearchParams(search)), [schema, search]);
  // The list follows the filters a beat behind the typing, which stays smooth.
  const values = useDeferredValue(current);
  const set = (changes: Change<S>) =>
    setParams((before) => writeListParams(schema, before, changes), { replace: true });
  return {
    /** The filters and page, parsed: what the list query takes. */
    values,
    set,
    /** A text filter's value as typed (spaces and all) and its setter, for TextFilter. */
    text: (key: keyof z.output<S> & string) => ({
      value: params.get(key) ?? '',
      onChange: (value: string) => set({ [key]: value } as Change<S>),
    }),
    /** A choice filter's value, parsed (an unknown choice shows as the default), and its setter. */
    choice: (key: keyof z.output<S> & string) => ({
      value: String(current[key] ?? ''),
      onChange: (value: string) => set({ [key]: value } as Change<S>),
    }),
    /** The pager's position and move, for a page of `limit` rows. */
    pager: (limit: number) => ({
      offset: current.offset as number,
      limit,
      onChange: (offset: number) => set({ offset } as Change<S>),
    }),
  };
}
