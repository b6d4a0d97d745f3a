import type { Kysely } from 'kysely';
import { run, tenantTable } from '../../../db/tenancy-sql.ts';

/**
 * PayPal's webhooks (issue 13: the ledger is credited only by the server-side confirmation). The
 * sandbox PayPal keeps its captures' states as PayPal does: a capture is COMPLETED at once (the
 * PayPal balance), or PENDING until an eCheck clears (COMPLETED) or is returned (DECLINED), and a
 * completed one may be REFUNDED. Each change is a webhook event PayPal's side sends: the sandbox
 * keeps them in `paypal_sandbox_webhooks` until they are delivered (retried, as PayPal retries).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    'alter table paypal_sandbox_orders drop constraint paypal_sandbox_orders_funding_check',
    `alter table paypal_sandbox_orders add constraint paypal_sandbox_orders_funding_check
      check (funding in ('balance', 'declinedCard', 'echeck', 'echeckDenied'))`,
    `alter table paypal_sandbox_orders add column capture_status text
      check (capture_status in ('PENDING', 'COMPLETED', 'DECLINED', 'REFUNDED'))`,
    // A pending eCheck's capture: when it clears (or is returned).
    'alter table paypal_sandbox_orders add column clears_at timestamptz',
    `update paypal_sandbox_orders set capture_status = 'COMPLETED' where capture_id is not null`,
    `alter table paypal_sandbox_orders add constraint paypal_sandbox_orders_capture_check
      check ((capture_id is null) = (capture_status is null))`,
    `create index paypal_sandbox_orders_pending_idx on paypal_sandbox_orders (clears_at)
      where capture_status = 'PENDING'`,
    `create table paypal_sandbox_webhooks (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete restrict,
      order_id text not null references paypal_sandbox_orders (id) on delete restrict,
      event_type text not null,
      resource_type text not null check (resource_type in ('capture', 'refund')),
      resource text not null,
      created_at timestamptz not null default now(),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      delivered_at timestamptz
    )`,
    `create index paypal_sandbox_webhooks_due_idx on paypal_sandbox_webhooks (next_attempt_at, id)
      where delivered_at is null`,
    'create index paypal_sandbox_webhooks_order_idx on paypal_sandbox_webhooks (order_id)',
    'create index paypal_sandbox_webhooks_account_idx on paypal_sandbox_webhooks (account_no)',
  );
  await tenantTable(db, 'paypal_sandbox_webhooks', { crossAccountOnly: true });
}
