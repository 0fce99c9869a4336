import { loadConfig } from '../config';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';

const database = openDatabase(loadConfig().database);
try {
  const applied = await migrateToLatest(database);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
} finally {
  await database.close();
}
