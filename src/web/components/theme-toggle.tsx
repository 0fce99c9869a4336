import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useSyncExternalStore, type ReactNode } from 'react';
import { chooseTheme, savedTheme, subscribeTheme, THEME_CHOICES, type ThemeChoice } from '../lib/theme';

const LABELS: Record<ThemeChoice, MessageDescriptor> = { system: msg`System`, light: msg`Light`, dark: msg`Dark` };

/** Half a disc (the system decides), a sun, a moon: drawn in the text colour. */
const ICONS: Record<ThemeChoice, ReactNode> = {
  system: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 3.5a8.5 8.5 0 0 1 0 17z" fill="currentColor" />
    </>
  ),
  light: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8" />
    </>
  ),
  dark: <path d="M20.5 14.5A8.5 8.5 0 1 1 9.5 3.5a7 7 0 0 0 11 11z" />,
};

/**
 * System, Light or Dark (docs/decisions/0123-dark-theme.md): a radio group, so that the choice is
 * announced and the arrow keys move it. `compact` shows the icons only, their names kept for
 * screen readers and as tooltips (the top bar); otherwise the names show too (the phone menu).
 */
export function ThemeToggle({ compact = false }: { compact?: boolean }) {
  const { t } = useLingui();
  const name = useId();
  const choice = useSyncExternalStore(subscribeTheme, savedTheme);
  return (
    <fieldset className={compact ? 'theme-toggle theme-toggle-compact' : 'theme-toggle'}>
      <legend className={compact ? 'visually-hidden' : undefined}>
        <Trans>Theme</Trans>
      </legend>
      <div className="theme-options">
        {THEME_CHOICES.map((option) => (
          <label key={option} title={compact ? t(LABELS[option]) : undefined}>
            <input
              type="radio"
              className="visually-hidden"
              name={name}
              value={option}
              checked={choice === option}
              onChange={() => chooseTheme(option)}
            />
            <span className="theme-option">
              <svg
                viewBox="0 0 24 24"
                width="18"
                height="18"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                aria-hidden="true"
              >
                {ICONS[option]}
              </svg>
              <span className={compact ? 'visually-hidden' : undefined}>{t(LABELS[option])}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
