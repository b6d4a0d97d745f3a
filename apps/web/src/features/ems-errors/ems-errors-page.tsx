/**
 * /ems-errors: the numbers whose emergency-service address failed (telephone number, error). The
 * warning shows only while there are errors (a bookmark or a stale link may open an empty list).
 */
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { EMS_ERRORS_COUNT } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { ListPage } from '../../platform/paged-table/list-page.tsx';
import { countQuery } from '../../platform/query-keys.ts';
import { emsErrors } from './api.ts';

export default function EmsErrorsPage() {
  const count = useQuery(countQuery(EMS_ERRORS_COUNT.api));
  return (
    <ListPage
      title="EMS Errors"
      intro={
        (count.data ?? 0) > 0 && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            The emergency services could not confirm the address of these numbers. Open a number to correct its
            emergency address.
          </Alert>
        )
      }
      source={emsErrors}
      resource="numbers"
      label={(e) => e.telephoneNumber}
      rowLink={(e) => `/telephone-numbers/${e.id}?tab=Emergency`}
      selectable={false}
      columns={[
        { field: 'telephoneNumber', header: 'Telephone Number', sortable: true },
        { field: 'nickname', header: 'Nickname', sortable: true, render: (e) => e.nickname || '—' },
        {
          field: 'error',
          header: 'Error',
          sortable: true,
          render: (e) => (
            <Typography variant="body2" color="error.main" component="span">
              {e.error}
            </Typography>
          ),
        },
      ]}
    />
  );
}
