import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DatabaseExecutor } from '../../db/client.js';
import { findPage, type Page, type PageRequest, resolveSortTerms } from '../../db/keyset-pagination.js';
import { billingCustomers, invoices } from '../../db/schema/billing.js';
import type { UserRow } from '../../db/schema/users.js';
import { AppError } from '../../errors.js';

export type BillingCustomerRow = typeof billingCustomers.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

/** These end up in links on the billing page, so nothing but http(s) (no `javascript:`). */
const webUrl = z.url({ protocol: /^https?$/, message: 'Must be an http(s) URL.' });
/** A calendar date, given as a date or as a date and time (whose date part is kept as written). */
const calendarDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })]).transform((value) => value.slice(0, 10));
const amount = z.number().finite();
const billingId = z.string().trim().min(1).max(100);

/** What a customer's amounts are in when the billing system names no currency (docs/webhooks.md). */
export const DEFAULT_CURRENCY = 'USD';
/** ISO 4217 codes as the runtime's ICU knows them (the ones `Intl.NumberFormat` can show). */
const currencyCodes = new Set(Intl.supportedValuesOf('currency'));
/** An ISO 4217 code in any letter case, stored upper-case: `eur` → `EUR`. */
const currencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => currencyCodes.has(code), { message: 'Must be an ISO 4217 currency code such as USD or EUR.' });

/** `data` of a `customer.upserted` event (docs/webhooks.md). */
export const billingCustomerDataSchema = z.object({
  id: billingId,
  name: z.string().trim().min(1).max(200),
  status: z.string().trim().min(1).max(50),
  billingCycleDay: z.number().int().min(1).max(31).nullish(),
  billingContactEmail: z.email().nullish(),
  payNowUrl: webUrl.nullish(),
  openInvoicesUrl: webUrl.nullish(),
  currency: currencyCode.nullish(),
});
export type BillingCustomerData = z.input<typeof billingCustomerDataSchema>;

/** `data` of an `invoice.upserted` event (docs/webhooks.md). */
export const invoiceDataSchema = z.object({
  id: billingId,
  customerId: billingId,
  customerName: z.string().trim().min(1).max(200),
  status: z.string().trim().min(1).max(50),
  invoiceDate: calendarDate,
  dueDate: calendarDate.nullish(),
  createdDate: z.iso.datetime({ offset: true }).nullish(),
  subtotal: amount,
  invoiceTax: amount,
  invoiceAmount: amount,
  paidAmount: amount,
  balance: amount,
  invoicePdfUrl: webUrl.nullish(),
  /** The customer's currency when absent. */
  currency: currencyCode.nullish(),
});
export type InvoiceData = z.input<typeof invoiceDataSchema>;

/** Whether the event changed the stored row; an event older than the stored version does not. */
export type UpsertOutcome = 'applied' | 'stale';

/** Creates or updates a billing customer from a `customer.upserted` event dated `eventTime`. */
export async function upsertBillingCustomer(
  db: DatabaseExecutor,
  options: { data: unknown; eventTime: Date },
): Promise<UpsertOutcome> {
  const data = billingCustomerDataSchema.parse(options.data);
  const values = {
    id: data.id,
    name: data.name,
    status: data.status,
    billingCycleDay: data.billingCycleDay ?? null,
    billingContactEmail: data.billingContactEmail ?? null,
    payNowUrl: data.payNowUrl ?? null,
    openInvoicesUrl: data.openInvoicesUrl ?? null,
    currency: data.currency ?? DEFAULT_CURRENCY,
    sourceUpdatedAt: options.eventTime,
  };
  const written = await db
    .insert(billingCustomers)
    .values(values)
    .onConflictDoUpdate({
      target: billingCustomers.id,
      set: values,
      setWhere: sql`${billingCustomers.sourceUpdatedAt} <= excluded.source_updated_at`,
    })
    .returning({ id: billingCustomers.id });
  return written.length > 0 ? 'applied' : 'stale';
}

/**
 * Creates or updates an invoice from an `invoice.upserted` event. The customer must be known: an invoice
 * arriving before its customer fails, so its webhook log can be replayed once the customer has arrived.
 */
export async function upsertInvoice(
  db: DatabaseExecutor,
  options: { data: unknown; eventTime: Date },
): Promise<UpsertOutcome> {
  const data = invoiceDataSchema.parse(options.data);
  const [customer] = await db
    .select({ id: billingCustomers.id, currency: billingCustomers.currency })
    .from(billingCustomers)
    .where(eq(billingCustomers.id, data.customerId));
  if (!customer) {
    throw new AppError(
      'INVALID_CONTENT',
      `Invoice ${data.id} belongs to billing customer ${data.customerId}, which is not known yet. Replay this delivery once its customer.upserted has arrived.`,
    );
  }
  const values = {
    id: data.id,
    customerId: data.customerId,
    customerName: data.customerName,
    status: data.status,
    invoiceDate: data.invoiceDate,
    dueDate: data.dueDate ?? null,
    createdDate: data.createdDate ? new Date(data.createdDate) : null,
    subtotal: data.subtotal,
    invoiceTax: data.invoiceTax,
    invoiceAmount: data.invoiceAmount,
    paidAmount: data.paidAmount,
    balance: data.balance,
    invoicePdfUrl: data.invoicePdfUrl ?? null,
    currency: data.currency ?? customer.currency,
    sourceUpdatedAt: options.eventTime,
  };
  const written = await db
    .insert(invoices)
    .values(values)
    .onConflictDoUpdate({
      target: invoices.id,
      set: values,
      setWhere: sql`${invoices.sourceUpdatedAt} <= excluded.source_updated_at`,
    })
    .returning({ id: invoices.id });
  return written.length > 0 ? 'applied' : 'stale';
}

/** The billing customer whose id is the user's `ordwayCustomerId`, if any. */
export async function findMyBillingCustomer(
  db: DatabaseExecutor,
  user: Pick<UserRow, 'ordwayCustomerId'>,
): Promise<BillingCustomerRow | null> {
  if (!user.ordwayCustomerId) return null;
  const [customer] = await db.select().from(billingCustomers).where(eq(billingCustomers.id, user.ordwayCustomerId));
  return customer ?? null;
}

/** Served by the `invoices_customer_date` index. */
const newestInvoiceFirst = resolveSortTerms({
  order: null,
  sortable: { invoiceDate: invoices.invoiceDate },
  defaultOrder: [{ invoiceDate: 'DESC' }],
  id: invoices.id,
});

/**
 * The invoices of the user's billing customer, newest invoice date first; with `since`, only those dated
 * on or after it. A user without a billing customer has none.
 */
export async function listMyInvoices(
  db: DatabaseExecutor,
  options: {
    user: Pick<UserRow, 'ordwayCustomerId'>;
    since?: string | null;
    until?: string | null;
    page: PageRequest;
  },
): Promise<Page<InvoiceRow>> {
  const { user, since, until } = options;
  return findPage({
    db,
    table: invoices,
    shape: user.ordwayCustomerId ? `customer${since ? ' since' : ''}${until ? ' until' : ''}` : 'no customer',
    where: (bind) =>
      user.ordwayCustomerId
        ? and(
            eq(invoices.customerId, bind(user.ordwayCustomerId)),
            since ? gte(invoices.invoiceDate, bind(since)) : undefined,
            until ? lte(invoices.invoiceDate, bind(until)) : undefined,
          )
        : sql`false`,
    sortTerms: newestInvoiceFirst,
    page: options.page,
  });
}
