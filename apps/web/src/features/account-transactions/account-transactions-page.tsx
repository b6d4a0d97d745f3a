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
  sessionRoutes,
} from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '../../platform/client.ts';
import { ListPage } from '../../platform/paged-table/list-page.tsx';
import { PaymentResultModal } from '../../platform/payments/payment-result-modal.tsx';
import { TopUpButton } from '../../platform/payments/top-up.tsx';
import { listSource, resourceKeys } from '../../platform/resource.ts';
import { useSession } from '../../platform/session-context.ts';

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
  const { session } = useSession();
  const months = useMemo(() => recentMonths(new Date()), []);
  const account = useQuery({
    queryKey: ['account', session.account_no],
    queryFn: () => call(sessionRoutes.account, { params: { account_no: session.account_no } }),
  });
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
          { field: 'kind', header: 'Type', sortable: true, render: (t) => LEDGER_KIND_LABELS[t.kind] },
          { field: 'description', header: 'Description', sortable: true },
          { field: 'reference', header: 'Reference', render: (t) => t.reference ?? '—' },
          { field: 'amountPence', header: 'Amount', sortable: true, render: (t) => <Amount pence={t.amountPence} /> },
          { field: 'balancePence', header: 'Balance', render: (t) => formatPence(t.balancePence) },
        ]}
      />
    </>
  );
}
