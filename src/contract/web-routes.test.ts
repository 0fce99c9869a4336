import { describe, expect, it } from 'vitest';
import { isWebRoute } from './web-routes';

describe('the pages of the SPA', () => {
  it('knows each page, with or without a trailing slash', () => {
    for (const path of [
      '/',
      '/welcome',
      '/apply',
      '/admin/applications',
      '/admin/applications/',
      '/admin/review',
      '/judge',
      '/judge/score',
    ]) {
      expect(isWebRoute(path), path).toBe(true);
    }
  });

  it('takes a positive whole number where a route has :id, and nothing else there', () => {
    expect(isWebRoute('/admin/applications/42')).toBe(true);
    for (const path of [
      '/admin/applications/0',
      '/admin/applications/-1',
      '/admin/applications/abc',
      '/admin/applications/:id',
      '/admin/applications/42/votes',
      '/admin/users/42',
    ]) {
      expect(isWebRoute(path), path).toBe(false);
    }
  });
});
