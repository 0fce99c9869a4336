import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Application, Review } from '../../../contract/applications';
import { api } from '../../lib/api-client';

/** Approve or decline an application; refreshes every list and detail that shows it. */
export function useReviewApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...review }: Review & { id: number }) =>
      api<Application>(`/admin/applications/${id}/review`, { method: 'PUT', body: review }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['admin', 'applications'] });
      await client.invalidateQueries({ queryKey: ['admin', 'members'] });
    },
  });
}
