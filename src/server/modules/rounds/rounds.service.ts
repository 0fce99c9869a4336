import type { z } from 'zod';
import {
  ROUND_ORDER_MESSAGE,
  type Round,
  type roundBodySchema,
  type roundUpdateSchema,
} from '../../../contract/rounds';
import type { Executor } from '../../db/database';
import type { UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../errors';
import { changeDetails, recordAudit } from '../audit';
import {
  applicationSpan,
  countApplications,
  findOverlappingRound,
  findRound,
  insertRound,
  listRounds,
  lockRounds,
  updateRound,
  type RoundFields,
  type RoundRow,
} from './rounds.repository';

type RoundBody = z.output<typeof roundBodySchema>;
type RoundUpdate = z.output<typeof roundUpdateSchema>;

const NOT_FOUND = /*i18n*/ 'There is no such round.';
const ENTITY = 'round';

/** Open at `now`: from its opening, until its closing (excluded) or for good while it has none. */
export const isOpenAt = (round: Pick<RoundRow, 'opens_at' | 'closes_at'>, now: Date) =>
  Date.parse(round.opens_at) <= now.getTime() &&
  (round.closes_at === null || Date.parse(round.closes_at) > now.getTime());

/** The board's recruitment rounds (docs/decisions/0121-recruitment-rounds.md): never overlapping, audited. */
export function createRoundsService(deps: Deps) {
  const { db, clock, engine } = deps;

  const view = (round: RoundRow, applications: number): Round => ({
    ...round,
    is_open: isOpenAt(round, clock.now()),
    applications,
  });

  /** Refuses dates that share an instant with another round's (409): a sent application belongs to one round. */
  async function assertNoOverlap(trx: Executor, span: Pick<RoundRow, 'opens_at' | 'closes_at'>, except?: number) {
    const other = await findOverlappingRound(trx, span, except);
    if (other) {
      throw conflict({
        sentence:
          /*i18n*/ 'Rounds cannot overlap, and these dates overlap the round "{name}". Close that round first, or choose other dates.',
        values: { name: other.name },
      });
    }
  }

  /** Judged on the server when the opening is "now", which the contract's schema cannot know. */
  function assertClosesAfterOpening(span: Pick<RoundRow, 'opens_at' | 'closes_at'>) {
    if (span.closes_at !== null && Date.parse(span.closes_at) <= Date.parse(span.opens_at)) {
      throw badRequest(ROUND_ORDER_MESSAGE, 'VALIDATION_FAILED', [{ path: 'closes_at', message: ROUND_ORDER_MESSAGE }]);
    }
  }

  return {
    async list(): Promise<{ data: Round[] }> {
      const rounds = await listRounds(db);
      return { data: rounds.map(({ applications, ...round }) => view(round, applications)) };
    },

    /** An empty opening is the moment it is saved (decision 0145). */
    async create(body: RoundBody, admin: UserRow): Promise<Round> {
      const now = clock.now();
      const fields: RoundFields = { ...body, opens_at: body.opens_at ?? now.toISOString() };
      assertClosesAfterOpening(fields);
      return db.transaction().execute(async (trx) => {
        await lockRounds(trx, engine);
        await assertNoOverlap(trx, fields);
        const round = await insertRound(trx, fields, now.toISOString());
        await recordAudit(trx, {
          action: 'round.created',
          entity_type: ENTITY,
          entity_id: round.id,
          actor: admin,
          details: { after: fields },
          at: now,
        });
        return view(round, 0);
      });
    },

    /**
     * Changes the fields sent, judged as the round will be after the change: it closes after it
     * opens (400), overlaps no other round and still holds every application sent in it (409).
     */
    async update(id: number, update: RoundUpdate, admin: UserRow): Promise<Round> {
      const now = clock.now();
      const changes = update.opens_at === null ? { ...update, opens_at: now.toISOString() } : update;
      return db.transaction().execute(async (trx) => {
        await lockRounds(trx, engine);
        const before = await findRound(trx, id);
        if (!before) throw notFound(NOT_FOUND);
        const changed = (Object.keys(changes) as (keyof RoundFields)[]).filter(
          (key) => changes[key] !== undefined && changes[key] !== before[key],
        );
        const picked = Object.fromEntries(changed.map((key) => [key, changes[key]])) as Partial<RoundFields>;
        const after = { ...before, ...picked };
        assertClosesAfterOpening(after);
        const applications = await countApplications(trx, id);
        if (changed.length === 0) return view(before, applications);
        await assertNoOverlap(trx, after, id);
        const span = await applicationSpan(trx, id);
        const leavesOut =
          span &&
          (Date.parse(after.opens_at) > Date.parse(span.first) ||
            (after.closes_at !== null && Date.parse(after.closes_at) <= Date.parse(span.last)));
        if (leavesOut) {
          throw conflict({
            sentence:
              /*i18n*/ 'This round holds applications sent from {first} to {last}: its dates must include them.',
            values: span,
          });
        }
        const saved = await updateRound(trx, id, picked, now.toISOString());
        await recordAudit(trx, {
          action: 'round.updated',
          entity_type: ENTITY,
          entity_id: id,
          actor: admin,
          details: changeDetails<RoundFields>(before, picked),
          at: now,
        });
        return view(saved, applications);
      });
    },
  };
}
