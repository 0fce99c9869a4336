import { describe, expect, it } from 'vitest';
import { REVIEW_KEYS, reviewActionFor, shortcutsOf } from './review-keys';

const press = (key: string, modifiers: { shift?: boolean; ctrl?: boolean; meta?: boolean; alt?: boolean } = {}) =>
  reviewActionFor({
    key,
    shiftKey: modifiers.shift ?? false,
    ctrlKey: modifiers.ctrl ?? false,
    metaKey: modifiers.meta ?? false,
    altKey: modifiers.alt ?? false,
  });

describe("the review screen's keys", () => {
  it('moves with j / k and the arrows, votes with y / n / a, and decides only with Shift', () => {
    expect([press('j'), press('ArrowRight'), press('k'), press('ArrowLeft')]).toEqual([
      'next',
      'next',
      'previous',
      'previous',
    ]);
    expect([press('y'), press('n'), press('a'), press('c')]).toEqual(['yes', 'no', 'abstain', 'comment']);
    expect([press('Y', { shift: true }), press('N', { shift: true }), press('u')]).toEqual([
      'approve',
      'decline',
      'undo',
    ]);
    // Caps Lock gives upper-case letters without Shift: still a vote, never a decision.
    expect([press('Y'), press('N')]).toEqual(['yes', 'no']);
    expect(press('?', { shift: true })).toBe('help');
  });

  it('leaves the browser its own shortcuts and ignores other keys', () => {
    expect(press('y', { ctrl: true })).toBeNull();
    expect(press('n', { meta: true })).toBeNull();
    expect(press('j', { alt: true })).toBeNull();
    expect(press('J', { shift: true })).toBeNull();
    expect(press('q')).toBeNull();
    expect(press('Escape')).toBeNull();
  });

  it('lists every action in the help, each with its keys for assistive technology', () => {
    expect(REVIEW_KEYS.map((binding) => binding.action)).toEqual([
      'next',
      'previous',
      'yes',
      'no',
      'abstain',
      'comment',
      'leave',
      'approve',
      'decline',
      'undo',
      'help',
    ]);
    expect(shortcutsOf('next')).toBe('j ArrowRight');
    expect(shortcutsOf('approve')).toBe('Shift+Y');
  });
});
