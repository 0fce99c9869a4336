import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import type { Project, ProjectStatus } from '../../../contract/projects';
import type { Executor } from '../../db/database';
import type { DB, ProjectsTable } from '../../db/schema';
import { likePattern } from '../../db/like-pattern';

/** A project with its owner and, once decided, the admin who decided. */
const withPeople = (db: Executor) =>
  db
    .selectFrom('projects')
    .innerJoin('users as owner', 'owner.id', 'projects.owner_id')
    .leftJoin('users as validator', 'validator.id', 'projects.validated_by')
    .selectAll('projects')
    .select([
      'owner.intra_login as owner_login',
      'owner.image_url as owner_image_url',
      'validator.intra_login as validator_login',
    ]);

type Joined = Awaited<ReturnType<ReturnType<typeof withPeople>['executeTakeFirstOrThrow']>>;

function toProject(row: Joined): Project {
  const { owner_login, owner_image_url, validator_login, ...project } = row;
  return {
    ...project,
    owner: { id: row.owner_id, intra_login: owner_login, image_url: owner_image_url },
    validator:
      row.validated_by !== null && validator_login !== null
        ? { id: row.validated_by, intra_login: validator_login }
        : null,
  };
}

export async function insertProject(db: Executor, values: Insertable<ProjectsTable>): Promise<number> {
  const row = await db.insertInto('projects').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function findProject(db: Executor, id: number): Promise<Project | undefined> {
  const row = await withPeople(db).where('projects.id', '=', id).executeTakeFirst();
  return row && toProject(row);
}

export type ProjectFilter = {
  status?: ProjectStatus;
  owner_id?: number;
  /** A case-insensitive substring of the owner's login. */
  q?: string;
  limit: number;
  offset: number;
};

export async function listProjects(db: Executor, filter: ProjectFilter): Promise<{ data: Project[]; total: number }> {
  const where = (eb: ExpressionBuilder<DB & { owner: DB['users'] }, 'projects' | 'owner'>) =>
    eb.and([
      ...(filter.status ? [eb('projects.status', '=', filter.status)] : []),
      ...(filter.owner_id !== undefined ? [eb('projects.owner_id', '=', filter.owner_id)] : []),
      ...(filter.q ? [sql<boolean>`lower(owner.intra_login) like ${likePattern(filter.q)} escape '\\'`] : []),
    ]);
  const [rows, count] = await Promise.all([
    withPeople(db).where(where).orderBy('projects.id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    db
      .selectFrom('projects')
      .innerJoin('users as owner', 'owner.id', 'projects.owner_id')
      .where(where)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(toProject), total: Number(count.total) };
}

/**
 * Records an admin's decision only while the project is still pending, and an approval only
 * while its deadline has not passed: of two admins deciding at once exactly one changes the
 * row. Answers whether it did.
 */
export async function decidePendingProject(
  db: Executor,
  id: number,
  decision: {
    status: 'approved' | 'rejected';
    validation_notes: string | null;
    validated_at: string;
    validated_by: number;
  },
): Promise<boolean> {
  let query = db
    .updateTable('projects')
    .set({ ...decision, updated_at: decision.validated_at })
    .where('id', '=', id)
    .where('status', '=', 'pending');
  if (decision.status === 'approved') {
    query = query.where((eb) => eb.or([eb('deadline', 'is', null), eb('deadline', '>', decision.validated_at)]));
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Marks every approved project whose deadline has passed as expired, in one statement: when two
 * processes run it at once, each row is changed by exactly one of them (the other finds it no
 * longer approved), so the ids answered by all runs never overlap.
 */
export async function expireOverdueProjects(
  db: Executor,
  now: string,
): Promise<{ id: number; owner_id: number; deadline: string | null }[]> {
  return db
    .updateTable('projects')
    .set({ status: 'expired', updated_at: now })
    .where('status', '=', 'approved')
    .where('deadline', 'is not', null)
    .where('deadline', '<=', now)
    .returning(['id', 'owner_id', 'deadline'])
    .execute();
}
