import { useQuery } from '@tanstack/react-query';
import { routes } from '../../../contract/routes';
import type { WebhookInput } from '../../../contract/webhooks';
import { adminKeys } from '../../lib/query-keys';
import { call } from '../../lib/api-client';
import { useRefreshingMutation } from '../../lib/queries';

export const webhookKeys = {
  all: [...adminKeys.all, 'webhooks'] as const,
  deliveries: (id: number) => [...webhookKeys.all, id, 'deliveries'] as const,
};

/** Every webhook (at most 20: one list, no pages). */
export function useWebhooks() {
  return useQuery({ queryKey: webhookKeys.all, queryFn: () => call(routes.webhooks) });
}

/** The latest deliveries of one webhook, each with its attempts. */
export function useDeliveries(id: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: () => call(routes.webhookDeliveries, { params: { id } }),
  });
}

/** Creates a webhook; the answer carries its signing secret, the only time it is shown. */
export const useCreateWebhook = () =>
  useRefreshingMutation((body: WebhookInput) => call(routes.createWebhook, { body }), [webhookKeys.all]);

export const useDeleteWebhook = () =>
  useRefreshingMutation((id: number) => call(routes.deleteWebhook, { params: { id } }), [webhookKeys.all]);
