import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { isLocale, LOCALE_NAMES, LOCALES } from '../../../contract/locales';
import { useChooseLocale } from './api';

/**
 * The choice of language (decisions.md §12), in the navigation: a native select, announced with
 * its label and worked with the keyboard like any other.
 */
export function LanguageMenu() {
  const id = useId();
  const { i18n, t } = useLingui();
  const choose = useChooseLocale();
  return (
    <div className="language-menu">
      <label htmlFor={id} className="visually-hidden">
        {t`Language`}
      </label>
      <select
        id={id}
        value={i18n.locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) choose.mutate(event.target.value);
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
      {choose.isError && (
        <p role="alert" className="language-menu-error">
          {t`Your choice of language could not be saved on your account. Please try again.`}
        </p>
      )}
    </div>
  );
}
