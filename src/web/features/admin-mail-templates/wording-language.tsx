import { useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router';
import { DEFAULT_LOCALE, isLocale, LOCALE_NAMES, LOCALES, type Locale } from '../../../contract/locales';

/**
 * The language of the wording shown and edited, from the address (`?locale=fr`): English when
 * absent, as the API (docs/decisions/0128-languages.md). Each language has its own wording.
 */
export function useWordingLocale(): Locale {
  const [params] = useSearchParams();
  const locale = params.get('locale');
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

/** The address of the list (or of a template's editor) in a language; English is the bare address. */
export function emailsSearch(locale: Locale, edit?: string): string {
  const params = new URLSearchParams();
  if (edit) params.set('edit', edit);
  if (locale !== DEFAULT_LOCALE) params.set('locale', locale);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/**
 * The choice of the wording's language: a native select, each language by its own name. Choosing
 * one changes the address, so that the unsaved-changes guard asks first when a draft would be lost.
 */
export function WordingLanguage({ edit }: { edit?: string }) {
  const { t } = useLingui();
  const locale = useWordingLocale();
  const [, setParams] = useSearchParams();
  return (
    <div className="field wording-language">
      <label htmlFor="wording-language">{t`Language of the wording`}</label>
      <select
        id="wording-language"
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) setParams(emailsSearch(event.target.value, edit).slice(1));
        }}
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LOCALE_NAMES[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
