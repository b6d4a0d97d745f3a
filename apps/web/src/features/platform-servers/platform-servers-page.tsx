/**
 * /platform-servers (provider admins): the switch, the media server and the recording server that
 * call the panel without a user, each with its own credential. Adding a server or renewing its
 * secret shows the credential once; disabling, renewing and deleting end its calls at once (the
 * last two ask first).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  AREA_NAMES,
  type CredentialReply,
  type PlatformServer,
  type PlatformServerCreateInput,
  platformServerCreateInput,
  platformServerFields,
  platformServerRoutes,
  SERVER_ROLE_OPTIONS,
} from '@switchboard/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { useConfirm } from '../../platform/confirm.tsx';
import { formFields } from '../../platform/fields/declared-fields.ts';
import { FormFields } from '../../platform/fields/form-fields.tsx';
import { useSchemaForm } from '../../platform/fields/form-schema.ts';
import { useFormSubmit } from '../../platform/fields/form-submit.ts';
import { useChange } from '../../platform/mutation.ts';
import { SimpleTable } from '../../platform/simple-table.tsx';
import { CredentialDialog } from './credential-dialog.tsx';

const keys = { all: ['platform-servers'] as const };
const NEW_SERVER: PlatformServerCreateInput = { name: '', role: 'switch', enabled: true };
const FIELDS = formFields<PlatformServerCreateInput>(platformServerFields, ['name', 'role']);
const roleLabel = (role: PlatformServer['role']) => SERVER_ROLE_OPTIONS.find((o) => o.value === role)?.label ?? role;
const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium', timeStyle: 'short' })
    : '—';

function AddServer({ onAdded }: { onAdded: (reply: CredentialReply) => void }) {
  const queryClient = useQueryClient();
  const empty = NEW_SERVER;
  const form = useSchemaForm(platformServerCreateInput, empty);
  const { submit, banner } = useFormSubmit(form, async (values) => {
    const reply = await call(platformServerRoutes.create, { body: values });
    form.reset(empty);
    onAdded(reply);
    await queryClient.invalidateQueries({ queryKey: keys.all });
  });
  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Add a server
        </Typography>
        <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2, maxWidth: 520 }}>
          {banner && <Alert severity="error">{banner}</Alert>}
          <FormFields control={form.control} fields={FIELDS} />
          <Box>
            <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
              Add Server
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}

function ServerActions({ server, onRenewed }: { server: PlatformServer; onRenewed: (reply: CredentialReply) => void }) {
  const confirm = useConfirm();
  const failure = (e: Error) => errorMessage(e);
  const toggle = useChange({
    mutationFn: (enabled: boolean) =>
      call(platformServerRoutes.update, {
        params: { id: server.id },
        body: { name: server.name, enabled, version: server.version },
      }),
    invalidates: [keys.all],
    success: (reply) => reply.message,
    failure,
  });
  const renew = useChange({
    mutationFn: () =>
      call(platformServerRoutes.renew, { params: { id: server.id }, body: { version: server.version } }),
    invalidates: [keys.all],
    success: () => null,
    failure,
  });
  const remove = useChange({
    mutationFn: () => call(platformServerRoutes.delete, { params: { id: server.id } }),
    invalidates: [keys.all],
    success: (reply) => reply.message,
    failure,
  });
  const askRenew = async () => {
    const text = `The server's current credential stops working at once; the new one is shown once.`;
    if (await confirm.ask({ title: `New credential for ${server.name}`, text, action: 'Make New Credential' }))
      renew.mutate(undefined, { onSuccess: onRenewed });
  };
  const askDelete = async () => {
    const text = `${server.name} can no longer make any call. This cannot be undone.`;
    if (await confirm.ask({ title: `Delete ${server.name}`, text, action: 'Delete' })) remove.mutate();
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Switch
        checked={server.enabled}
        disabled={toggle.isPending}
        onChange={(_e, on) => toggle.mutate(on)}
        slotProps={{ input: { 'aria-label': `${server.name} enabled` } }}
      />
      <Button size="small" variant="outlined" onClick={askRenew} disabled={renew.isPending}>
        New Credential
      </Button>
      <Button size="small" color="error" onClick={askDelete} disabled={remove.isPending}>
        Delete
      </Button>
      {confirm.dialog}
    </Stack>
  );
}

export default function PlatformServersPage() {
  const servers = useQuery({ queryKey: keys.all, queryFn: () => call(platformServerRoutes.list) });
  const [shown, setShown] = useState<CredentialReply | null>(null);
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {AREA_NAMES['platform-servers']}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3, maxWidth: 760 }}>
        The provider's own servers that call the panel without a user: the switch sends its call records, the media
        server deposits voicemail and the recording server its recordings. Each has its own credential and may make only
        its role's calls.
      </Typography>
      <AddServer onAdded={setShown} />
      {servers.isPending && <CircularProgress aria-label="Loading servers" />}
      {servers.isError && <Alert severity="error">{errorMessage(servers.error)}</Alert>}
      {servers.data?.records.length === 0 && <Typography>No items found.</Typography>}
      {servers.data && servers.data.records.length > 0 && (
        <SimpleTable
          label="Platform servers"
          rows={servers.data.records}
          columns={[
            { header: 'Name', cell: (s) => s.name },
            { header: 'Role', cell: (s) => roleLabel(s.role) },
            {
              header: 'Status',
              cell: (s) => (
                <Chip
                  size="small"
                  label={s.enabled ? 'Enabled' : 'Disabled'}
                  color={s.enabled ? 'success' : 'default'}
                />
              ),
            },
            { header: 'Credential made', cell: (s) => when(s.rotatedAt ?? s.createdAt) },
            { header: 'Actions', cell: (s) => <ServerActions server={s} onRenewed={setShown} /> },
          ]}
        />
      )}
      <CredentialDialog shown={shown} onClose={() => setShown(null)} />
    </Box>
  );
}
