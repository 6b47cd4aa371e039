import { searchText } from '@/lib/cursor-paging';
import type { GetWebhookLogsVariables } from './api/get-webhook-logs';

/** The filter and order of the webhook-log screen, as they sit in the URL. */
export type WebhookLogFilter = {
  processed?: 'yes' | 'no';
  eventType?: string;
  order?: 'oldest';
};

export function webhookLogFilterOf(search: Record<string, unknown>): WebhookLogFilter {
  return {
    processed: search.processed === 'yes' || search.processed === 'no' ? search.processed : undefined,
    eventType: searchText(search.eventType),
    order: search.order === 'oldest' ? 'oldest' : undefined,
  };
}

export function webhookLogVariablesOf(filter: WebhookLogFilter): Pick<GetWebhookLogsVariables, 'where' | 'order'> {
  return {
    where: {
      ...(filter.processed ? { processed: { eq: filter.processed === 'yes' } } : {}),
      ...(filter.eventType ? { eventType: { eq: filter.eventType } } : {}),
    },
    order: [{ createdAt: filter.order === 'oldest' ? 'ASC' : 'DESC' }],
  };
}
