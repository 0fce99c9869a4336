import { describe, expect, it } from 'vitest';
import { formatValue, readDetails } from './audit-details';

describe("an audit entry's details on the Logs page", () => {
  it('pairs before and after field by field, and keeps the other keys', () => {
    expect(readDetails({ before: { is_banned: false }, after: { is_banned: true }, sessions_revoked: 2 })).toEqual({
      changes: [{ field: 'is_banned', before: false, after: true }],
      others: [['sessions_revoked', 2]],
    });
  });

  it('reads a creation (no before), a first vote (before null) and a deletion (no after)', () => {
    expect(readDetails({ after: { url: 'https://x.test' } }).changes).toEqual([
      { field: 'url', before: undefined, after: 'https://x.test' },
    ]);
    expect(readDetails({ stage: 'review', before: null, after: { vote: 'yes' } })).toEqual({
      changes: [{ field: 'vote', before: undefined, after: 'yes' }],
      others: [['stage', 'review']],
    });
    expect(readDetails({ before: { name: 'Team A', members: [3, 4] } }).changes).toEqual([
      { field: 'name', before: 'Team A', after: undefined },
      { field: 'members', before: [3, 4], after: undefined },
    ]);
  });

  it('lists the fields of both sides once, before first', () => {
    const fields = readDetails({ before: { status: 'pending' }, after: { status: 'approved', review_notes: 'ok' } });
    expect(fields.changes.map((change) => change.field)).toEqual(['status', 'review_notes']);
  });

  it('keeps every key as written when before or after is not an object', () => {
    expect(readDetails({ before: 'draft', after: 'sent' })).toEqual({
      changes: [],
      others: [
        ['before', 'draft'],
        ['after', 'sent'],
      ],
    });
    expect(readDetails({ before: null, reason: 'expired' })).toEqual({
      changes: [],
      others: [
        ['before', null],
        ['reason', 'expired'],
      ],
    });
    expect(readDetails(null)).toEqual({ changes: [], others: [] });
  });

  it('shows text as written, nothing as a dash and anything else as JSON', () => {
    expect(formatValue('I like robots')).toBe('I like robots');
    expect([undefined, null, ''].map(formatValue)).toEqual(['—', '—', '—']);
    expect(formatValue(false)).toBe('false');
    expect(formatValue(0)).toBe('0');
    expect(formatValue({ step: 2, ids: [1, 2] })).toBe('{"step":2,"ids":[1,2]}');
  });
});
