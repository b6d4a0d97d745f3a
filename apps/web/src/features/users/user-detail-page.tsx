/** /user-manager/{id}: the user's details (General) and their permission grants (Permissions). */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { accountLifecycleRoutes, USER_MESSAGES, type User, type UserInput, userInput } from '@switchboard/domain';
import { useParams } from 'react-router';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { useConfirm } from '../../platform/confirm.tsx';
import { type FieldDef, FormFields } from '../../platform/fields/form-fields.tsx';
import { useSession } from '../../platform/session-context.ts';
import { TabbedForm } from '../../platform/tabbed-form/tabbed-form.tsx';
import { useToast } from '../../platform/toast.ts';
import { userFields, users } from './api.ts';
import { PermissionsPanel } from './permissions-panel.tsx';

const toValues = (u: User): UserInput => ({ name: u.name, surname: u.surname, email: u.email, enabled: u.enabled });

/**
 * The General tab's fields for `u` as the signed-in user `me` sees them: the holder is always
 * enabled and nobody disables themselves (the switch off, saying why); only the holder changes the
 * holder's e-mail address; an e-mail change waiting for the old address says so under the address.
 */
export function userFieldsFor(u: User, me: number): FieldDef<UserInput>[] {
  return userFields.map((f): FieldDef<UserInput> => {
    if (f.kind === 'switch' && (u.isHolder || u.id === me)) {
      return { ...f, disabled: true, helper: u.isHolder ? USER_MESSAGES.disableHolder : USER_MESSAGES.disableSelf };
    }
    if (f.kind === 'text' && f.name === 'email') {
      if (u.isHolder && u.id !== me) return { ...f, disabled: true, helper: USER_MESSAGES.holderCredentials };
      if (u.pendingEmail) return { ...f, helper: USER_MESSAGES.emailPending(u.pendingEmail) };
    }
    return f;
  });
}

/** 'Reset password' (confirmed first): e-mails the user a link to set a new password. */
function ResetPassword({ user }: { user: User }) {
  const { can, session } = useSession();
  const { ask, dialog } = useConfirm();
  const toast = useToast();
  // Only the holder resets the holder's password (the server refuses anyone else).
  if (!can('cpUsers', 'update') || !user.enabled || (user.isHolder && user.id !== session.user_id)) return null;
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
  const { session } = useSession();
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
          render: (form, u, readOnly) => (
            <FormFields control={form.control} fields={userFieldsFor(u, session.user_id)} disabled={readOnly} />
          ),
          below: (u) => <ResetPassword user={u} />,
        },
        { label: 'Permissions', kind: 'panel', render: (u) => <PermissionsPanel user={u} /> },
      ]}
    />
  );
}
