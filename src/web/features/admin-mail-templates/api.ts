import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Locale } from '../../../contract/locales';
import type { MailTemplateInput } from '../../../contract/mail-templates';
import { routes } from '../../../contract/routes';
import { adminKeys } from '../../lib/query-keys';
import { call } from '../../lib/api-client';
import { useRefreshingMutation } from '../../lib/queries';

export const mailTemplateKeys = {
  all: [...adminKeys.all, 'mail-templates'] as const,
  list: (locale: Locale) => [...mailTemplateKeys.all, 'list', locale] as const,
  preview: (key: string, locale: Locale, input: MailTemplateInput | null) =>
    [...mailTemplateKeys.all, 'preview', key, locale, input] as const,
};

/**
 * Every notification email with its wording in force in `locale` (a handful: one list, no pages).
 * Each language has its own wording (docs/decisions/0128-languages.md).
 */
export function useMailTemplates(locale: Locale) {
  return useQuery({
    queryKey: mailTemplateKeys.list(locale),
    queryFn: () => call(routes.mailTemplates, { query: { locale } }),
  });
}

/**
 * The wording given, rendered for a sample candidate reading `locale` (nothing is saved); none
 * while `input` is null. The last preview stays on screen while the next one loads, and a
 * refusal is not retried.
 */
export function useMailPreview(key: string, locale: Locale, input: MailTemplateInput | null) {
  return useQuery({
    queryKey: mailTemplateKeys.preview(key, locale, input),
    queryFn: ({ signal }) =>
      call(routes.previewMailTemplate, { params: { key }, query: { locale }, body: input!, signal }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Infinity,
  });
}

export const useSaveMailTemplate = () =>
  useRefreshingMutation(
    ({ key, locale, ...body }: MailTemplateInput & { key: string; locale: Locale }) =>
      call(routes.saveMailTemplate, { params: { key }, query: { locale }, body }),
    [mailTemplateKeys.all],
  );

export const useRestoreMailTemplate = () =>
  useRefreshingMutation(
    ({ key, locale }: { key: string; locale: Locale }) =>
      call(routes.restoreMailTemplate, { params: { key }, query: { locale } }),
    [mailTemplateKeys.all],
  );
