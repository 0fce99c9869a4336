import { describe, expect, it } from 'vitest';
import { stepOf } from './journey';

describe('the journey step of docs/product/applications.md#the-applicant-journey-step', () => {
  const approved = {
    status: 'approved' as const,
    role: 'student' as const,
    challenges: 4,
    validated: 0,
    hackathonOver: false,
  };

  it('is -1 when declined and 0 when pending, whatever else holds', () => {
    expect(stepOf({ ...approved, status: 'declined', role: 'member' })).toBe(-1);
    expect(stepOf({ ...approved, status: 'pending', validated: 4 })).toBe(0);
  });

  it('is 1 while a challenge is not validated, or none is assigned yet', () => {
    expect(stepOf({ ...approved, validated: 3 })).toBe(1);
    expect(stepOf({ ...approved, challenges: 0, validated: 0 })).toBe(1);
  });

  it('is 2 when every assigned challenge is validated and the hackathon is not over for them', () => {
    expect(stepOf({ ...approved, validated: 4 })).toBe(2);
  });

  it('is 3 after a hackathon they sat in has ended, while still a student', () => {
    expect(stepOf({ ...approved, validated: 4, hackathonOver: true })).toBe(3);
  });

  it('is 4 for an approved member or board member', () => {
    expect(stepOf({ ...approved, role: 'member' })).toBe(4);
    expect(stepOf({ ...approved, role: 'board', validated: 4, hackathonOver: true })).toBe(4);
  });
});
