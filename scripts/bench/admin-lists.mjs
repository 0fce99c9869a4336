// Admin lists on a big club: 10,000 users and many audit entries (BENCH_AUDIT, default
// 1,000,000), seeded by `npm run seed:demo`. Sequential requests, p50/p99 per list, first and
// deep pages, with filters; and the auto-assignment of 2,000 registrants.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fmt, root, signIn, startApp, table, tempDir, timeRequests } from './util.mjs';

export async function benchAdminLists({ audit = Number(process.env.BENCH_AUDIT ?? 1_000_000) } = {}) {
  const dataDir = tempDir('club-bench-lists-');
  const started = Date.now();
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/tsx/dist/cli.mjs'),
      'scripts/seed-demo.ts',
      '--users',
      '10000',
      '--audit',
      String(audit),
      '--registrants',
      '2000',
    ],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: 'inherit',
    },
  );
  console.log(`seeded in ${fmt((Date.now() - started) / 1000)} s`);
  const app = await startApp({ DATA_DIR: dataDir });
  try {
    const cookie = await signIn(app.base, 'admin');
    const lists = [
      ['members, page 1', '/api/admin/members?limit=20'],
      ['members, deep page (offset 9,980)', '/api/admin/members?limit=20&offset=9980'],
      ['members, role=member', '/api/admin/members?role=member'],
      ['members, search q=demo-0999', '/api/admin/members?q=demo-0999'],
      ['applications, page 1', '/api/admin/applications?limit=20'],
      ['applications, status=pending', '/api/admin/applications?status=pending'],
      ['applications, deep page', '/api/admin/applications?limit=20&offset=8000'],
      ['audit logs, page 1', '/api/admin/audit-logs'],
      ['audit logs, action~validated', '/api/admin/audit-logs?action=validated'],
      ['audit logs, entity_type=user', '/api/admin/audit-logs?entity_type=user'],
      [
        `audit logs, deep page (offset ${Math.floor(audit / 2).toLocaleString('en')})`,
        `/api/admin/audit-logs?offset=${Math.floor(audit / 2)}`,
      ],
    ];
    const rows = [];
    for (const [name, url] of lists) {
      const timing = await timeRequests(`${app.base}${url}`, { headers: { cookie }, count: 200 });
      rows.push([name, fmt(timing.p50), fmt(timing.p99), timing.p99 < 20 ? 'yes' : 'NO']);
    }
    table(
      `Admin lists, 10,000 users and ${audit.toLocaleString('en')} audit entries, SQLite (200 sequential requests each)`,
      ['list', 'p50 ms', 'p99 ms', 'p99 < 20 ms'],
      rows,
    );

    const events = await (await fetch(`${app.base}/api/hackathon/events`, { headers: { cookie } })).json();
    const event = events.data.find((e) => e.name.includes('2000 registrants'));
    const start = process.hrtime.bigint();
    const assigned = await fetch(`${app.base}/api/hackathon/assign`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: app.base },
      body: JSON.stringify({ event_id: event.id }),
    });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    const result = await assigned.json();
    table(
      'Auto-assign, SQLite',
      ['registrants', 'teams made', 'time ms', 'target'],
      [[2000, result.teams.length, fmt(ms), '< 1000 ms']],
    );
    return { rows, assignMs: ms };
  } finally {
    await app.stop();
  }
}
