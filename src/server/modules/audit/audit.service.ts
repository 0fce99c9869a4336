import type { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  AUDIT_CSV_COLUMNS,
  type AuditLog,
  type auditLogExportQuerySchema,
  type auditLogQuerySchema,
} from '../../../contract/audit';
import { csvStream } from '../../csv-writer';
import type { Executor } from '../../db/database';
import type { UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { blindReviewOn, candidatesHiddenFrom } from '../../read-model/blind-review';
import { eachAuditLogForExport, listAuditLogs } from './audit.repository';

type Entry = Omit<AuditLog, 'actor_hidden' | 'details'> & { details: AuditLog['details'] | string };

/**
 * The entries as the admin may read them: under blind review a candidate's own entries about an
 * application the admin has not voted on say neither who acted nor what they wrote (decision
 * 0136); the board's entries about it (votes, decisions) name the admin as ever.
 */
async function asReadBy<E extends Entry>(db: Executor, admin: UserRow, entries: E[], blindReview: boolean) {
  const hidden = await candidatesHiddenFrom(
    db,
    admin,
    entries.flatMap((entry) =>
      entry.entity_type === 'application' && entry.entity_id !== null ? [entry.entity_id] : [],
    ),
    blindReview,
  );
  return entries.map((entry) => {
    const candidate = entry.entity_type === 'application' ? hidden.get(entry.entity_id!) : undefined;
    return candidate !== undefined && entry.user_id === candidate
      ? { ...entry, user_id: null, user_name: null, details: null, actor_hidden: true }
      : { ...entry, actor_hidden: false };
  });
}

/** The audit log as the admins read it; each service writes its entries in its own transaction. */
export function createAuditService(deps: Deps) {
  const { db } = deps;
  return {
    async list(query: z.output<typeof auditLogQuerySchema>, admin: UserRow) {
      // The setting beside the page: while blind review is off, nothing more is read.
      const [{ data, total }, blindReview] = await Promise.all([listAuditLogs(db, query), blindReviewOn(db)]);
      return { data: await asReadBy(db, admin, data, blindReview), total };
    },

    /** The CSV of every entry the filters select, as the admin may read them, a page at a time as the client reads. */
    exportCsv(query: z.output<typeof auditLogExportQuerySchema>, admin: UserRow): Readable {
      const { separator, ...filter } = query;
      async function* rows() {
        // One reading of the setting for the whole file: every page hides the same way.
        const blindReview = await blindReviewOn(db);
        for await (const page of eachAuditLogForExport(db, filter)) {
          yield (await asReadBy(db, admin, page, blindReview)).map((entry) =>
            AUDIT_CSV_COLUMNS.map((column) => entry[column]),
          );
        }
      }
      return csvStream(AUDIT_CSV_COLUMNS, rows(), separator);
    },
  };
}
