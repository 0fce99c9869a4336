import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberReturnTo, takeReturnTo } from './sign-in';

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
