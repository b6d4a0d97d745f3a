/**
 * The signed-in account (GET /account/{account_no}: its settings and balance), for the pages that
 * read it (a seat's extension digits, the transactions' balance), under one query key.
 */
import { sessionRoutes } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from './client.ts';
import { useSession } from './session-context.ts';

export function useAccount() {
  const { session } = useSession();
  return useQuery({
    queryKey: ['account', session.account_no],
    queryFn: () => call(sessionRoutes.account, { params: { account_no: session.account_no } }),
  });
}
