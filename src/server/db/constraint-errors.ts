/** Recognises the database's own refusals, the same on SQLite and PostgreSQL. */
function codeAndMessage(error: unknown): { code: string; message: string } {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return { code: typeof code === 'string' ? code : '', message: String(message ?? '') };
}

/** A unique constraint (or primary key) refused the row: someone got there first. */
export function isUniqueViolation(error: unknown): boolean {
  const { code } = codeAndMessage(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * A foreign key refused the change (a delete of a row still referenced). SQLite reports
 * ON DELETE RESTRICT as SQLITE_CONSTRAINT_TRIGGER, hence the message test.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const { code, message } = codeAndMessage(error);
  if (code === '23503') return true;
  return code.startsWith('SQLITE_CONSTRAINT') && message.includes('FOREIGN KEY');
}
