import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { runsOnEngine } from '#test/server/required-service';
import { createTestDatabase } from '#test/server/test-app';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(runsOnEngine('postgres', 'The change notifications of migration 0008'))(
  'the change notifications of migration 0008 (PostgreSQL)',
  () => {
    it('announces each committed update or delete of a user or a session, on the channel of its schema', async () => {
      const { database, drop } = await createTestDatabase();
      const schema = database.schema!;
      // A connection without the app's search_path, as a psql prompt would be.
      const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await other.connect();
      try {
        const heard: string[] = [];
        other.on('notification', (message) => {
          if (message.channel === `user_change_${schema}`) heard.push(message.payload ?? '');
        });
        await other.query(`listen "user_change_${schema}"`);
        const q = (text: string) => other.query(text.replaceAll('$schema', schema));
        const { rows } = await q(
          `insert into $schema.users (intra_id, intra_login, created_at, updated_at)
           values (1, 'one', now(), now()), (2, 'two', now(), now()) returning id`,
        );
        const [one, two] = rows.map((row: { id: number }) => row.id) as [number, number];
        await q(
          `insert into $schema.sessions (user_id, token_hash, expires_at, created_at)
           values (${one}, 'a', now(), now()), (${two}, 'b', now(), now())`,
        );
        await sleep(20);
        expect(heard).toEqual([]);

        await q(`update $schema.users set role = 'member' where id = ${one}`);
        await q(`begin; update $schema.users set is_admin = true where id = ${two}; rollback`);
        await q(`delete from $schema.sessions where user_id = ${two}`);
        await q(`update $schema.sessions set expires_at = now() where user_id = ${one}`);
        await q(`truncate $schema.sessions`);
        await q(`delete from $schema.users where id = ${two}`);
        await sleep(20);
        expect(heard).toEqual([String(one), String(two), String(one), '', String(two)]);
        expect((await other.query(`select ${schema}.user_change_channel($1) as c`, [schema])).rows[0].c).toBe(
          `user_change_${schema}`,
        );
      } finally {
        await other.end();
        await database.close();
        await drop();
      }
    });
  },
);
