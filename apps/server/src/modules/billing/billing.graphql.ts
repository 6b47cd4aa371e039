import { builder } from '../../graphql/builder.js';
import { connectionTypeNames, pageRequestOf } from '../../graphql/connections.js';
import { requireActor } from '../../graphql/context.js';
import { type BillingCustomerRow, findMyBillingCustomer, type InvoiceRow, listMyInvoices } from './billing.service.js';

const BillingCustomerType = builder.objectRef<BillingCustomerRow>('BillingCustomer').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    status: t.exposeString('status'),
    billingCycleDay: t.exposeInt('billingCycleDay', { nullable: true }),
    billingContactEmail: t.exposeString('billingContactEmail', { nullable: true }),
    payNowUrl: t.exposeString('payNowUrl', { nullable: true }),
    openInvoicesUrl: t.exposeString('openInvoicesUrl', { nullable: true }),
    currency: t.exposeString('currency', {
      description: 'ISO 4217 code, e.g. USD; USD when the billing system names none.',
    }),
  }),
});

const InvoiceType = builder.objectRef<InvoiceRow>('Invoice').implement({
  description: 'Amounts are in `currency`.',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.exposeString('status'),
    invoicePdfUrl: t.exposeString('invoicePdfUrl', { nullable: true }),
    createdDate: t.expose('createdDate', { type: 'DateTime', nullable: true }),
    customerId: t.exposeString('customerId'),
    customerName: t.exposeString('customerName'),
    invoiceDate: t.expose('invoiceDate', { type: 'Date' }),
    dueDate: t.expose('dueDate', { type: 'Date', nullable: true }),
    subtotal: t.exposeFloat('subtotal'),
    invoiceTax: t.exposeFloat('invoiceTax'),
    invoiceAmount: t.exposeFloat('invoiceAmount'),
    paidAmount: t.exposeFloat('paidAmount'),
    balance: t.exposeFloat('balance'),
    currency: t.exposeString('currency', {
      description: "ISO 4217 code of the amounts: the invoice's own, else its customer's when it arrived.",
    }),
  }),
});

const myInvoicesNames = connectionTypeNames('myInvoices');

builder.queryFields((t) => ({
  myBilling: t.field({
    type: BillingCustomerType,
    nullable: true,
    description: "The billing customer named by the signed-in user's ordwayCustomerId; null when there is none.",
    resolve: async (_root, _args, context) => findMyBillingCustomer(context.db, (await requireActor(context)).user),
  }),
  myInvoices: t.connection(
    {
      type: InvoiceType,
      description: "The invoices of the signed-in user's billing customer, newest invoice date first.",
      args: { date: t.arg({ type: 'Date', description: 'Only invoices dated on or after this day.' }) },
      resolve: async (_root, { date, ...page }, context, info) =>
        listMyInvoices(context.db, {
          user: (await requireActor(context)).user,
          since: date,
          page: pageRequestOf(page, info),
        }),
    },
    myInvoicesNames.connection,
    myInvoicesNames.edge,
  ),
}));
