import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as ar } from './locales/ar';
import { messages as fr } from './locales/fr';
import { settingsSchema } from './settings';

const refusal = (days: number) =>
  settingsSchema.shape.challenge_deadline_days.safeParse(days).error?.issues[0]?.message;

// A contract sentence is written once, in English with ICU placeholders, and read in the language
// active when the value is refused: the web form's and the server's words are the same.
describe('a contract sentence', () => {
  afterEach(() => i18n.activate('en'));

  it('reads in English by default, with its plural', () => {
    expect(refusal(0)).toBe('At least 1 day.');
    expect(settingsSchema.shape.hackathon_registration_delay_days.safeParse(-1).error?.issues[0]?.message).toBe(
      'At least 0 days.',
    );
  });

  it('reads in French and in Arabic once their catalog is active', () => {
    i18n.load({ fr, ar });
    i18n.activate('fr');
    expect(refusal(0)).toBe('Au moins 1 jour.');
    i18n.activate('ar');
    expect(refusal(0)).toBe('لا تقلّ المدة عن يوم واحد.');
  });
});
