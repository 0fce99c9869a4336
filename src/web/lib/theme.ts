/**
 * The colour theme (docs/decisions/0123-dark-theme.md): the system's setting unless the person
 * chose Light or Dark, remembered in this browser. The CSS follows `prefers-color-scheme` by
 * itself; a choice sets `data-theme` on <html>. index.html's inline script applies a saved
 * choice before the first paint with the same steps as `applyTheme` below.
 */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** The localStorage key; index.html's inline script reads the same one. */
export const THEME_KEY = 'theme';
const CHANGED = 'theme-change';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage refused (private mode, blocked cookies): the theme follows the system.
    return undefined;
  }
}

export function savedTheme(): ThemeChoice {
  const value = storage()?.getItem(THEME_KEY);
  return value === 'light' || value === 'dark' ? value : 'system';
}

/**
 * Puts the choice on the page: `data-theme` (the CSS sets `color-scheme` from it) and the
 * browser's `theme-color`, whose two tags carry a media query each for the system's setting.
 */
export function applyTheme(choice: ThemeChoice, root: Document = document): void {
  if (choice === 'system') root.documentElement.removeAttribute('data-theme');
  else root.documentElement.setAttribute('data-theme', choice);
  root.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"][data-scheme]').forEach((meta) => {
    const scheme = meta.dataset.scheme!;
    const media = choice === 'system' ? `(prefers-color-scheme: ${scheme})` : choice === scheme ? 'all' : 'not all';
    meta.media = media;
  });
}

export function chooseTheme(choice: ThemeChoice): void {
  const store = storage();
  try {
    if (choice === 'system') store?.removeItem(THEME_KEY);
    else store?.setItem(THEME_KEY, choice);
  } catch {
    // Full or refused storage: the choice still holds for this page.
  }
  applyTheme(choice);
  window.dispatchEvent(new Event(CHANGED));
}

/** For useSyncExternalStore: a choice made here, or in another tab of this site. */
export function subscribeTheme(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_KEY && event.key !== null) return;
    applyTheme(savedTheme());
    onChange();
  };
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onStorage);
  };
}
