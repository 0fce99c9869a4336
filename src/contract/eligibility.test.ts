import { describe, expect, it } from 'vitest';
import { isEligible, notEligibleMessage, unnamedCampus } from './eligibility';

const allowed = [
  { id: null, name: 'Khouribga' },
  { id: 21, name: 'Ben Guerir' },
];

describe('who may apply', () => {
  it('matches a name whatever its case, an id only on the campus id, and lets everyone apply on an empty list', () => {
    expect(isEligible(allowed, { campus: ' KHOURIBGA', campus_id: 16 })).toBe(true);
    expect(isEligible(allowed, { campus: 'Somewhere', campus_id: 21 })).toBe(true);
    expect(isEligible(allowed, { campus: 'Ben Guerir', campus_id: 99 })).toBe(false);
    expect(isEligible(allowed, { campus: null, campus_id: null })).toBe(false);
    expect(isEligible([], { campus: null, campus_id: null })).toBe(true);
  });

  it('says so in one sentence naming every campus that may apply', () => {
    expect(notEligibleMessage(allowed)).toBe(
      'Applications are open to students of these campuses: Khouribga, Ben Guerir.',
    );
    expect(notEligibleMessage([{ id: 16, name: unnamedCampus(16) }])).toBe(
      'Applications are open to students of these campuses: campus 16.',
    );
  });
});
