/** /mobile: the account's mobile numbers (retail accounts only). */

import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { type Mobile, type MobileInput, mobileInput } from '@switchboard/domain';
import { z } from 'zod';
import { PagedTable } from '../../platform/paged-table/paged-table.tsx';
import { MOBILE_PATH, mobileFields } from './mobile-fields.ts';

const activeEdit = z.object({ active: z.boolean() });
type ActiveEdit = z.infer<typeof activeEdit>;

const body = (m: Mobile): MobileInput => ({
  mobileDescription: m.mobileDescription,
  mobileNo: m.mobileNo,
  active: m.active,
});

export default function MobileListPage() {
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        Mobile Numbers
      </Typography>
      <PagedTable<Mobile, MobileInput, ActiveEdit>
        path={MOBILE_PATH}
        resource="mobile"
        label={(m) => m.mobileDescription || m.mobileNo}
        rowLink={(m) => `/mobile/${m.id}`}
        columns={[
          { field: 'mobileDescription', header: 'Description', render: (m) => m.mobileDescription || '—' },
          { field: 'mobileNo', header: 'Mobile Number' },
          {
            field: 'active',
            header: 'Active',
            render: (m) => (
              <Chip
                size="small"
                label={m.active ? 'Yes' : 'No'}
                color={m.active ? 'success' : 'default'}
                variant="outlined"
              />
            ),
          },
        ]}
        filters={[
          {
            field: 'active',
            label: 'Active',
            options: [
              { value: true, label: 'Yes' },
              { value: false, label: 'No' },
            ],
          },
        ]}
        add={{
          title: 'Add Mobile Number',
          schema: mobileInput as never,
          defaults: { mobileDescription: '', mobileNo: '', active: true },
          fields: mobileFields,
        }}
        bulkEdit={{
          title: 'Edit Mobile Numbers',
          schema: activeEdit,
          fields: [{ kind: 'switch', name: 'active', label: 'Active' }],
          current: (m) => ({ ...body(m) }),
        }}
      />
    </>
  );
}
