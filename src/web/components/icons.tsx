import type { ReactNode } from 'react';

/**
 * Small line icons drawn in the text's colour. A glyph such as ☰ or ✓ is text to contrast
 * checkers, which cannot measure a lone symbol (axe leaves it "to review", and Pa11y counts that
 * as an error): a drawn icon is a graphic, as it is to the eye (docs/decisions/0124-pa11y-in-npm-test.md).
 */
function Icon({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 16 16"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const MenuIcon = () => (
  <Icon>
    <path d="M2 4h12M2 8h12M2 12h12" />
  </Icon>
);

export const CloseIcon = () => (
  <Icon>
    <path d="M3.5 3.5l9 9M12.5 3.5l-9 9" />
  </Icon>
);

export const CheckIcon = () => (
  <Icon>
    <path d="M3 8.5l3.2 3.2L13 4.8" />
  </Icon>
);

export const ArrowIcon = ({ className }: { className?: string }) => (
  <Icon className={className}>
    <path d="M2.5 8h11M9 3.5L13.5 8 9 12.5" />
  </Icon>
);

/** A row's menu of more actions: three dots. */
export const MoreIcon = () => (
  <Icon>
    <path d="M3 8h.01M8 8h.01M13 8h.01" strokeWidth={2.6} />
  </Icon>
);

/** How a column sorts: up (ascending), down (descending), or both ways (not sorted by it). */
export const SortIcon = ({ direction }: { direction: 'ascending' | 'descending' | 'none' }) => (
  <Icon className="sort-mark">
    {direction !== 'descending' && <path d="M5 6.5l3-3 3 3" />}
    {direction !== 'ascending' && <path d="M5 9.5l3 3 3-3" />}
  </Icon>
);
