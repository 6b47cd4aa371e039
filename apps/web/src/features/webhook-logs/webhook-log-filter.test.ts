import { describe, expect, it } from 'vitest';
import { webhookLogFilterOf, webhookLogVariablesOf } from './webhook-log-filter';

describe('webhook-log filter', () => {
  it('reads the state, event type and order from the URL, ignoring anything else', () => {
    expect(webhookLogFilterOf({ processed: 'no', eventType: 'invoice.upserted', order: 'oldest' })).toEqual({
      processed: 'no',
      eventType: 'invoice.upserted',
      order: 'oldest',
    });
    expect(webhookLogFilterOf({ processed: 'maybe', order: 'random' })).toEqual({
      processed: undefined,
      eventType: undefined,
      order: undefined,
    });
  });

  it('asks for unprocessed deliveries oldest first, or everything newest first', () => {
    expect(webhookLogVariablesOf({ processed: 'no', order: 'oldest' })).toEqual({
      where: { processed: { eq: false } },
      order: [{ createdAt: 'ASC' }],
    });
    expect(webhookLogVariablesOf({})).toEqual({ where: {}, order: [{ createdAt: 'DESC' }] });
  });
});
