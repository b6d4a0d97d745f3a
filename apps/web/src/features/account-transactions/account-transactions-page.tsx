import Stack from '@mui/material/Stack';
/**
 * /account-transaction (spec 1 §2, prepay only): the account's ledger entries, newest first, with
 * a month filter over the last 12 months. Every change of the balance is a row: top-ups, charges,
 * refunds, invoice payments and the provider's adjustments, each with the balance after it.
 * (The Top Up button comes with the top-up wizard.)
 */
import Typography from '@mui/material/Typography';
import {
  type AccountTransaction,
  accountBillingRoutes,
  formatPence,
  LEDGER_KIND_LABELS,
  recentMonths,
} from '@switchboard/domain';
import { useMemo } from 'react';
import { useAccount } from '../../platform/account-query.ts';
import { ListPage } from '../../platform/paged-table/list-page.tsx';
import { PaymentResultModal } from '../../platform/payments/payment-result-modal.tsx';
import { TopUpButton } from '../../platform/payments/top-up.tsx';
import { listSource, resourceKeys } from '../../platform/resource.ts';

const transactions = listSource(accountBillingRoutes.transactions, {
  key: resourceKeys('/account/transaction').lists(),
});

function Amount({ pence }: { pence: number }) {
  return (
    <Typography
      variant="body2"
      component="span"
      sx={{ color: pence < 0 ? 'error.main' : 'success.main', fontWeight: 500 }}
    >
      {pence > 0 ? `+${formatPence(pence)}` : formatPence(pence)}
    </Typography>
  );
}

export default function AccountTransactionsPage() {
  const months = useMemo(() => recentMonths(new Date()), []);
  const account = useAccount();
  const balance = account.data?.balance;
  return (
    <>
      <PaymentResultModal />
      <ListPage<AccountTransaction>
        title="Account Transactions"
        intro={
          <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="body1">
              {balance !== undefined && (
                <>
                  Balance: <strong>{formatPence(Math.round(balance * 100))}</strong>
                </>
              )}
            </Typography>
            <TopUpButton />
          </Stack>
        }
        source={transactions}
        resource="prepay"
        selectable={false}
        searchable
        label={(t) => t.description}
        filters={[{ field: 'month', label: 'Month', options: months }]}
        columns={[
          { field: 'date', header: 'Date', sortable: true },
          // On a phone: date, description, amount and balance (the type and reference on wider screens).
          {
            field: 'kind',
            header: 'Type',
            sortable: true,
            render: (t) => LEDGER_KIND_LABELS[t.kind],
            phoneHidden: true,
          },
          { field: 'description', header: 'Description', sortable: true },
          { field: 'reference', header: 'Reference', render: (t) => t.reference ?? '—', phoneHidden: true },
          { field: 'amountPence', header: 'Amount', sortable: true, render: (t) => <Amount pence={t.amountPence} /> },
          { field: 'balancePence', header: 'Balance', render: (t) => formatPence(t.balancePence) },
        ]}
      />
    </>
  );
}
