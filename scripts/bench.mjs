// `npm run bench`: the benchmarks of the issues, measured side by side in one run, ending with
// one table of figures and ratios to their targets. A benchmark reports, it never fails a build:
// this machine is shared and noisy. Needs a build (`npm run build`). Runs the suites named on
// the command line (`npm run bench users-me cold-start`), or all of them.
import { benchAdminLists } from './bench/admin-lists.mjs';
import { benchColdStart } from './bench/cold-start.mjs';
import { benchImageUploads } from './bench/image-uploads.mjs';
import { benchLanding } from './bench/landing.mjs';
import { benchOpeningDay } from './bench/opening-day.mjs';
import { benchUsersMe } from './bench/users-me.mjs';
import { fmt, postgresUrl, table } from './bench/util.mjs';

const suites = {
  'users-me': benchUsersMe,
  'cold-start': benchColdStart,
  'admin-lists': benchAdminLists,
  landing: benchLanding,
  'opening-day': benchOpeningDay,
  'image-uploads': benchImageUploads,
};
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = wanted.filter((name) => !(name in suites));
if (unknown.length) {
  console.error(`Unknown suite ${unknown.join(', ')}; the suites are ${Object.keys(suites).join(', ')}.`);
  process.exit(2);
}

const started = Date.now();
const lines = [];
for (const [name, run] of Object.entries(suites)) {
  if (wanted.length && !wanted.includes(name)) continue;
  console.log(`\n## ${name}`);
  lines.push(...(await run()));
}
const postgres = postgresUrl() ? new URL(postgresUrl()).host : 'not set';
table(
  `Summary (${new Date().toISOString()}, node ${process.version}, PostgreSQL ${postgres}, ${fmt((Date.now() - started) / 1000, 0)} s in all). Headroom = target ÷ figure for a ceiling, figure ÷ target for a floor: at least 1.00 meets it.`,
  ['benchmark', 'figure', 'target', 'headroom', 'meets'],
  lines,
);
