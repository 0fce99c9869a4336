// Cold start to healthy: spawn `node dist/server/main.js` and time until GET /api/health
// answers 200, on a fresh database (migrations run) and on an already-migrated one, beside
// the floor of node starting a bare node:http server. Median of a few starts each, in wall
// time and in the CPU time the server had used by then (which a busy machine does not change).
import path from 'node:path';
import {
  cpuSeconds,
  createSchema,
  fmt,
  median,
  postgresUrl,
  removeDir,
  root,
  startApp,
  startProcess,
  summaryLine,
  table,
  tempDir,
} from './util.mjs';

async function timeStart(start) {
  const server = await start();
  const cpuMs = cpuSeconds(server.child.pid) * 1000;
  await server.stop();
  return { ms: server.startedMs, cpuMs };
}

/** Starts each target once per turn, fresh before migrated, for `runs` turns. */
async function startsOf(targets, runs) {
  const starts = targets.map(() => []);
  for (let run = 0; run < runs; run++) {
    for (const [i, target] of targets.entries()) starts[i].push(await timeStart(() => target(run)));
  }
  return starts;
}

export async function benchColdStart({ runs = 5 } = {}) {
  const rows = [];
  const dirs = Array.from({ length: runs }, () => tempDir('club-bench-cold-'));
  const schemas = [];
  try {
    const baseUrl = postgresUrl();
    if (baseUrl) for (let i = 0; i < runs; i++) schemas.push(await createSchema(baseUrl, 'bench_cold'));
    const targets = [
      ['SQLite, fresh DATA_DIR (creates the file, runs every migration)', (run) => startApp({ DATA_DIR: dirs[run] })],
      ['SQLite, already-migrated DATA_DIR', (run) => startApp({ DATA_DIR: dirs[run] })],
      ...(baseUrl
        ? [
            ['PostgreSQL, fresh schema (runs every migration)', (run) => startApp({ DATABASE_URL: schemas[run].url })],
            ['PostgreSQL, already-migrated schema', (run) => startApp({ DATABASE_URL: schemas[run].url })],
          ]
        : []),
      [
        'floor: node starting a bare node:http server',
        () =>
          startProcess(path.join(root, 'scripts/bench/baseline-http.mjs'), {
            env: { BENCH_USER_JSON: '{}' },
            health: '/',
          }),
      ],
    ];
    const starts = await startsOf(
      targets.map(([, target]) => target),
      runs,
    );
    targets.forEach(([what], i) => rows.push({ what, starts: starts[i] }));
  } finally {
    dirs.forEach(removeDir);
    for (const schema of schemas) await schema.drop();
  }

  const wall = (row) => median(row.starts.map((s) => s.ms));
  const cpu = (row) => median(row.starts.map((s) => s.cpuMs));
  const floor = rows[rows.length - 1];
  table(
    `Cold start to healthy: spawn to the first 200 of GET /api/health (${runs} starts each, taking turns)`,
    ['start', 'median ms', 'runs ms', 'CPU ms (median)', 'wall ÷ floor'],
    rows.map((row) => [
      row.what,
      fmt(wall(row), 0),
      row.starts.map((s) => fmt(s.ms, 0)).join(', '),
      fmt(cpu(row), 0),
      fmt(wall(row) / wall(floor), 1),
    ]),
  );
  return rows.map((row) =>
    summaryLine(`Cold start to healthy, ${row.what} (CPU ${fmt(cpu(row), 0)} ms)`, wall(row), {
      unit: ' ms',
      digits: 0,
    }),
  );
}
