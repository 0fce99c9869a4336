import { useEffect } from 'react';

const SITE = '1337 Robotics Club';

/** Each route names itself in the tab and, for search engines, describes itself. */
export function usePageTitle(title: string, description?: string): void {
  useEffect(() => {
    document.title = title === SITE ? SITE : `${title} · ${SITE}`;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
