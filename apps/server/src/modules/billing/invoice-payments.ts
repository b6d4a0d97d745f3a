/** How a confirmed payment (a card's, by hand or by invoice auto-pay) pays an invoice: it settles it. */
export { markInvoicePaid as payInvoice } from './invoicing/billing-run.ts';
