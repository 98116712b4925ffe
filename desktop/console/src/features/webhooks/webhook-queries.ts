import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointList,
  WebhookEndpointUpdate,
  WebhookEndpointWithSecret,
} from '../../../../../shared/webhooks.ts';
import { api } from '../../lib/api.ts';

const webhooksKey = ['webhooks'] as const;

export function useWebhooks() {
  return useQuery({ queryKey: webhooksKey, queryFn: () => api.get<WebhookEndpointList>('/api/webhooks'), refetchInterval: 10_000 });
}

function useInvalidating<I, O>(fn: (input: I) => Promise<O>, silent = false) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: webhooksKey }), ...(silent ? { meta: { silent: true } } : {}) });
}

export const useCreateWebhook = () => useInvalidating((input: WebhookEndpointCreate) => api.post<WebhookEndpointWithSecret>('/api/webhooks', input), true);
export const useUpdateWebhook = () =>
  useInvalidating(({ id, patch }: { id: string; patch: WebhookEndpointUpdate }) => api.patch<WebhookEndpoint>(`/api/webhooks/${id}`, patch), true);
export const useDeleteWebhook = () => useInvalidating((id: string) => api.delete<{ ok: boolean }>(`/api/webhooks/${id}`));
export const useRotateWebhookSecret = () =>
  useInvalidating(({ id, overlapHours }: { id: string; overlapHours: number }) => api.post<WebhookEndpointWithSecret>(`/api/webhooks/${id}/rotate-secret`, { overlapHours }));
export const useSendTestEvent = () => useInvalidating((id: string) => api.post<WebhookDelivery>(`/api/webhooks/${id}/test`));

export function useDeliveries(endpointId: string | null, page: number) {
  return useQuery({
    queryKey: [...webhooksKey, endpointId, 'deliveries', page],
    queryFn: () => api.get<WebhookDeliveryList>(`/api/webhooks/${endpointId}/deliveries`, { page, pageSize: 20 }),
    enabled: endpointId !== null,
    refetchInterval: 3000,
  });
}

export function useDelivery(endpointId: string, deliveryId: string | null) {
  return useQuery({
    queryKey: [...webhooksKey, endpointId, 'delivery', deliveryId],
    queryFn: () => api.get<WebhookDeliveryDetail>(`/api/webhooks/${endpointId}/deliveries/${deliveryId}`),
    enabled: deliveryId !== null,
    // A delivery still retrying gains attempts: keep its log current while it is open.
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 3000 : false),
  });
}

export const useRedeliver = () =>
  useInvalidating(({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) => api.post<WebhookDelivery>(`/api/webhooks/${endpointId}/deliveries/${deliveryId}/redeliver`));
