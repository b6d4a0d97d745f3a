/** Tables of card and PayPal payments (the payments area's migrations 030, 033-036). */
import type { PaymentPurpose, PaymentStatus, PaypalSandboxFunding } from '@switchboard/domain';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Timestamp } from '../../../db/schema.ts';

export interface PaymentsTable {
  id: Generated<number>;
  account_no: number;
  purpose: PaymentPurpose;
  invoice_id: number | null;
  amount_pence: number;
  description: string;
  provider: 'sandbox' | 'stripe' | 'paypal';
  /** How it is paid (migration 033): by card, or with PayPal (then provider_id is the order's id). */
  method: Generated<'card' | 'paypal'>;
  provider_id: string;
  client_secret: string;
  status: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  failure: Generated<string>;
  auto_top_up: Generated<boolean>;
  /** The card's last four digits (the sandbox's saved card decides an auto top-up's outcome by them). */
  card_last4: Generated<string>;
  auto_top_up_threshold_pence: number | null;
  /** An invoice payment that saves its card for the account's later invoices (migration 034). */
  auto_bill: Generated<boolean>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  settled_at: Timestamp | null;
  /** The card at the provider (migration 035): saved by this payment's success, or charged off-session. */
  customer_id: Generated<string>;
  payment_method_id: Generated<string>;
}

/** A payment as read. */
export type PaymentRow = Selectable<PaymentsTable>;

/** The account's customer at the card provider, owner of its saved cards (migration 035). */
export interface PaymentCustomersTable {
  account_no: number;
  provider: 'sandbox' | 'stripe';
  /** Null until the provider answered. */
  customer_id: string | null;
  idempotency_key: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AutoTopUpsTable {
  account_no: number;
  enabled: Generated<boolean>;
  amount_pence: number;
  threshold_pence: number;
  payment_id: number;
  updated_at: Timestamp;
}

export interface AutoTopUpChargesTable {
  id: Generated<number>;
  account_no: number;
  amount_pence: number;
  state: Generated<'pending' | 'charged' | 'failed'>;
  payment_id: number | null;
  failure: Generated<string>;
  created_at: Timestamp;
  done_at: Timestamp | null;
}

/** The sandbox PayPal's orders (migration 033): PayPal's side of an order. */
export interface PaypalSandboxOrdersTable {
  id: string;
  account_no: number;
  amount_pence: number;
  description: string;
  status: Generated<'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED'>;
  funding: ColumnType<PaypalSandboxFunding | null, PaypalSandboxFunding | null | undefined>;
  capture_id: ColumnType<string | null, string | null | undefined>;
  /** The capture's own state (migration 036): an eCheck's is PENDING until it clears or is returned. */
  capture_status: ColumnType<PaypalCaptureStatus | null, PaypalCaptureStatus | null | undefined>;
  clears_at: ColumnType<Date | null, Date | string | null | undefined>;
  created_at: Timestamp;
}

export type PaypalCaptureStatus = 'PENDING' | 'COMPLETED' | 'DECLINED' | 'REFUNDED';

/** The sandbox PayPal's webhook events, kept until delivered (migration 036). */
export interface PaypalSandboxWebhooksTable {
  id: Generated<number>;
  account_no: number;
  order_id: string;
  event_type: string;
  resource_type: 'capture' | 'refund';
  /** The event's resource, as JSON. */
  resource: string;
  created_at: Timestamp;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  delivered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** The account's invoice auto-pay: the card of an invoice paid with autoBill (migration 034). */
export interface InvoiceAutoPayTable {
  account_no: number;
  enabled: Generated<boolean>;
  payment_id: number;
  since: ColumnType<string | Date, string, string>;
  updated_at: Timestamp;
}

/** One automatic charge per invoice (migration 034). */
export interface InvoiceAutoChargesTable {
  id: Generated<number>;
  account_no: number;
  invoice_id: number;
  state: Generated<'pending' | 'charged' | 'failed'>;
  payment_id: number | null;
  failure: Generated<string>;
  created_at: Timestamp;
  done_at: Timestamp | null;
}

declare module '../../../db/schema.ts' {
  interface Database {
    auto_top_up_charges: AutoTopUpChargesTable;
    payments: PaymentsTable;
    auto_top_ups: AutoTopUpsTable;
    paypal_sandbox_orders: PaypalSandboxOrdersTable;
    paypal_sandbox_webhooks: PaypalSandboxWebhooksTable;
    invoice_auto_pay: InvoiceAutoPayTable;
    invoice_auto_charges: InvoiceAutoChargesTable;
    payment_customers: PaymentCustomersTable;
  }
}
