// `npm test`: every check in turn, stopping at the first that fails, then the time each took
// (issue 29: the suite must stay under 10 minutes on a 2-core machine, so its cost is in view).
import { spawnSync } from 'node:child_process';

const STAGES = ['lint', 'i18n:check', 'typecheck', 'lint:api', 'test:unit', 'test:e2e'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const times = [];
let failed;
for (const stage of STAGES) {
  const started = process.hrtime.bigint();
  const { status, signal } = spawnSync(npm, ['run', stage], { stdio: 'inherit' });
  times.push({ stage, seconds: Number(process.hrtime.bigint() - started) / 1e9, ok: status === 0 });
  if (status !== 0) {
    failed = { stage, code: status ?? 1, signal };
    break;
  }
}

const total = times.reduce((sum, { seconds }) => sum + seconds, 0);
const width = Math.max(...STAGES.map((stage) => stage.length));
console.log('\nnpm test, time per stage:');
for (const { stage, seconds, ok } of times) {
  console.log(`  ${stage.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s${ok ? '' : '  FAILED'}`);
}
console.log(`  ${'total'.padEnd(width)}  ${total.toFixed(1).padStart(7)} s`);
if (failed) {
  console.error(`\nnpm test: "${failed.stage}" failed${failed.signal ? ` (${failed.signal})` : ''}.`);
  process.exit(failed.code);
}
