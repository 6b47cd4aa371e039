import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WebhookLogStateBadge } from './webhook-log-state-badge';

describe('WebhookLogStateBadge', () => {
  it('says Ignored for an event type the portal does not handle, not Processed', () => {
    render(<WebhookLogStateBadge state="IGNORED" />);
    expect(screen.getByText('Ignored')).toBeInTheDocument();
    expect(screen.queryByText('Processed')).not.toBeInTheDocument();
  });

  it('says Processed and Unprocessed for the other states', () => {
    const { rerender } = render(<WebhookLogStateBadge state="PROCESSED" />);
    expect(screen.getByText('Processed')).toBeInTheDocument();
    rerender(<WebhookLogStateBadge state="UNPROCESSED" />);
    expect(screen.getByText('Unprocessed')).toBeInTheDocument();
  });
});
