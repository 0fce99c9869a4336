import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { backfillAuditCounts } from '../../db/migrations/0007-admin-lists-at-scale';
import { signIn } from '#test/server/sign-in';
import { createTestApp, createTestDatabase } from '#test/server/test-app';
import { listAuditLogs, recordAudit, type AuditEntry } from './audit.repository';

const KEYS = [
  ['auth.sign_in', 'user'],
  ['user.banned', 'user'],
  ['application.approved', 'application'],
  ['challenge.validated', 'challenge'],
  ['challenge.submitted', 'challenge'],
  ['settings.updated', 'settings'],
] as const;

const entry = (i: number): AuditEntry => {
  // Sign-ins dominate and the rest come in bursts, as in a real log.
  const [action, entity_type] = KEYS[i % 7 < 3 ? 0 : Math.floor(i / 11) % KEYS.length]!;
  return {
    action,
    entity_type,
    entity_id: i,
    actor: null,
    details: { i },
    at: new Date(Date.UTC(2026, 10, 1) + i * 1000),
  };
};

type Filter = { action?: string; entity_type?: string };

/** The answer read the slow way: the whole log, filtered and sliced in memory. */
async function reference(database: Database, filter: Filter & { limit: number; offset: number }) {
  const all = await database.db.selectFrom('audit_logs').selectAll().orderBy('id', 'desc').execute();
  const matching = all.filter(
    (row) =>
      (!filter.action || row.action.toLowerCase().includes(filter.action.toLowerCase())) &&
      (!filter.entity_type || row.entity_type === filter.entity_type),
  );
  return {
    ids: matching.slice(filter.offset, filter.offset + filter.limit).map((row) => row.id),
    total: matching.length,
  };
}

describe('audit log pages', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    for (let i = 0; i < 240; i++) {
      await recordAudit(database.db, entry(i));
      if (i % 37 === 0) {
        // A refused change: its entry goes with it (and on PostgreSQL leaves a gap in the ids).
        await database.db
          .transaction()
          .execute(async (trx) => {
            await recordAudit(trx, entry(1000 + i));
            throw new Error('refused');
          })
          .catch(() => {});
      }
    }
  });
  afterAll(() => drop());

  const filters = fc.constantFrom<Filter>(
    {},
    { action: 'challenge' },
    { action: 'VALIDATED' },
    { action: 'sign_in' },
    { entity_type: 'user' },
    { entity_type: 'challenge', action: 'submitted' },
    { action: 'a', entity_type: 'user' },
    { action: 'nothing-like-it' },
    { entity_type: 'use' },
  );

  it('answers the same page and total as reading the whole log, for any filter, offset, limit and skip window', async () => {
    await fc.assert(
      fc.asyncProperty(
        filters,
        fc.integer({ min: 0, max: 260 }),
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom(0, 1, 5, 200),
        async (filter, offset, limit, skipWindow) => {
          const page = await listAuditLogs(database.db, { ...filter, offset, limit }, skipWindow);
          const expected = await reference(database, { ...filter, offset, limit });
          expect(page.total).toBe(expected.total);
          expect(page.data.map((row) => row.id)).toEqual(expected.ids);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps no trace of an entry whose transaction rolled back', async () => {
    const rows = await database.db.selectFrom('audit_logs').select('entity_id').execute();
    expect(rows.every((row) => row.entity_id! < 1000)).toBe(true);
    const counted = await database.db
      .selectFrom('audit_counts')
      .select((eb) => eb.fn.sum<number>('n').as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(240);
  });
});

describe('audit ranks', () => {
  it('ranks entries of one key 1, 2, 3, ... in id order when written by concurrent transactions', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          database.db.transaction().execute(async (trx) => {
            await recordAudit(trx, { ...entry(0), entity_id: i });
            // Something else the transaction does while it holds the key.
            await trx.selectFrom('users').select('id').execute();
          }),
        ),
      );
      const ranks = await database.db.selectFrom('audit_logs').select('key_seq').orderBy('id').execute();
      expect(ranks.map((row) => row.key_seq)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
      const page = await listAuditLogs(database.db, { action: 'sign_in', offset: 20, limit: 10 });
      expect(page.total).toBe(24);
      expect(page.data).toHaveLength(4);
    } finally {
      await drop();
    }
  });

  it('ranks and counts the entries written before the counters existed', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const row = (action: string, entity_type: string) => ({
        action,
        entity_type,
        entity_id: null,
        user_id: null,
        user_name: null,
        details: null,
        created_at: '2026-11-01T00:00:00.000Z',
        key_seq: null as unknown as number,
      });
      await database.db
        .insertInto('audit_logs')
        .values([
          row('auth.sign_in', 'user'),
          row('user.banned', 'user'),
          row('auth.sign_in', 'user'),
          row('auth.sign_in', 'user'),
        ])
        .execute();
      await backfillAuditCounts(database.db as unknown as Kysely<unknown>);
      const ranks = await database.db.selectFrom('audit_logs').select(['action', 'key_seq']).orderBy('id').execute();
      expect(ranks.map((r) => `${r.action}#${r.key_seq}`)).toEqual([
        'auth.sign_in#1',
        'user.banned#1',
        'auth.sign_in#2',
        'auth.sign_in#3',
      ]);
      const counts = await database.db.selectFrom('audit_counts').select(['action', 'n']).orderBy('action').execute();
      expect(counts).toEqual([
        { action: 'auth.sign_in', n: 3 },
        { action: 'user.banned', n: 1 },
      ]);
    } finally {
      await drop();
    }
  });
});

describe('GET /api/admin/audit-logs', () => {
  it('serves pages past a skip window with the contract fields only', async () => {
    const t = await createTestApp();
    try {
      const admin = await signIn(t.app, 'admin');
      for (let i = 0; i < 260; i++) await recordAudit(t.database.db, entry(i));
      const response = await t.app.inject({
        url: '/api/admin/audit-logs?offset=230&limit=5',
        headers: { cookie: admin.cookie },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.total).toBe(261);
      expect(body.data).toHaveLength(5);
      expect(Object.keys(body.data[0]).sort()).toEqual(
        [
          'action',
          'actor_hidden',
          'created_at',
          'details',
          'entity_id',
          'entity_type',
          'id',
          'user_id',
          'user_name',
        ].sort(),
      );
      const expected = await reference(t.database, { offset: 230, limit: 5 });
      expect(body.data.map((row: { id: number }) => row.id)).toEqual(expected.ids);
    } finally {
      await t.close();
    }
  });
});
