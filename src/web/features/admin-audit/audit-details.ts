/** One field of an audit entry's change: its value before and after (undefined where that side does not name it). */
export type FieldChange = { field: string; before: unknown; after: unknown };

/** An audit entry's details as the Logs page shows them: the change field by field, then every other key. */
export type ReadDetails = { changes: FieldChange[]; others: [string, unknown][] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isSide = (value: unknown) => value === undefined || value === null || isRecord(value);

/**
 * Splits `details` into before → after by field, when `before` and `after` are objects (either
 * may be missing or null: a creation has no before, a deletion no after), and the other keys
 * (docs/product/audit.md#audit-log). Anything else stays as it was written, key by key.
 */
export function readDetails(details: Record<string, unknown> | null): ReadDetails {
  if (!details) return { changes: [], others: [] };
  const { before, after, ...rest } = details;
  if (!isSide(before) || !isSide(after) || (!isRecord(before) && !isRecord(after))) {
    return { changes: [], others: Object.entries(details) };
  }
  const was = isRecord(before) ? before : {};
  const is = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  return {
    changes: fields.map((field) => ({ field, before: was[field], after: is[field] })),
    others: Object.entries(rest),
  };
}

/** A value as a cell shows it: text as written, nothing (missing, null, empty) as a dash, anything else as JSON. */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
