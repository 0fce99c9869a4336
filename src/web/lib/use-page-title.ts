import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';

/**
 * Each route names itself in the tab and, for search engines, describes itself, in the page's
 * language: the caller translates both (``t`Rules` ``), and the club's name follows the title.
 */
export function usePageTitle(title: string, description?: string): void {
  const { t } = useLingui();
  const site = t`1337 Robotics Club`;
  const full = title === site ? site : t`${title} · 1337 Robotics Club`;
  useEffect(() => {
    document.title = full;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [full, description]);
}
