// The usual way: Express 5 + express-session with a SQLite session store, looking up the same user.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import express from 'express';
import session from 'express-session';

const user = JSON.parse(process.env.BENCH_USER_JSON);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-bench-express-'));
const db = new Database(path.join(dir, 'db.sqlite'));
process.on('SIGTERM', () => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});
db.pragma('journal_mode = WAL');
db.exec('create table sessions (sid text primary key, data text not null, expires integer not null)');
db.exec('create table users (id integer primary key, data text not null)');
db.prepare('insert into users (id, data) values (?, ?)').run(user.id, JSON.stringify(user));

class SqliteStore extends session.Store {
  #get = db.prepare('select data, expires from sessions where sid = ?');
  #set = db.prepare(
    'insert into sessions (sid, data, expires) values (?, ?, ?) on conflict(sid) do update set data = excluded.data, expires = excluded.expires',
  );
  #destroy = db.prepare('delete from sessions where sid = ?');
  get(sid, callback) {
    const row = this.#get.get(sid);
    callback(null, row && row.expires > Date.now() ? JSON.parse(row.data) : null);
  }
  set(sid, data, callback) {
    this.#set.run(sid, JSON.stringify(data), Date.now() + 14 * 24 * 3600 * 1000);
    callback?.(null);
  }
  destroy(sid, callback) {
    this.#destroy.run(sid);
    callback?.(null);
  }
}

const findUser = db.prepare('select data from users where id = ?');
const app = express();
app.disable('x-powered-by');
app.use(
  session({
    secret: 'bench-secret',
    store: new SqliteStore(),
    resave: false,
    saveUninitialized: false,
    cookie: { httpOnly: true, sameSite: 'lax', maxAge: 14 * 24 * 3600 * 1000 },
  }),
);
app.get('/api/health', (_request, response) => response.json({ status: 'ok' }));
app.post('/bench/login', (request, response) => {
  request.session.userId = user.id;
  response.status(204).end();
});
app.get('/api/users/me', (request, response) => {
  const row = request.session.userId ? findUser.get(request.session.userId) : undefined;
  if (!row) return response.status(401).json({ error: 'Unauthorized', code: 'UNAUTHENTICATED' });
  response.json(JSON.parse(row.data));
});
app.listen(Number(process.env.PORT), '127.0.0.1');
