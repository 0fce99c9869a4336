import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { landingAfterSignIn, rememberReturnTo, takeReturnTo } from './sign-in';

describe('the page a sign-in returns to', () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      removeItem: (key: string) => store.delete(key),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is a path of this site, taken once', () => {
    rememberReturnTo('/apply?tab=challenges');
    expect(takeReturnTo()).toBe('/apply?tab=challenges');
    expect(takeReturnTo()).toBeNull();
  });

  it('is never another site, however it is spelled', () => {
    for (const target of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'apply',
    ]) {
      rememberReturnTo(target);
      expect(takeReturnTo(), target).toBeNull();
    }
  });
});

describe('where a finished sign-in lands', () => {
  const admin = { is_admin: true };
  const candidate = { is_admin: false };

  it('takes an admin to the Users page from anywhere, or to the admin page the guard remembered', () => {
    expect(landingAfterSignIn(admin, null)).toBe('/admin/users');
    expect(landingAfterSignIn(admin, '/apply')).toBe('/admin/users');
    expect(landingAfterSignIn(admin, '/')).toBe('/admin/users');
    expect(landingAfterSignIn(admin, '/administrator')).toBe('/admin/users');
    expect(landingAfterSignIn(admin, '/admin/logs?entity_type=user')).toBe('/admin/logs?entity_type=user');
    expect(landingAfterSignIn(admin, '/admin')).toBe('/admin');
    expect(landingAfterSignIn(admin, '/admin?x=1')).toBe('/admin?x=1');
  });

  it('takes anybody else to the page remembered, else home', () => {
    expect(landingAfterSignIn(candidate, null)).toBe('/');
    expect(landingAfterSignIn(candidate, '/apply')).toBe('/apply');
    expect(landingAfterSignIn(candidate, '/admin/logs')).toBe('/admin/logs');
  });
});
