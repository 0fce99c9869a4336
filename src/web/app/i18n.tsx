import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { useEffect, type ReactNode } from 'react';
import { useSession } from '../features/auth/api';
import { activateLocale, browserLocale } from '../lib/i18n';

/** The signed-in user's saved language wins over the browser's (decisions.md §12). */
function FollowUserLocale() {
  const { user } = useSession();
  const locale = user?.locale ?? browserLocale();
  useEffect(() => {
    if (locale !== i18n.locale) void activateLocale(locale);
  }, [locale]);
  return null;
}

/** Every component below speaks the active language and renders again when it changes. */
export function I18nRoot({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <FollowUserLocale />
      {children}
    </I18nProvider>
  );
}
