import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Settings } from '../../../contract/settings';
import { DEFAULT_SETTINGS } from '../../../contract/settings-defaults';
import { pngOf } from '#test/server/images.fixtures';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, testEngine, type TestApp } from '#test/server/test-app';

const DAY = 86_400_000;

describe(`settings naming uploaded images (${testEngine})`, () => {
  let t: TestApp;
  let cookie: string;
  let clock: ReturnType<typeof testClock>;
  beforeEach(async () => {
    clock = testClock();
    t = await createTestApp({}, { clock });
    ({ cookie } = await signIn(t.app, 'admin'));
  });
  afterEach(() => t.close());

  const upload = async (kind: 'board_photo' | 'sponsor_logo', size: number | Buffer): Promise<string> => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/admin/images/${kind}`,
      headers: { cookie, 'content-type': 'image/png' },
      payload: typeof size === 'number' ? await pngOf(size, size) : size,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().url;
  };
  const save = (settings: Partial<Settings>) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload: { settings } });
  const board = (photo_url: string | null) => [
    { name: 'Amina Alaoui', title: 'President', photo_url },
    ...DEFAULT_SETTINGS.board_members.slice(1),
  ];
  const sponsors = (logo_url: string | null) => [{ name: 'Acme Robotics', logo_url, url: 'https://acme.example' }];
  const imageCount = async () => (await t.database.db.selectFrom('images').select('sha256').execute()).length;
  const publicSettings = async () => (await t.app.inject({ url: '/api/settings/public' })).json();

  it('saves uploaded images as the board photo and sponsor logo, audited, beside external addresses', async () => {
    const photo = await upload('board_photo', 200);
    const logo = await upload('sponsor_logo', 100);
    const answer = await save({ board_members: board(photo), sponsors: sponsors(logo) });
    expect(answer.statusCode, answer.body).toBe(200);
    const shown = await publicSettings();
    expect(shown.board_members[0].photo_url).toBe(photo);
    expect(shown.sponsors[0].logo_url).toBe(logo);
    const entry = await t.database.db
      .selectFrom('audit_logs')
      .select('details')
      .where('action', '=', 'settings.updated')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.details!).after.board_members[0].photo_url).toBe(photo);
    // External https addresses are still taken, as before uploads.
    expect((await save({ board_members: board('https://img.example/amina.png') })).statusCode).toBe(200);
  });

  it('refuses an image that is not stored or of the other kind, with the field, and changes nothing', async () => {
    const photo = await upload('board_photo', 200);
    const logo = await upload('sponsor_logo', 100);
    const sha = photo.slice('/media/'.length, '/media/'.length + 64);
    const cases: [Partial<Settings>, string, string][] = [
      [
        { board_members: board(`/media/${'f'.repeat(64)}-96x96.webp`) },
        'settings.board_members.0.photo_url',
        'This image is no longer stored: upload it again.',
      ],
      [
        { board_members: board(`/media/${sha}-90x90.webp`) },
        'settings.board_members.0.photo_url',
        'This image is no longer stored: upload it again.',
      ],
      [
        { board_members: board(logo) },
        'settings.board_members.0.photo_url',
        'This image was uploaded as a sponsor logo: upload the photo here.',
      ],
      [
        { sponsors: sponsors(photo) },
        'settings.sponsors.0.logo_url',
        'This image was uploaded as a board photo: upload the logo here.',
      ],
      [
        { sponsors: sponsors('/media/not-an-upload.webp') },
        'settings.sponsors.0.logo_url',
        'Enter a web address starting with http:// or https://, or upload an image.',
      ],
    ];
    for (const [settings, path, message] of cases) {
      const answer = await save({ applications_open: false, ...settings });
      expect(answer.statusCode, path).toBe(400);
      expect(answer.json().details, path).toEqual([{ path, message }]);
    }
    expect(await publicSettings()).toMatchObject({
      applications_open: true,
      board_members: DEFAULT_SETTINGS.board_members,
      sponsors: DEFAULT_SETTINGS.sponsors,
    });
    expect(
      await t.database.db.selectFrom('audit_logs').select('id').where('action', '=', 'settings.updated').execute(),
    ).toEqual([]);
  });

  it('deletes, on a save of the board or sponsors, the images no setting names that are over a day old', async () => {
    const replaced = await upload('board_photo', 200);
    expect((await save({ board_members: board(replaced) })).statusCode).toBe(200);
    const neverSavedBytes = await pngOf(210, 210);
    const neverSaved = await upload('board_photo', neverSavedBytes);
    const logo = await upload('sponsor_logo', 100);
    expect((await save({ sponsors: sponsors(logo) })).statusCode).toBe(200);
    clock.advance(DAY + 1);
    const fresh = await upload('board_photo', 220);
    expect(await imageCount()).toBe(4);

    // Another key's save leaves the images alone.
    expect((await save({ applications_open: false })).statusCode).toBe(200);
    expect(await imageCount()).toBe(4);

    expect((await save({ board_members: board(null) })).statusCode).toBe(200);
    // The replaced photo and the upload never saved are gone; the logo in use and the fresh upload stay.
    expect((await t.app.inject({ url: replaced })).statusCode).toBe(404);
    expect((await t.app.inject({ url: neverSaved })).statusCode).toBe(404);
    expect((await t.app.inject({ url: logo })).statusCode).toBe(200);
    expect((await t.app.inject({ url: fresh })).statusCode).toBe(200);
    expect(await imageCount()).toBe(2);
    // Saving a deleted one says so; uploading it again brings it back under the same address.
    expect((await save({ board_members: board(neverSaved) })).json().details[0].message).toBe(
      'This image is no longer stored: upload it again.',
    );
    expect(await upload('board_photo', neverSavedBytes)).toBe(neverSaved);
    expect((await save({ board_members: board(neverSaved) })).statusCode).toBe(200);
  });
});
