import type { UpdateWebhookDto, WebhookDeliveryView, WebhookDto, WebhookView } from '@quotebook/contracts';
import { api, crudEndpoints, tenantPath } from '../../app/api';

export const webhooksApi = api.injectEndpoints({
  endpoints: (build) => {
    const crud = crudEndpoints<WebhookView, WebhookDto, 'id', UpdateWebhookDto>(build, { type: 'Webhook', path: 'webhooks' });
    return {
      listWebhooks: crud.list,
      createWebhook: crud.create,
      updateWebhook: crud.update,
      deleteWebhook: crud.remove,
      listWebhookDeliveries: build.query<WebhookDeliveryView[], { tenantId: string; id: string }>({
        query: ({ tenantId, id }) => tenantPath(tenantId, 'webhooks', id, 'deliveries'),
        providesTags: (_result, _error, { id }) => [{ type: 'Webhook', id }],
      }),
    };
  },
});

export const {
  useListWebhooksQuery,
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  useDeleteWebhookMutation,
  useListWebhookDeliveriesQuery,
} = webhooksApi;
