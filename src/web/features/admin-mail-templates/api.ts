import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MailTemplateInput } from '../../../contract/mail-templates';
import { routes } from '../../../contract/routes';
import { adminKeys } from '../../app/query-client';
import { call } from '../../lib/api-client';
import { useRefreshingMutation } from '../../lib/queries';

export const mailTemplateKeys = {
  all: [...adminKeys.all, 'mail-templates'] as const,
  preview: (key: string, input: MailTemplateInput | null) => [...mailTemplateKeys.all, 'preview', key, input] as const,
};

/** Every notification email with its wording in force (a handful: one list, no pages). */
export function useMailTemplates() {
  return useQuery({ queryKey: mailTemplateKeys.all, queryFn: () => call(routes.mailTemplates) });
}

/**
 * The wording given, rendered for a sample candidate (nothing is saved); none while `input` is
 * null. The last preview stays on screen while the next one loads, and a refusal is not retried.
 */
export function useMailPreview(key: string, input: MailTemplateInput | null) {
  return useQuery({
    queryKey: mailTemplateKeys.preview(key, input),
    queryFn: ({ signal }) => call(routes.previewMailTemplate, { params: { key }, body: input!, signal }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Infinity,
  });
}

export const useSaveMailTemplate = () =>
  useRefreshingMutation(
    ({ key, ...body }: MailTemplateInput & { key: string }) => call(routes.saveMailTemplate, { params: { key }, body }),
    [mailTemplateKeys.all],
  );

export const useRestoreMailTemplate = () =>
  useRefreshingMutation((key: string) => call(routes.restoreMailTemplate, { params: { key } }), [mailTemplateKeys.all]);
