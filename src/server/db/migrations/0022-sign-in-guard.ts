import type { Kysely } from 'kysely';
import type { Engine } from '../database';
import { columnTypes } from './column-types';

/**
 * What a signed-out caller may spend of the club's 42 allowance (decision 0131): each sign-in
 * state remembers the address and visitor that started it (sign-in starts are counted by them),
 * and each code the intra refused is recorded against the address and visitor that sent it.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);
  await db.schema.alterTable('oauth_states').addColumn('address', 'text').execute();
  await db.schema.alterTable('oauth_states').addColumn('visitor', 'text').execute();
  await db.schema
    .createIndex('oauth_states_address_created')
    .on('oauth_states')
    .columns(['address', 'created_at'])
    .execute();
  await db.schema
    .createIndex('oauth_states_visitor_created')
    .on('oauth_states')
    .columns(['visitor', 'created_at'])
    .execute();
  await db.schema
    .createTable('sign_in_failures')
    .addColumn('id', t.id, t.primaryKey)
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text')
    .addColumn('failed_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sign_in_failures_address')
    .on('sign_in_failures')
    .columns(['address', 'failed_at'])
    .execute();
  await db.schema
    .createIndex('sign_in_failures_visitor')
    .on('sign_in_failures')
    .columns(['visitor', 'failed_at'])
    .execute();
}
