import { useEffect, useRef, type ReactNode } from 'react';
import { MoreIcon } from './icons';

/**
 * The actions of a row that change much or cannot be undone (ban, delete), folded under one
 * button instead of a red button on every row (issue 28). A native disclosure: Enter or Space
 * opens it, Escape or a click elsewhere closes it. It stays open behind the confirmation an action
 * asks, so that Cancel gives the focus back to that action.
 */
export function RowMenu({ label, summary, children }: { label: string; summary?: ReactNode; children: ReactNode }) {
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (event: Event) => {
      const details = menu.current;
      // What happens in the confirmation one of the actions opened leaves the menu as it is.
      if (!details?.open || (event.target as Element).closest?.('[role="dialog"]')) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        details.open = false;
        details.querySelector('summary')?.focus();
      } else if (!details.contains(event.target as Node)) {
        details.open = false;
      }
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, []);
  return (
    <details className="row-menu" ref={menu}>
      {/* `summary`: a word shown instead of the icon; `label` must then begin with it (WCAG 2.5.3). */}
      <summary className="btn btn-secondary btn-small" aria-label={label}>
        {summary ?? <MoreIcon />}
      </summary>
      <div className="row-menu-panel">{children}</div>
    </details>
  );
}
