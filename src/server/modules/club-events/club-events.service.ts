import type { z } from 'zod';
import {
  CLUB_EVENT_ORDER_MESSAGE,
  type clubEventBodySchema,
  type clubEventListQuerySchema,
  type clubEventUpdateSchema,
} from '../../../contract/club-events';
import type { UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { badRequest, notFound } from '../../errors';
import { recordAudit } from '../audit';
import {
  deleteClubEvent,
  findClubEvent,
  insertClubEvent,
  listClubEvents,
  listUpcomingClubEvents,
  updateClubEvent,
  type ClubEventFields,
} from './club-events.repository';

type ClubEventUpdate = z.output<typeof clubEventUpdateSchema>;
type ClubEventBody = z.output<typeof clubEventBodySchema>;
type Page = z.output<typeof clubEventListQuerySchema>;

const NOT_FOUND = /*i18n*/ 'There is no such event.';
const ENTITY = 'club_event';

export function createClubEventsService(deps: Deps) {
  const { db, clock, engine } = deps;

  return {
    list: (page: Page) => listClubEvents(db, page),

    upcoming: (page: Page) => listUpcomingClubEvents(db, clock.now().toISOString(), page),

    async create(fields: ClubEventBody, admin: UserRow) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const event = await insertClubEvent(trx, fields, now.toISOString());
        await recordAudit(trx, {
          action: 'club_event.created',
          entity_type: ENTITY,
          entity_id: event.id,
          actor: admin,
          details: { after: fields },
          at: now,
        });
        return event;
      });
    },

    /** Changes the fields sent; the end is checked against the start as they will be after the change. */
    async update(id: number, changes: ClubEventUpdate, admin: UserRow) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const before = await findClubEvent(trx, id, engine);
        if (!before) throw notFound(NOT_FOUND);
        const startsAt = changes.starts_at ?? before.starts_at;
        const endsAt = changes.ends_at === undefined ? before.ends_at : changes.ends_at;
        if (endsAt !== null && Date.parse(endsAt) < Date.parse(startsAt)) {
          throw badRequest(CLUB_EVENT_ORDER_MESSAGE, 'VALIDATION_FAILED', [
            { path: 'ends_at', message: CLUB_EVENT_ORDER_MESSAGE },
          ]);
        }
        const changed = (Object.keys(changes) as (keyof ClubEventUpdate)[]).filter(
          (key) => changes[key] !== before[key],
        );
        if (changed.length === 0) return before;
        const picked = Object.fromEntries(changed.map((key) => [key, changes[key]])) as Partial<ClubEventFields>;
        const after = (await updateClubEvent(trx, id, picked, now.toISOString()))!;
        await recordAudit(trx, {
          action: 'club_event.updated',
          entity_type: ENTITY,
          entity_id: id,
          actor: admin,
          details: { before: Object.fromEntries(changed.map((key) => [key, before[key]])), after: picked },
          at: now,
        });
        return after;
      });
    },

    async remove(id: number, admin: UserRow) {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        // One statement decides: of two concurrent deletes, the second finds no row and answers 404.
        const before = await deleteClubEvent(trx, id);
        if (!before) throw notFound(NOT_FOUND);
        await recordAudit(trx, {
          action: 'club_event.deleted',
          entity_type: ENTITY,
          entity_id: id,
          actor: admin,
          details: { before },
          at: now,
        });
      });
    },
  };
}
