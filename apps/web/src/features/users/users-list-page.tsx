/** /user-manager: the account's control-panel users; Add creates one with the two default grants. */
import Chip from '@mui/material/Chip';
import { newUserBody, USER_MESSAGES, type User, userFields } from '@switchboard/domain';
import dayjs from 'dayjs';
import type { z } from 'zod';
import { columnOf, formFields } from '../../platform/fields/declared-fields.ts';
import { Hint } from '../../platform/hint.tsx';
import { ListPage } from '../../platform/paged-table/list-page.tsx';
import { useSession } from '../../platform/session-context.ts';
import { StateChip } from '../../platform/state-chip.tsx';
import { users } from './api.ts';

/** The Add form: the account and the default grants are the server's to fill in. */
const addSchema = newUserBody.pick({ name: true, surname: true, username: true, email: true, enabled: true });
type AddValues = z.input<typeof addSchema>;

const addFields = formFields<AddValues>(userFields, ['username', 'name', 'surname', 'email', 'enabled']);

const fullName = (u: User) => `${u.name} ${u.surname}`;

export default function UserManagerListPage() {
  const { session } = useSession();
  return (
    <ListPage
      title="User Manager"
      source={users.list}
      resource="cpUsers"
      selectable={false}
      label={(u) => u.username}
      rowLink={(u) => `/user-manager/${u.id}`}
      columns={[
        columnOf<User>(userFields, 'username'),
        { field: 'name', header: 'Name', sortable: true, render: fullName },
        columnOf<User>(userFields, 'email', (u) =>
          u.pendingEmail ? (
            <>
              {u.email}
              <Hint>{USER_MESSAGES.emailPending(u.pendingEmail)}</Hint>
            </>
          ) : (
            u.email
          ),
        ),
        {
          field: 'enabled',
          header: 'Status',
          sortable: true,
          render: (u) => (
            <>
              <StateChip on={u.enabled} label={u.enabled ? 'Enabled' : 'Disabled'} />
              {u.isHolder && <Chip size="small" variant="outlined" label="Account holder" sx={{ ml: 1 }} />}
            </>
          ),
        },
        {
          field: 'lastSignIn',
          header: 'Last Sign-In',
          sortable: true,
          render: (u) => (u.lastSignIn ? dayjs(u.lastSignIn).format('DD/MM/YYYY HH:mm') : 'Never'),
        },
      ]}
      filters={[
        {
          field: 'enabled',
          label: 'Status',
          options: [
            { value: true, label: 'Enabled' },
            { value: false, label: 'Disabled' },
          ],
        },
      ]}
      add={{
        title: 'Add User',
        schema: addSchema,
        defaults: { username: '', name: '', surname: '', email: '', enabled: true },
        fields: addFields,
        create: (values) =>
          users.create({ ...values, accountNo: Number(session.account_no), saveUserPermissions: true }),
      }}
    />
  );
}
