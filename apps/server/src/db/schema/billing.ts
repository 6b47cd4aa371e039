import { relations, sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { keysetListIndexes } from './list-indexes.js';
import { createdAt, uuidPrimaryKey } from './columns.js';

/** Every verified delivery of the billing system's webhooks, keyed by its `webhook-id`. */
export const webhookLogs = pgTable(
  'webhook_logs',
  {
    id: uuidPrimaryKey(),
    /** The `webhook-id` header: unique, so a redelivery is recognised and never applied twice. */
    externalId: text('external_id').notNull().unique(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    processed: boolean('processed').notNull().default(false),
    /** Processed without effect: an event type the portal does not handle. */
    ignored: boolean('ignored').notNull().default(false),
    /** Why the last processing attempt failed; cleared once it succeeds. */
    error: text('error'),
    /** What processing decided without failing, e.g. an event type the portal does not handle. */
    note: text('note'),
    createdAt: createdAt(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) =>
    keysetListIndexes('webhook_logs', { name: 'created', column: table.createdAt }, table.id, {
      type: table.eventType,
      processed: table.processed,
    }),
);

/** A customer of the billing system; users see the one whose id is their `ordwayCustomerId`. */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    /** The billing system's id. */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    status: text('status').notNull(),
    billingCycleDay: integer('billing_cycle_day'),
    billingContactEmail: text('billing_contact_email'),
    payNowUrl: text('pay_now_url'),
    openInvoicesUrl: text('open_invoices_url'),
    /** ISO 4217 code of the customer's currency (docs/webhooks.md: USD when the billing system names none). */
    currency: text('currency').notNull().default('USD'),
    /** The `timestamp` of the event this row comes from: an older event never overwrites a newer one. */
    sourceUpdatedAt: timestamp('source_updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [check('billing_customers_currency', sql`${table.currency} ~ '^[A-Z]{3}$'`)],
);

export const invoices = pgTable(
  'invoices',
  {
    /** The billing system's id. */
    id: text('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => billingCustomers.id),
    customerName: text('customer_name').notNull(),
    status: text('status').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    createdDate: timestamp('created_date', { withTimezone: true }),
    subtotal: numeric('subtotal', { precision: 19, scale: 4, mode: 'number' }).notNull(),
    invoiceTax: numeric('invoice_tax', { precision: 19, scale: 4, mode: 'number' }).notNull(),
    invoiceAmount: numeric('invoice_amount', { precision: 19, scale: 4, mode: 'number' }).notNull(),
    paidAmount: numeric('paid_amount', { precision: 19, scale: 4, mode: 'number' }).notNull(),
    balance: numeric('balance', { precision: 19, scale: 4, mode: 'number' }).notNull(),
    invoicePdfUrl: text('invoice_pdf_url'),
    /** ISO 4217 code of the amounts; the customer's currency unless the invoice names its own. */
    currency: text('currency').notNull().default('USD'),
    /** The `timestamp` of the event this row comes from: an older event never overwrites a newer one. */
    sourceUpdatedAt: timestamp('source_updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    // Ascending: a backward scan serves the newest-first ORDER BY … DESC (see list-indexes.ts).
    index('invoices_customer_date').on(table.customerId, table.invoiceDate, table.id),
    check('invoices_currency', sql`${table.currency} ~ '^[A-Z]{3}$'`),
  ],
);

export const billingCustomersRelations = relations(billingCustomers, ({ many }) => ({ invoices: many(invoices) }));

export const invoicesRelations = relations(invoices, ({ one }) => ({
  customer: one(billingCustomers, { fields: [invoices.customerId], references: [billingCustomers.id] }),
}));
