// Image uploads (issue 34, item 4): BENCH_UPLOADS (default 12) uploads at once of one
// progressive 6000×6000 JPEG (made here with sharp: a few hundred kilobytes, 36 megapixels to
// decode) to POST /api/admin/images/board_photo, as an admin, on the built server (SQLite, one
// process). Reports the server's peak resident memory during the burst (VmHWM, reset before it
// through /proc/<pid>/clear_refs), the statuses, and how long the burst took.
import fs from 'node:fs';
import sharp from 'sharp';
import { fmt, rssMb, signIn, startApp, summaryLine, table } from './util.mjs';

const SIDE = 6000;

/** A smooth 6000×6000 picture (noise blown up), progressive, so that its decoder keeps every coefficient. */
async function bigProgressiveJpeg() {
  const seed = await sharp({
    create: { width: 8, height: 8, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .png()
    .toBuffer();
  return sharp(seed).resize(SIDE, SIDE, { kernel: 'cubic' }).jpeg({ quality: 80, progressive: true }).toBuffer();
}

/** The process's peak resident memory since start or since `resetPeak`, in MB (VmHWM). */
const peakRssMb = (pid) =>
  Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
/** Linux forgets the peak when told `5` (since 4.0); answers whether it did. */
function resetPeak(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export async function benchImageUploads() {
  const count = Number(process.env.BENCH_UPLOADS ?? 12);
  const jpeg = await bigProgressiveJpeg();
  const app = await startApp({});
  try {
    const pid = app.child.pid;
    const cookie = await signIn(app.base, 'admin');
    const idle = rssMb(pid);
    const reset = resetPeak(pid);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: count }, async () => {
        const response = await fetch(`${app.base}/api/admin/images/board_photo`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'image/jpeg' },
          body: jpeg,
        });
        await response.arrayBuffer();
        return { status: response.status, retryAfter: response.headers.get('retry-after') };
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const peak = peakRssMb(pid);
    const statuses = new Map();
    for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const retryAfter = [...new Set(answers.map((answer) => answer.retryAfter).filter(Boolean))].join(', ');
    table(
      `Image uploads: ${count} at once of a progressive ${SIDE}×${SIDE} JPEG (${fmt(jpeg.length / 1024, 0)} KB), SQLite, 1 process`,
      ['RSS idle MB', `peak RSS MB${reset ? '' : ' (since start)'}`, 'statuses', 'Retry-After s', 'seconds'],
      [
        [
          fmt(idle, 0),
          fmt(peak, 0),
          [...statuses]
            .sort(([a], [b]) => a - b)
            .map(([status, n]) => `${n} × ${status}`)
            .join(', '),
          retryAfter || '-',
          fmt(seconds, 1),
        ],
      ],
    );
    return [summaryLine(`image uploads: peak RSS, ${count} at once`, peak, { unit: ' MB', digits: 0 })];
  } finally {
    await app.stop();
  }
}
