import type { z } from 'zod';
import type {
  catalogQuerySchema,
  Challenge,
  ChallengeForm,
  ChallengeUpdate,
  SavedChallenge,
} from '../../../contract/challenges';
import type { List } from '../../../contract/common';
import { isForeignKeyViolation } from '../../db/constraint-errors';
import type { UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../audit';
import { assignMissingChallenges } from './challenge-assignment.service';
import { CHALLENGE_NOT_FOUND as NOT_FOUND, toChallenge } from './challenge-views';
import {
  countHolders,
  deleteChallenge,
  findChallenge,
  insertChallenge,
  listChallenges,
  updateChallenge as updateChallengeRow,
} from './challenges.repository';

type CatalogQuery = z.output<typeof catalogQuerySchema>;

/** The catalog of challenges and their exercises, which the admins write and the candidates read. */
export function createChallengesCatalogService(deps: Deps) {
  const { db, clock, engine } = deps;

  return {
    async listCatalog(options: CatalogQuery & { activeOnly: boolean }): Promise<List<Challenge>> {
      const { rows, total } = await listChallenges(db, options);
      return { data: rows.map(toChallenge), total };
    },

    /** An active new challenge goes at once to the candidates at step 1 who lack challenges (decision 0145). */
    async createChallenge(actor: UserRow, form: ChallengeForm): Promise<SavedChallenge> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const row = await insertChallenge(trx, {
          ...form,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        });
        await recordAudit(trx, {
          action: 'challenge.created',
          entity_type: 'challenge',
          entity_id: row.id,
          actor,
          details: { after: row },
          at: now,
        });
        const assigned = row.is_active
          ? await assignMissingChallenges(trx, {
              engine,
              now,
              actor,
              cause: { by: 'activation', challenge_id: row.id },
            })
          : [];
        return { ...toChallenge(row), assigned_to: assigned.length };
      });
    },

    /** A challenge made active goes at once to the candidates at step 1 who lack challenges (decision 0145). */
    async updateChallenge(actor: UserRow, id: number, changes: ChallengeUpdate): Promise<SavedChallenge> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const before = await findChallenge(trx, id);
        if (!before) throw notFound(NOT_FOUND);
        const after = await updateChallengeRow(trx, id, {
          ...changes,
          updated_at: now.toISOString(),
        });
        if (!after) throw notFound(NOT_FOUND);
        await recordAudit(trx, {
          action: 'challenge.updated',
          entity_type: 'challenge',
          entity_id: id,
          actor,
          details: { before, after },
          at: now,
        });
        const assigned =
          after.is_active && !before.is_active
            ? await assignMissingChallenges(trx, { engine, now, actor, cause: { by: 'activation', challenge_id: id } })
            : [];
        return { ...toChallenge(after), assigned_to: assigned.length };
      });
    },

    async deleteChallenge(actor: UserRow, id: number): Promise<void> {
      const now = clock.now();
      const heldMessage = (holders: number) => ({
        sentence:
          /*i18n*/ 'This challenge cannot be deleted: {holders, plural, one {a candidate holds} other {# candidates hold}} it and their work would be lost. Deactivate it instead.',
        values: { holders },
      });
      try {
        await db.transaction().execute(async (trx) => {
          const before = await findChallenge(trx, id);
          if (!before) throw notFound(NOT_FOUND);
          const holders = await countHolders(trx, id);
          if (holders > 0) throw conflict(heldMessage(holders));
          if ((await deleteChallenge(trx, id)) !== 1) throw notFound(NOT_FOUND);
          await recordAudit(trx, {
            action: 'challenge.deleted',
            entity_type: 'challenge',
            entity_id: id,
            actor,
            details: { before },
            at: now,
          });
        });
      } catch (error) {
        // A candidate was assigned it between the count and the delete: the foreign key refused.
        if (isForeignKeyViolation(error)) throw conflict(heldMessage(await countHolders(db, id)));
        throw error;
      }
    },
  };
}
