import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_SENTENCES, MAX_IMAGE_BYTES, mediaImage } from '../../../contract/image-urls';
import { errorBodySchema } from '../../../contract/errors';
import { expectGuarded } from '#test/server/guards';
import { cameraJpegOf, gifOf, pngOf, progressiveJpegOf, SVG, webpOf } from '#test/server/images.fixtures';
import { signIn } from '#test/server/sign-in';
import { DECODE_LINE, DECODE_SLOTS } from './decode-queue';
import { createTestApp, testEngine, type TestApp } from '#test/server/test-app';

describe(`uploaded images (${testEngine})`, () => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp();
    ({ cookie } = await signIn(t.app, 'admin'));
  });
  afterEach(() => t.close());

  const upload = (kind: string, payload: Buffer | Readable, contentType = 'application/octet-stream') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/images/${kind}`,
      headers: { cookie, 'content-type': contentType },
      payload,
    });
  const fetchImage = (url: string) => t.app.inject({ url });
  const stored = async () => ({
    images: await t.database.db.selectFrom('images').select('sha256').execute(),
    audit: await t.database.db
      .selectFrom('audit_logs')
      .select('action')
      .where('entity_type', '=', 'settings')
      .execute(),
  });
  /** The image an address serves, as sharp reads it. */
  const served = async (url: string) => {
    const answer = await fetchImage(url);
    expect(answer.statusCode, url).toBe(200);
    return { answer, metadata: await sharp(answer.rawPayload).metadata() };
  };

  it('takes a PNG, a JPEG and a WebP, and serves each re-encoded as WebP at 1x and 2x', async () => {
    const cases = [
      { kind: 'board_photo', bytes: await pngOf(300, 200), size: [96, 96] },
      { kind: 'board_photo', bytes: await webpOf(150, 400), size: [96, 96] },
      // A logo keeps its proportions inside 240 × 48: 400 × 100 becomes 192 × 48.
      { kind: 'sponsor_logo', bytes: await cameraJpegOf(400, 100), size: [192, 48] },
      // Small ones are brought to the size the page shows.
      { kind: 'sponsor_logo', bytes: await pngOf(50, 20), size: [120, 48] },
    ] as const;
    for (const { kind, bytes, size } of cases) {
      const answer = await upload(kind, bytes);
      expect(answer.statusCode, answer.body).toBe(201);
      const image = answer.json();
      expect(image).toMatchObject({ kind, width: size[0], height: size[1] });
      const named = mediaImage(image.url)!;
      expect(named).toMatchObject({ width: size[0], height: size[1] });
      const oneX = await served(image.url);
      expect(oneX.metadata).toMatchObject({ format: 'webp', width: size[0], height: size[1] });
      const twoX = await served(image.url.replace('.webp', '@2x.webp'));
      expect(twoX.metadata).toMatchObject({ format: 'webp', width: size[0] * 2, height: size[1] * 2 });
      // The address names the bytes: the SHA-256 of the 2x rendition.
      expect(createHash('sha256').update(twoX.answer.rawPayload).digest('hex')).toBe(named.sha256);
    }
    const { images, audit } = await stored();
    expect(images).toHaveLength(cases.length);
    expect(audit).toEqual(cases.map(() => ({ action: 'settings.image_uploaded' })));
  });

  it('strips the EXIF (GPS included), XMP and colour profile, and turns a camera photo upright', async () => {
    const photo = await cameraJpegOf(300, 200, 6);
    expect(await sharp(photo).metadata()).toMatchObject({
      exif: expect.any(Buffer),
      xmp: expect.any(Buffer),
      orientation: 6,
    });
    // Turned upright, 300 × 200 is 200 × 300: as a logo, 32 × 48.
    const answer = await upload('sponsor_logo', photo, 'image/jpeg');
    expect(answer.json()).toMatchObject({ width: 32, height: 48 });
    for (const url of [answer.json().url, answer.json().url.replace('.webp', '@2x.webp')]) {
      const { answer: image, metadata } = await served(url);
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(image.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
      expect(image.rawPayload.includes(Buffer.from('PhoneOwner'))).toBe(false);
    }
  });

  it('serves an image for a year, immutable, never sniffed; any other address is 404', async () => {
    const { url } = (await upload('board_photo', await pngOf(120, 120))).json();
    const { answer } = await served(url);
    expect(answer.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    const sha = mediaImage(url)!.sha256;
    for (const other of [
      `/media/${sha}-95x96.webp`,
      `/media/${'0'.repeat(64)}-96x96.webp`,
      `/media/${sha}-96x96.png`,
      `/media/${sha}.webp`,
      `/media/${sha}-96x96@3x.webp`,
    ]) {
      const missing = await fetchImage(other);
      expect(missing.statusCode, other).toBe(404);
      expect(errorBodySchema.safeParse(missing.json()).success).toBe(true);
    }
  });

  it('judges the bytes, not the name or Content-Type: one image uploaded twice is one image', async () => {
    const bytes = await pngOf(200, 200);
    const first = await upload('board_photo', bytes, 'application/json');
    const second = await upload('board_photo', bytes, 'text/plain');
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().url).toBe(first.json().url);
    expect((await stored()).images).toHaveLength(1);
  });

  it('refuses a GIF, an SVG, a text file called .png, a truncated image and an empty body with 400, changing nothing', async () => {
    const png = await pngOf(300, 300);
    const jpeg = await cameraJpegOf(300, 300);
    const refused: [string, Buffer, string, string][] = [
      ['a GIF', await gifOf(40, 40), 'image/gif', IMAGE_SENTENCES.notAnImage],
      ['an SVG', SVG, 'image/svg+xml', IMAGE_SENTENCES.notAnImage],
      [
        'a text file called .png',
        Buffer.from('Not an image at all, just words.\n'),
        'image/png',
        IMAGE_SENTENCES.notAnImage,
      ],
      [
        'a PNG signature before text',
        Buffer.concat([png.subarray(0, 8), Buffer.from('words')]),
        'image/png',
        IMAGE_SENTENCES.unreadable,
      ],
      ['a truncated PNG', png.subarray(0, png.length >> 1), 'image/png', IMAGE_SENTENCES.unreadable],
      ['a truncated JPEG', jpeg.subarray(0, jpeg.length >> 1), 'image/jpeg', IMAGE_SENTENCES.unreadable],
      ['an empty body', Buffer.alloc(0), 'image/png', IMAGE_SENTENCES.empty],
    ];
    for (const [what, bytes, type, sentence] of refused) {
      const answer = await upload('board_photo', bytes, type);
      expect(answer.statusCode, what).toBe(400);
      expect(answer.json(), what).toEqual({ error: sentence, code: 'VALIDATION_FAILED' });
    }
    expect(await upload('team_photo', png)).toMatchObject({ statusCode: 400 });
    expect(await stored()).toEqual({ images: [], audit: [] });
  });

  it('refuses 2 MB + 1 byte with 413, whether the length is announced or streamed', async () => {
    const png = await pngOf(64, 64);
    const tooBig = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES + 1 - png.length)]);
    const announced = await upload('board_photo', tooBig, 'image/png');
    expect(announced.statusCode).toBe(413);
    expect(announced.json()).toEqual({ error: IMAGE_SENTENCES.tooLarge, code: 'PAYLOAD_TOO_LARGE' });
    const streamed = await upload(
      'board_photo',
      Readable.from([tooBig.subarray(0, 1 << 20), tooBig.subarray(1 << 20)]),
    );
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().error).toBe(IMAGE_SENTENCES.tooLarge);
    expect(await stored()).toEqual({ images: [], audit: [] });
    // Exactly 2 MB is allowed (the file is a PNG with bytes after its end, which decoders ignore).
    const atLimit = await upload('board_photo', tooBig.subarray(0, MAX_IMAGE_BYTES), 'image/png');
    expect(atLimit.statusCode, atLimit.body).toBe(201);
  });

  it('is for admins only: 401 anonymous, 403 applicants, 403 BANNED, before reading the body', async () => {
    const applicant = await signIn(t.app, 'jdoe');
    const banned = await signIn(t.app, 'bad');
    await t.database.db.updateTable('users').set({ is_banned: true }).where('id', '=', banned.user.id).execute();
    await expectGuarded(t.app, [['POST', '/api/admin/images/board_photo']], {
      applicant: applicant.cookie,
      banned: banned.cookie,
    });
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/images/board_photo',
      headers: { cookie: applicant.cookie, 'content-type': 'image/png' },
      payload: await pngOf(50, 50),
    });
    expect(answer.statusCode).toBe(403);
    expect(await stored()).toEqual({ images: [], audit: [] });
  });

  it('decodes two uploads at a time and refuses those that find the line full with 503 and Retry-After', async () => {
    // A progressive JPEG of 9 megapixels: its decode outlasts the arrival of all twelve.
    const big = await progressiveJpegOf(3000, 3000);
    const answers = await Promise.all(Array.from({ length: 12 }, () => upload('board_photo', big, 'image/jpeg')));
    const accepted = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode === 503);
    expect(accepted.length + refused.length).toBe(12);
    // Two decoding and four waiting at most when they arrive; a slot freed meanwhile takes one more.
    expect(accepted.length).toBeGreaterThanOrEqual(DECODE_SLOTS + DECODE_LINE);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const answer of refused) {
      expect(answer.json()).toEqual({ error: IMAGE_SENTENCES.busy, code: 'UNAVAILABLE' });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // The same picture each time: one image, one audit entry per upload accepted, none for a refusal.
    const { images, audit } = await stored();
    expect(images).toHaveLength(1);
    expect(audit).toHaveLength(accepted.length);
  });
});
