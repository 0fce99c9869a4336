import { useQuery } from '@tanstack/react-query';
import type { ApplicationForm, MyApplication } from '../../../contract/applications';
import { routes } from '../../../contract/routes';
import { call } from '../../lib/api-client';
import { answerOn, useRefreshingMutation } from '../../lib/queries';
import { myApplicationKeys } from '../../lib/query-keys';

/** The candidate's application and step; null before they apply (the API answers 404). */
export function useMyApplication() {
  return useQuery({
    queryKey: myApplicationKeys.all,
    queryFn: () => call(routes.myApplication).catch(answerOn(404, null)),
  });
}

export const useSubmitApplication = () =>
  useRefreshingMutation((form: ApplicationForm) => call(routes.apply, { body: form }), [myApplicationKeys.all]);

/** The candidate's changes to their pending application (the fields of the form). */
export const useEditApplication = () =>
  useRefreshingMutation(
    ({ id, form }: { id: number; form: ApplicationForm }) =>
      call(routes.updateApplication, { params: { id }, body: form }),
    [myApplicationKeys.all],
  );

/** The candidate takes back their pending application (decision 0145); the answer is the tracker's new state. */
export const useWithdrawApplication = () =>
  useRefreshingMutation(
    (id: number): Promise<MyApplication> => call(routes.withdrawApplication, { params: { id } }),
    [myApplicationKeys.all],
  );
