import { describe, expect, it } from 'vitest';
import { isTyping, scoringAction } from './scoring-keys';

type Target = { tagName: string; type?: string; isContentEditable?: boolean };
const body: Target = { tagName: 'BODY' };
const input = (type: string): Target => ({ tagName: 'INPUT', type });

const press = (
  key: string,
  target: Target | null = body,
  mods: { ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean } = {},
) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target,
  ...mods,
});

describe('the keys of the scoring screen', () => {
  it('goes to the next and previous team and saves, in either case', () => {
    expect(scoringAction(press('n'), 3)).toEqual({ kind: 'next' });
    expect(scoringAction(press('N'), 3)).toEqual({ kind: 'next' });
    expect(scoringAction(press('p'), 3)).toEqual({ kind: 'previous' });
    expect(scoringAction(press('s'), 3)).toEqual({ kind: 'save' });
    expect(scoringAction(press('n', null), 3)).toEqual({ kind: 'next' });
    expect(scoringAction(press('x'), 3)).toBeNull();
  });

  it('focuses criterion N with the digit N, only for a criterion the rubric has', () => {
    expect(scoringAction(press('1'), 3)).toEqual({ kind: 'criterion', index: 0 });
    expect(scoringAction(press('3'), 3)).toEqual({ kind: 'criterion', index: 2 });
    expect(scoringAction(press('4'), 3)).toBeNull();
    expect(scoringAction(press('8'), 8)).toEqual({ kind: 'criterion', index: 7 });
    expect(scoringAction(press('9'), 8)).toBeNull();
    expect(scoringAction(press('0'), 8)).toBeNull();
  });

  it('works from a slider, whose own keys are the arrows, and from a button', () => {
    expect(scoringAction(press('n', input('range')), 3)).toEqual({ kind: 'next' });
    expect(scoringAction(press('2', input('range')), 3)).toEqual({ kind: 'criterion', index: 1 });
    expect(scoringAction(press('s', { tagName: 'BUTTON' }), 3)).toEqual({ kind: 'save' });
  });

  it('never takes a key typed in the comment, a number or text field, a select or an editable element', () => {
    for (const target of [
      { tagName: 'TEXTAREA' },
      input('number'),
      input('text'),
      { tagName: 'INPUT' },
      { tagName: 'SELECT' },
      { tagName: 'DIV', isContentEditable: true },
    ]) {
      expect(isTyping(target)).toBe(true);
      expect(scoringAction(press('n', target), 3)).toBeNull();
      expect(scoringAction(press('1', target), 3)).toBeNull();
    }
  });

  it('leaves a key pressed with Ctrl, Meta or Alt to the browser', () => {
    expect(scoringAction(press('n', body, { ctrlKey: true }), 3)).toBeNull();
    expect(scoringAction(press('s', body, { metaKey: true }), 3)).toBeNull();
    expect(scoringAction(press('1', body, { altKey: true }), 3)).toBeNull();
  });
});
