/** /user-manager/{id}: the user's details (General) and their permission grants (Permissions). */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { accountLifecycleRoutes, type User, type UserInput, userInput } from '@switchboard/domain';
import { useParams } from 'react-router';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { useConfirm } from '../../platform/confirm.tsx';
import { FormFields } from '../../platform/fields/form-fields.tsx';
import { useSession } from '../../platform/session-context.ts';
import { TabbedForm } from '../../platform/tabbed-form/tabbed-form.tsx';
import { useToast } from '../../platform/toast.ts';
import { userFields, users } from './api.ts';
import { PermissionsPanel } from './permissions-panel.tsx';

const toValues = (u: User): UserInput => ({ name: u.name, surname: u.surname, email: u.email, enabled: u.enabled });

/** 'Reset password' (confirmed first): e-mails the user a link to set a new password. */
function ResetPassword({ user }: { user: User }) {
  const { can } = useSession();
  const { ask, dialog } = useConfirm();
  const toast = useToast();
  if (!can('cpUsers', 'update') || !user.enabled) return null;
  const reset = async () => {
    const confirmed = await ask({
      title: 'Reset Password',
      text: `E-mail ${user.name} ${user.surname} (${user.email}) a link to set a new password? Their current password keeps working until they use the link.`,
      action: 'Reset Password',
    });
    if (!confirmed) return;
    try {
      toast.success((await call(accountLifecycleRoutes.resetUserPassword, { params: { id: user.id } })).message);
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  return (
    <Box>
      <Button variant="outlined" onClick={() => void reset()}>
        Reset Password
      </Button>
      {dialog}
    </Box>
  );
}

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
          below: (u) => <ResetPassword user={u} />,
        },
        { label: 'Permissions', kind: 'panel', render: (u) => <PermissionsPanel user={u} /> },
      ]}
    />
  );
}
