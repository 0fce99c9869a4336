/**
 * The keys of the scoring screen (decision 0176): `n` and `p` go to the next and previous team,
 * `1`..`8` focus that criterion's slider, `s` saves. A key typed into a text field, a number
 * field, a select or anything editable is that field's own, never the screen's.
 */
export type ScoringAction =
  { kind: 'next' } | { kind: 'previous' } | { kind: 'save' } | { kind: 'criterion'; index: number };

/** What the screen reads of the element a key was pressed in (an HTMLElement, or a stand-in in tests). */
type KeyTarget = { tagName?: string; type?: string; isContentEditable?: boolean };

type KeyLike = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | KeyTarget | null;
};

/** The inputs that leave letters and digits to the screen: a slider's own keys are the arrows. */
const NOT_TYPED = new Set(['range', 'checkbox', 'radio', 'button', 'submit', 'reset']);

/** Whether a key pressed in this element belongs to it (typing), not to the screen. */
export function isTyping(target: EventTarget | KeyTarget | null): boolean {
  const element = target as KeyTarget | null;
  if (!element?.tagName) return false;
  if (element.isContentEditable) return true;
  const tag = element.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && !NOT_TYPED.has((element.type ?? 'text').toLowerCase());
}

/** The screen's action for a key, or null: the key then does what it does anyway. */
export function scoringAction(event: KeyLike, criteria: number): ScoringAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return null;
  const key = event.key.toLowerCase();
  if (key === 'n') return { kind: 'next' };
  if (key === 'p') return { kind: 'previous' };
  if (key === 's') return { kind: 'save' };
  if (/^[1-8]$/.test(key) && Number(key) <= criteria) return { kind: 'criterion', index: Number(key) - 1 };
  return null;
}
