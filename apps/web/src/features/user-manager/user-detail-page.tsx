/** /user-manager/{id}: the user's details (General) and their permission grants (Permissions). */
import { type User, type UserInput, userInput } from '@switchboard/domain';
import { useParams } from 'react-router';
import { FormFields } from '../../platform/fields/form-fields.tsx';
import { TabbedForm } from '../../platform/tabbed-form/tabbed-form.tsx';
import { userFields, users } from './api.ts';
import { PermissionsPanel } from './permissions-panel.tsx';

const toValues = (u: User): UserInput => ({ name: u.name, surname: u.surname, email: u.email, enabled: u.enabled });

export default function UserDetailPage() {
  const { id = '' } = useParams();
  return (
    <TabbedForm
      source={users.record(id)}
      resource="cpUsers"
      schema={userInput}
      toValues={toValues}
      name={(v) => `${v.name} ${v.surname}`}
      title={(u) => `${u.name} ${u.surname} (${u.username})`}
      tabs={[
        {
          label: 'General',
          kind: 'form',
          render: (form, _u, readOnly) => <FormFields control={form.control} fields={userFields} disabled={readOnly} />,
        },
        { label: 'Permissions', kind: 'panel', render: (u) => <PermissionsPanel user={u} /> },
      ]}
    />
  );
}
