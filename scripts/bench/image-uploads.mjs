// Image uploads (issue 34, item 4): BENCH_UPLOADS (default 12) uploads at once of one
// progressive 6000×6000 JPEG (made here with sharp: a few hundred kilobytes, 36 megapixels to
// decode) to POST /api/admin/images/board_photo, as an admin, on the built server (SQLite, one
// process). Reports the server's peak resident memory during the burst (VmHWM, reset before it
// through /proc/<pid>/clear_refs), the statuses, and how long the burst took. Then, one at a time,
// uploads of 2 MB (the limit) of bytes that are no image: how long the server takes to refuse one,
// its checks of every request included (listing the keys of such a body held it for 0.3-0.4 s).
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

const REFUSAL_TARGET_MS = 50;
/** MAX_IMAGE_BYTES of src/contract/image-urls.ts (this script runs without TypeScript): the largest upload taken. */
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** Uploads of MAX_IMAGE_BYTES of zeros, one after the other: the median time to their 400. */
async function timeRefusedUploads(base, cookie, count = 20) {
  const bytes = Buffer.alloc(MAX_IMAGE_BYTES);
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(`${base}/api/admin/images/board_photo`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'image/png' },
      body: bytes,
    });
    await response.arrayBuffer();
    if (response.status !== 400) throw new Error(`a 2 MB upload of no image answered ${response.status}, not 400`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { count, median: times[Math.floor(count / 2)] };
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
    const refusals = await timeRefusedUploads(app.base, cookie);
    return [
      summaryLine(`image uploads: peak RSS, ${count} at once`, peak, { unit: ' MB', digits: 0 }),
      summaryLine(
        `image uploads: 2 MB of bytes that are no image, refused (400), median of ${refusals.count}`,
        refusals.median,
        { unit: ' ms', target: REFUSAL_TARGET_MS },
      ),
    ];
  } finally {
    await app.stop();
  }
}
