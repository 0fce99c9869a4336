import { useQuery } from '@tanstack/react-query';
import type { ApplicationForm } from '../../../contract/applications';
import { routes } from '../../../contract/routes';
import { call } from '../../lib/api-client';
import { answerOn, useRefreshingMutation } from '../../lib/queries';

export const myApplicationKeys = { all: ['applications', 'me'] as const };

/** The candidate's application and step; null before they apply (the API answers 404). */
export function useMyApplication() {
  return useQuery({
    queryKey: myApplicationKeys.all,
    queryFn: () => call(routes.myApplication).catch(answerOn(404, null)),
  });
}

export const useSubmitApplication = () =>
  useRefreshingMutation((form: ApplicationForm) => call(routes.apply, { body: form }), [myApplicationKeys.all]);
