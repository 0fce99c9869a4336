import { describe, expect, it } from 'vitest';
import { negotiateLocale } from './locales';

describe('negotiateLocale', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7', 'fr'],
    ['ar-MA,ar;q=0.9', 'ar'],
    ['en-GB,en;q=0.9,fr;q=0.8', 'en'],
    ['de-DE,de;q=0.9,fr;q=0.5,ar;q=0.4', 'fr'],
    ['es, ar;q=0.2, fr;q=0.3', 'fr'],
    ['fr;q=0, ar', 'ar'],
    ['fr;q=0', 'en'],
    ['*', 'en'],
    ['de, es', 'en'],
    ['FR-ca', 'fr'],
    ['en;q=0.5, fr;q=0.5', 'en'],
    ['fr;q=2, ar;q=0.1', 'ar'],
  ])('%j → %s', (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });
});
