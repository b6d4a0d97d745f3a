/** /ems-errors: the numbers whose emergency-service address failed (telephone number, error). */
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { EMS_ERRORS_COUNT, type EmsErrorRow } from '@switchboard/domain';
import { PagedTable } from '../../platform/paged-table/paged-table.tsx';

export default function EmsErrorsPage() {
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        EMS Errors
      </Typography>
      <Alert severity="warning" sx={{ mb: 2 }}>
        The emergency services could not confirm the address of these numbers. Open a number to correct its emergency
        address.
      </Alert>
      <PagedTable<EmsErrorRow>
        path={EMS_ERRORS_COUNT.api}
        resource="numbers"
        label={(e) => e.telephoneNumber}
        rowLink={(e) => `/telephone-numbers/${e.id}?tab=Emergency`}
        deletable={false}
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
    </>
  );
}
