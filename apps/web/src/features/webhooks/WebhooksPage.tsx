import type { WebhookView } from '@quotebook/contracts';
import HistoryIcon from '@mui/icons-material/History';
import { useState } from 'react';
import { formatDate } from '../../shared/formatters';
import { ListPage } from '../../shared/page/ListPage';
import { useTenantPage } from '../tenant/tenant-context';
import { DELETE_WEBHOOK_CONFIRMATION } from './webhook-form';
import { WebhookDeliveriesDialog } from './WebhookDeliveriesDialog';
import { WebhookDialog } from './WebhookDialog';
import { useDeleteWebhookMutation, useListWebhooksQuery } from './webhooks.api';

export const NO_WEBHOOKS_TEXT = 'No webhooks configured';

/** `/{keyword}/webhooks`: the endpoints the agency's integrations receive its quotes' events on. */
export function WebhooksPage() {
  const { tenant } = useTenantPage();
  const [deleteWebhook] = useDeleteWebhookMutation();
  const [showing, setShowing] = useState<WebhookView | null>(null);

  return (
    <ListPage<WebhookView>
      noun="webhook"
      subtitle="Your systems are told when a quote is sent, viewed, accepted or declined: a signed JSON POST to each URL."
      list={useListWebhooksQuery(tenant.id)}
      columns={[
        { header: 'URL', cell: (webhook) => webhook.url },
        { header: 'Events', cell: (webhook) => webhook.events.join(', ') },
        { header: 'Secret', cell: (webhook) => `••••${webhook.secretHint}` },
        { header: 'Created', cell: (webhook) => formatDate(webhook.createdAt) },
      ]}
      nameOf={(webhook) => webhook.url}
      empty={{ title: NO_WEBHOOKS_TEXT, hint: 'Add the URL of your CRM or automation tool to receive the quotes’ events.' }}
      editor={(webhook, close) => <WebhookDialog tenantId={tenant.id} webhook={webhook} onClose={close} />}
      extraActions={(webhook) => [{ label: 'Deliveries', icon: <HistoryIcon fontSize="small" />, onClick: () => setShowing(webhook) }]}
      remove={{
        confirmation: DELETE_WEBHOOK_CONFIRMATION,
        run: (webhook) => deleteWebhook({ tenantId: tenant.id, id: webhook.id }),
      }}
    >
      {showing && <WebhookDeliveriesDialog tenantId={tenant.id} webhook={showing} onClose={() => setShowing(null)} />}
    </ListPage>
  );
}
