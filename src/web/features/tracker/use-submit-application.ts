import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Application, ApplicationForm } from '../../../contract/applications';
import { api } from '../../lib/api-client';
import { MY_APPLICATION_KEY } from './use-my-application';

export function useSubmitApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: ApplicationForm) => api<Application>('/applications', { method: 'POST', body: form }),
    onSuccess: () => client.invalidateQueries({ queryKey: MY_APPLICATION_KEY }),
  });
}
