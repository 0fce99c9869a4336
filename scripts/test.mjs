// `npm test`: every check, stopping at the first step that fails, then the time each took
// (issue 29: the suite must stay under 10 minutes on a 2-core machine, so its cost is in view).
// The checks that read the code but write nothing it reads run side by side with the build (each
// is one process on one core); their output is printed whole when each ends, so it stays readable.
import { spawn } from 'node:child_process';

const STEPS = [
  // First alone: it rewrites the compiled catalogs that the type check, the lint and the build read.
  ['i18n:check'],
  // `npm run lint` is ESLint then Prettier: here each has its own process, so that neither waits for the other.
  ['lint:code', 'lint:format', 'typecheck', 'lint:api', 'build:bundles'],
  ['test:unit'],
  // The build is done: the browser tests run against it.
  ['test:browser'],
];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs one npm script; alone it prints as it goes, beside others its output waits for its end. */
function run(stage, alone) {
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', stage], { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (status, signal) => {
      if (!alone) process.stdout.write(Buffer.concat(output));
      resolve({ stage, status, signal, seconds: Number(process.hrtime.bigint() - started) / 1e9 });
    });
  });
}

const times = [];
let failed;
const runStarted = process.hrtime.bigint();
for (const step of STEPS) {
  const results = await Promise.all(step.map((stage) => run(stage, step.length === 1)));
  times.push(...results);
  failed = results.find(({ status }) => status !== 0);
  if (failed) break;
}

const total = Number(process.hrtime.bigint() - runStarted) / 1e9;
const width = Math.max(...STEPS.flat().map((stage) => stage.length));
const sideBySide = STEPS.filter((step) => step.length > 1).map((step) => step.join(', '));
console.log(`\nnpm test, time per stage (side by side: ${sideBySide.join('; ')}):`);
for (const { stage, seconds, status } of times) {
  console.log(`  ${stage.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s${status === 0 ? '' : '  FAILED'}`);
}
console.log(`  ${'total'.padEnd(width)}  ${total.toFixed(1).padStart(7)} s`);
if (failed) {
  console.error(`\nnpm test: "${failed.stage}" failed${failed.signal ? ` (${failed.signal})` : ''}.`);
  process.exit(failed.status ?? 1);
}
