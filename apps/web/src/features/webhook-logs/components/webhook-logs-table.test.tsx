import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render-with-api';
import { WebhookLogsTable } from './webhook-logs-table';

describe('WebhookLogsTable', () => {
  it('says when each delivery arrived as a relative time, and links the delivery by its event type', async () => {
    const createdAt = new Date(Date.now() - 3 * 60 * 60_000).toISOString();
    await renderWithApi(
      <WebhookLogsTable
        webhookLogs={[
          {
            id: 'w-1',
            externalId: 'msg_1',
            eventType: 'invoice.upserted',
            createdAt,
            processed: false,
            state: 'UNPROCESSED',
          },
        ]}
      />,
    );
    const [, row] = screen.getAllByRole('row');
    const received = within(row!).getByText('3 hours ago');
    expect(received.tagName).toBe('TIME');
    expect(received).toHaveAttribute('datetime', createdAt);
    // One link per row, and the time is not inside it (it has its own focus for the exact time).
    const link = within(row!).getByRole('link');
    expect(link).toHaveTextContent('invoice.upserted');
    expect(link).toHaveAttribute('href', '/system/webhook-logs/w-1');
    expect(link).not.toContainElement(received);
  });
});
