import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useEffect, type RefObject } from 'react';
import { useLatest } from '../../lib/latest';

/** What a key does on the review screen (decision 0118). */
export type ReviewAction =
  'next' | 'previous' | 'yes' | 'no' | 'abstain' | 'comment' | 'approve' | 'decline' | 'undo' | 'help';

type Key = { key: string; shift: boolean | 'any'; label: string };
type Binding = { action: ReviewAction | 'leave'; keys: Key[]; does: MessageDescriptor };

const plain = (key: string, label = key): Key => ({ key, shift: false, label });
const shifted = (key: string): Key => ({ key, shift: true, label: `Shift + ${key.toUpperCase()}` });

/** Every key of the screen, in the order the help lists them; the buttons show the first key of each. */
export const REVIEW_KEYS: readonly Binding[] = [
  { action: 'next', keys: [plain('j'), plain('ArrowRight', '→')], does: msg`Next application from the review queue` },
  {
    action: 'previous',
    keys: [plain('k'), plain('ArrowLeft', '←')],
    does: msg`Previous application you opened in this session`,
  },
  { action: 'yes', keys: [plain('y')], does: msg`Vote yes` },
  { action: 'no', keys: [plain('n')], does: msg`Vote no` },
  { action: 'abstain', keys: [plain('a')], does: msg`Abstain` },
  { action: 'comment', keys: [plain('c')], does: msg`Write a comment to send with your vote` },
  { action: 'leave', keys: [plain('Escape', 'Esc')], does: msg`Leave the comment box (keys work again)` },
  { action: 'approve', keys: [shifted('y')], does: msg`Approve (at the final decision: approve as member)` },
  { action: 'decline', keys: [shifted('n')], does: msg`Decline` },
  { action: 'undo', keys: [plain('u')], does: msg`Undo the decision just made, while its Undo is offered` },
  { action: 'help', keys: [{ key: '?', shift: 'any', label: '?' }], does: msg`Show these keys` },
];

/** The label of an action's first key, for its button ("y", "Shift + Y"). */
export const keyOf = (action: ReviewAction): string =>
  REVIEW_KEYS.find((binding) => binding.action === action)!.keys[0]!.label;

/** The action's keys as `aria-keyshortcuts` names them ("j ArrowRight", "Shift+Y"). */
export const shortcutsOf = (action: ReviewAction): string =>
  REVIEW_KEYS.find((binding) => binding.action === action)!
    .keys.map((k) => (k.shift === true ? `Shift+${k.key.toUpperCase()}` : k.key))
    .join(' ');

type KeyPress = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>;

/** The action a key press asks for, or null: a press with Ctrl, Cmd or Alt is the browser's. */
export function reviewActionFor(press: KeyPress): ReviewAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  // Letters compare in lower case, so Caps Lock does not turn a vote into a decision: Shift does.
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  for (const binding of REVIEW_KEYS) {
    if (binding.action === 'leave') continue;
    const hit = binding.keys.some((k) => k.key === key && (k.shift === 'any' || k.shift === press.shiftKey));
    if (hit) return binding.action;
  }
  return null;
}

const TEXT_FIELD_SELECTOR = 'textarea, select, input:not([type="checkbox"]):not([type="radio"]):not([type="button"])';

/**
 * The screen's keys, on the whole document: none fires while a text field has the focus except
 * Escape, which leaves it for `leaveTo`; none while a dialog is open (it has the keys then).
 */
export function useReviewKeys(handlers: Record<ReviewAction, () => void>, leaveTo: RefObject<HTMLElement | null>) {
  const latest = useLatest(handlers);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector('[aria-modal="true"]')) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (target && (target.isContentEditable || target.matches(TEXT_FIELD_SELECTOR))) {
        if (event.key === 'Escape') {
          event.preventDefault();
          leaveTo.current?.focus();
        }
        return;
      }
      const action = reviewActionFor(event);
      if (!action) return;
      event.preventDefault();
      latest.current[action]();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [leaveTo, latest]);
}
