import { builder } from '../../graphql/builder.js';
import { nullable, nullableDateTime } from '../../graphql/field-options.js';
import { connectionTypeNames, pageRequestOf } from '../../graphql/connections.js';
import { requireActor } from '../../graphql/context.js';
import { type BillingCustomerRow, findMyBillingCustomer, type InvoiceRow, listMyInvoices } from './billing.service.js';

const BillingCustomerType = builder.objectRef<BillingCustomerRow>('BillingCustomer').implement({
  description: 'A customer of the billing system, as its webhooks last described it.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The billing system's customer id." }),
    name: t.exposeString('name', { description: "The customer's name." }),
    status: t.exposeString('status', { description: "The billing system's status for the customer, as it sends it." }),
    billingCycleDay: t.exposeInt(
      'billingCycleDay',
      nullable('The day of the month (1 to 31) the customer is billed, if known.'),
    ),
    billingContactEmail: t.exposeString('billingContactEmail', nullable('Where invoices are sent, if known.')),
    payNowUrl: t.exposeString('payNowUrl', nullable('A page to pay open invoices; http(s) only.')),
    openInvoicesUrl: t.exposeString(
      'openInvoicesUrl',
      nullable("The billing system's page of open invoices; http(s) only."),
    ),
    currency: t.exposeString('currency', {
      description: 'ISO 4217 code, e.g. USD; USD when the billing system names none.',
    }),
  }),
});

const InvoiceType = builder.objectRef<InvoiceRow>('Invoice').implement({
  description: 'An invoice of the billing system; amounts are in `currency`.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The billing system's invoice id." }),
    status: t.exposeString('status', { description: "The billing system's status for the invoice, as it sends it." }),
    invoicePdfUrl: t.exposeString('invoicePdfUrl', nullable('The invoice as a PDF; http(s) only.')),
    createdDate: t.expose('createdDate', nullableDateTime('When the billing system created it, if known.')),
    customerId: t.exposeString('customerId', { description: "The billing system's customer id." }),
    customerName: t.exposeString('customerName', { description: "The customer's name on the invoice." }),
    invoiceDate: t.expose('invoiceDate', { type: 'Date', description: 'The date of the invoice.' }),
    dueDate: t.expose('dueDate', { type: 'Date', nullable: true, description: 'When payment is due, if set.' }),
    subtotal: t.exposeFloat('subtotal', { description: 'The amount before tax.' }),
    invoiceTax: t.exposeFloat('invoiceTax', { description: 'The tax.' }),
    invoiceAmount: t.exposeFloat('invoiceAmount', { description: 'The total: subtotal and tax.' }),
    paidAmount: t.exposeFloat('paidAmount', { description: 'How much has been paid.' }),
    balance: t.exposeFloat('balance', { description: 'How much is still to pay.' }),
    currency: t.exposeString('currency', {
      description: "ISO 4217 code of the amounts: the invoice's own, else its customer's when it arrived.",
    }),
  }),
});

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
      args: {
        date: t.arg({ type: 'Date', description: 'Only invoices dated on or after this day.' }),
        until: t.arg({ type: 'Date', description: 'Only invoices dated on or before this day.' }),
      },
      resolve: async (_root, { date, until, ...page }, context, info) =>
        listMyInvoices(context.db, {
          user: (await requireActor(context)).user,
          since: date,
          until,
          page: pageRequestOf(page, info),
        }),
    },
    ...connectionTypeNames('myInvoices'),
  ),
}));
