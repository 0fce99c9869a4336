import type { z } from 'zod';
import type { List } from '../../../contract/common';
import {
  isFutureDeadline,
  PROJECT_DEADLINE_MESSAGE,
  type myProjectsQuerySchema,
  type Project,
  type ProjectForm,
  type projectListQuerySchema,
  type projectValidationSchema,
} from '../../../contract/projects';
import type { Transaction } from 'kysely';
import type { DB, UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../errors';
import { recordAudit } from '../audit';
import { decidePendingProject, findProject, insertProject, listProjects } from './projects.repository';

const NOT_FOUND = /*i18n*/ 'This project does not exist.';

/** What an audit entry keeps of a project's state. */
const stateOf = (project: Project) => ({
  status: project.status,
  validation_notes: project.validation_notes,
  validated_at: project.validated_at,
  validated_by: project.validated_by,
});

export function createProjectsService(deps: Deps) {
  const { db, clock } = deps;

  return {
    /** A member proposes a project; it waits, pending, for an admin's decision. */
    async propose(owner: UserRow, form: ProjectForm): Promise<Project> {
      const now = clock.now();
      if (!isFutureDeadline(form.deadline, now)) {
        throw badRequest(PROJECT_DEADLINE_MESSAGE, 'VALIDATION_FAILED', [
          { path: 'deadline', message: PROJECT_DEADLINE_MESSAGE },
        ]);
      }
      return db.transaction().execute(async (trx) => {
        const id = await insertProject(trx, {
          owner_id: owner.id,
          title: form.title,
          description: form.description,
          deadline: form.deadline,
          status: 'pending',
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        });
        const project = (await findProject(trx, id))!;
        await recordAudit(trx, {
          action: 'project.proposed',
          entity_type: 'project',
          entity_id: id,
          actor: owner,
          details: {
            before: null,
            after: {
              title: project.title,
              description: project.description,
              deadline: project.deadline,
              status: 'pending',
            },
          },
          at: now,
        });
        return project;
      });
    },

    mine: (owner: UserRow, page: z.output<typeof myProjectsQuerySchema>): Promise<List<Project>> =>
      listProjects(db, { owner_id: owner.id, ...page }),

    list: (query: z.output<typeof projectListQuerySchema>): Promise<List<Project>> => listProjects(db, query),

    async detail(id: number): Promise<Project> {
      const project = await findProject(db, id);
      if (!project) throw notFound(NOT_FOUND);
      return project;
    },

    /**
     * Approves or rejects a pending project. The change is one conditional UPDATE: when two admins
     * decide at once, one wins and the other answers 409 with nothing written.
     */
    async validate(actor: UserRow, id: number, decision: z.output<typeof projectValidationSchema>): Promise<Project> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        // The conditional UPDATE alone decides who wins; reading first would leave a gap a second admin could use.
        const changed = await decidePendingProject(trx, id, {
          status: decision.status,
          validation_notes: decision.validation_notes,
          validated_at: now.toISOString(),
          validated_by: actor.id,
        });
        if (!changed) throw await refusal(trx, id);
        const after = (await findProject(trx, id))!;
        await recordAudit(trx, {
          action: decision.status === 'approved' ? 'project.approved' : 'project.rejected',
          entity_type: 'project',
          entity_id: id,
          actor,
          // Pending is the only state a decision starts from, and nothing is set on a project before it.
          details: { owner_id: after.owner_id, before: PENDING_STATE, after: stateOf(after) },
          at: now,
        });
        return after;
      });
    },
  };
}

const PENDING_STATE = { status: 'pending', validation_notes: null, validated_at: null, validated_by: null } as const;

/** Why a decision changed nothing: no such project (404), already decided, or approved too late (409). */
async function refusal(db: Transaction<DB>, id: number) {
  const current = await findProject(db, id);
  if (!current) return notFound(NOT_FOUND);
  if (current.status !== 'pending') return conflict(alreadyDecided(current.status));
  return conflict(/*i18n*/ 'The deadline of this project has passed: it can only be rejected.');
}

function alreadyDecided(status: Project['status']): string {
  switch (status) {
    case 'approved':
      return /*i18n*/ 'This project has already been approved.';
    case 'rejected':
      return /*i18n*/ 'This project has already been rejected.';
    default:
      return /*i18n*/ 'This project has expired and can no longer be validated.';
  }
}
