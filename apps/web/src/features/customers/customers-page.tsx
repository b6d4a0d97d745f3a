/**
 * /customers: the wholesale customers page — the accounts below the user's, with 'Act as customer'.
 * A provider admin also sees each holder's identity status (issue 13); a reseller does not.
 */

import Button from '@mui/material/Button';
import {
  type Customer,
  customerRoutes,
  IDENTITY_STATUS_LABELS,
  isProviderAdmin,
  MESSAGES,
  sessionRoutes,
} from '@switchboard/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { ForbiddenPage } from '../../platform/error-pages.tsx';
import { ListPage } from '../../platform/paged-table/list-page.tsx';
import type { Column } from '../../platform/paged-table/table-grid.tsx';
import { listSource, resourceKeys } from '../../platform/resource.ts';
import { useSession } from '../../platform/session-context.ts';
import { useToast } from '../../platform/toast.ts';
import { useInPortal } from './area.ts';

const CUSTOMER_STATUS: Record<Customer['status'], string> = {
  active: 'Active',
  pending: 'Pending activation',
  deleted: 'Deleted',
};

/** The holder's identity status: provider admins only (the server sends it to them alone). */
const identityColumn: Column<Customer> = {
  field: 'identity',
  header: 'Identity',
  render: (c) => (c.identity ? IDENTITY_STATUS_LABELS[c.identity] : ''),
};

const customers = listSource(customerRoutes.list, { key: resourceKeys('/customers').lists() });

export default function CustomersPage() {
  const inPortal = useInPortal();
  // Acting as a customer the server refuses the list (403): the page says so, as the area gate would.
  if (!inPortal) return <ForbiddenPage />;
  return <Customers />;
}

function Customers() {
  const { session, refresh } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();

  const actAs = async (c: Customer) => {
    try {
      await call(sessionRoutes.disguise, { body: { accountNo: c.accountNo } });
      queryClient.clear();
      await refresh();
      navigate('/');
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : MESSAGES.noResponse);
    }
  };

  return (
    <ListPage
      title="Customers"
      source={customers}
      resource="wholesaleCustomers"
      selectable={false}
      label={(c) => c.company}
      columns={[
        { field: 'accountNo', header: 'Account' },
        { field: 'company', header: 'Company' },
        { field: 'name', header: 'Contact' },
        { field: 'email', header: 'Email' },
        {
          field: 'accountType',
          header: 'Type',
          render: (c) => `${c.accountKind === 'standard' ? '' : `${c.accountKind} `}${c.accountType}`,
        },
        // Deleted accounts stay listed for the provider (soft delete); registered ones await activation.
        { field: 'status', header: 'Status', render: (c) => CUSTOMER_STATUS[c.status] },
        ...(isProviderAdmin(session) ? [identityColumn] : []),
      ]}
      rowActions={(c) => (
        <Button
          size="small"
          variant="outlined"
          disabled={c.status === 'deleted'}
          onClick={() => void actAs(c)}
          sx={{ whiteSpace: 'nowrap' }}
        >
          Act as customer
        </Button>
      )}
    />
  );
}
