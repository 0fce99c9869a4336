// `npm run bench`: the benchmarks of the issues, measured side by side in one run, printed as tables.
// Needs a build (`npm run build`). Runs what is named on the command line, or everything.
import { benchAdminLists } from './bench/admin-lists.mjs';
import { benchLanding } from './bench/landing.mjs';
import { benchUsersMe } from './bench/users-me.mjs';

const suites = { 'users-me': benchUsersMe, 'admin-lists': benchAdminLists, landing: benchLanding };
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
for (const [name, run] of Object.entries(suites)) {
  if (wanted.length && !wanted.includes(name)) continue;
  await run();
}
