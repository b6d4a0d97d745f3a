/**
 * The seat tabs that are not part of the seat's own form: Provisioning (the seat's desk phones:
 * lock state, Unlock, Re-Initialise, LDAP password), the Desktop and Mobile Softphone tabs (their
 * own save to /seat/{id}/softphone; the mobile tab shows the app's QR code of uniqueString) and the
 * emergency location dialog.
 */

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import {
  MESSAGES,
  SEAT_LOCATION_DELAY_MS,
  SEAT_MESSAGES,
  type Seat,
  type SeatDevice,
  type SeatLocation,
  type SeatSoftphoneInput,
  seatRoutes,
  seatSoftphoneFields,
  seatSoftphoneInput,
} from '@switchboard/domain';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { ApiError, ifMatch } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { useConfirm } from '../../platform/confirm.tsx';
import { formFields, labelOf } from '../../platform/fields/declared-fields.ts';
import type { SelectOption } from '../../platform/fields/field-props.ts';
import { FormFields } from '../../platform/fields/form-fields.tsx';
import { formValuesOf, useSchemaForm } from '../../platform/fields/form-schema.ts';
import { useFormSubmit } from '../../platform/fields/form-submit.ts';
import { useChange } from '../../platform/mutation.ts';
import { recordPart } from '../../platform/resource.ts';
import { useSession } from '../../platform/session-context.ts';
import { SimpleTable } from '../../platform/simple-table.tsx';
import { StateChip } from '../../platform/state-chip.tsx';
import { SaveButton } from '../../platform/tabbed-form/tabbed-form.tsx';
import { useToast } from '../../platform/toast.ts';
import { seats } from './api.ts';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'short' }) : 'Never';
const time = (iso: string | null) => new Date(iso ?? '').toLocaleTimeString('en-GB', { timeStyle: 'short' });

// ---- Provisioning ------------------------------------------------------------------------------

/**
 * One of a device's buttons. A failure shows the server's message or the fallback (Unlock, spec 2 §8),
 * or always the fallback when `fixed` (re-initialisation: 'Something went wrong, please try again.').
 */
interface DeviceAction {
  label: string;
  disabled?: boolean;
  request: () => Promise<{ success: boolean; message: string }>;
  fallback: string;
  fixed?: boolean;
  confirm?: { title: string; text: string; action: string };
}

/** Unlock (only while locked), Re-Initialise and Regenerate LDAP Password, in that order. */
const deviceActions = (id: number, d: SeatDevice): DeviceAction[] => [
  {
    label: 'Unlock',
    disabled: !d.locked,
    request: () => call(seatRoutes.unlockDevice, { params: { id, deviceId: d.id } }),
    fallback: SEAT_MESSAGES.unlockFailed,
  },
  {
    label: 'Re-Initialise',
    request: () => call(seatRoutes.reinitDevice, { params: { id }, body: { deviceId: d.id } }),
    fallback: SEAT_MESSAGES.somethingWrong,
    fixed: true,
    confirm: {
      title: `Re-Initialise ${d.make} ${d.model}`,
      text: SEAT_MESSAGES.confirmReinit,
      action: 'Re-Initialise',
    },
  },
  {
    label: 'Regenerate LDAP Password',
    request: () => call(seatRoutes.regenerateLdapPassword, { params: { id }, body: { deviceId: d.id } }),
    fallback: SEAT_MESSAGES.somethingWrong,
    confirm: { title: 'Regenerate LDAP Password', text: SEAT_MESSAGES.confirmLdapPassword, action: 'Regenerate' },
  },
];

/** Runs a device action: asks first when it says so, then a toast of the reply or the failure. */
function useDeviceActions(devicesKey: QueryKey) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const confirm = useConfirm();
  const act = async ({ request, fallback, fixed = false, confirm: question }: DeviceAction) => {
    if (question && !(await confirm.ask(question))) return;
    setBusy(true);
    try {
      const reply = await request();
      if (reply.success) toast.success(reply.message);
      else toast.error((!fixed && reply.message) || fallback);
    } catch (error) {
      toast.error(!fixed && error instanceof ApiError && error.status !== 0 ? error.message : fallback);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: devicesKey });
    }
  };
  return { busy, act, dialog: confirm.dialog };
}

/** Locked, or until when it is unlocked; and whether it has checked in yet. */
function DeviceStatus({ device: d }: { device: SeatDevice }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      <Chip
        size="small"
        variant="outlined"
        color={d.locked ? 'default' : 'warning'}
        label={d.locked ? 'Locked' : `Unlocked until ${time(d.locksAt)}`}
      />
      {!d.initialised && <Chip size="small" variant="outlined" label="Awaiting first check-in" />}
    </Box>
  );
}

export function ProvisioningPanel({ seat }: { seat: Pick<Seat, 'id'> }) {
  const { can } = useSession();
  const [shown, setShown] = useState<number | null>(null);
  const part = recordPart(seats.keys, seatRoutes.devices, seat.id, 'devices');
  const devices = useQuery(part);
  const { busy, act, dialog } = useDeviceActions(part.queryKey);
  const mayUpdate = can('seats', 'update');

  if (devices.isPending) return <CircularProgress size={24} aria-label="Loading" />;
  if (devices.isError) return <Alert severity="error">{SEAT_MESSAGES.somethingWrong}</Alert>;
  if (devices.data.records.length === 0)
    return <Alert severity="info">No devices are provisioned for this seat.</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        A device locks automatically after its first check-in, or 15 minutes after it was unlocked. Unlock it to let it
        fetch its configuration again.
      </Typography>
      <SimpleTable
        label="Devices"
        rows={devices.data.records}
        columns={[
          { header: 'Device', cell: (d) => `${d.make} ${d.model}` },
          { header: 'MAC Address', cell: (d) => d.macAddress, sx: { fontFamily: 'monospace' } },
          { header: 'Last Check-in', cell: (d) => when(d.lastCheckin) },
          {
            header: 'Status',
            cell: (d) => <DeviceStatus device={d} />,
          },
          {
            header: 'LDAP Password',
            cell: (d) =>
              !mayUpdate ? (
                '—'
              ) : shown === d.id ? (
                <code data-testid="ldap-password">{d.ldapPassword}</code>
              ) : (
                <Button size="small" onClick={() => setShown(d.id)}>
                  Show
                </Button>
              ),
          },
          {
            header: 'Actions',
            align: 'right',
            cell: (d) =>
              mayUpdate && (
                <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                  {deviceActions(seat.id, d).map((a) => (
                    <Button
                      key={a.label}
                      size="small"
                      variant="outlined"
                      disabled={busy || a.disabled}
                      onClick={() => act(a)}
                    >
                      {a.label}
                    </Button>
                  ))}
                </Box>
              ),
          },
        ]}
      />
      {dialog}
    </Box>
  );
}

// ---- Softphones --------------------------------------------------------------------------------

export function SoftphonePanel({
  seat,
  kind,
  lists,
}: {
  seat: Seat;
  kind: 'desktop' | 'mobile';
  /** The account's outbound CLI lists (useOutboundCliOptions). */
  lists: SelectOption[];
}) {
  const { can } = useSession();
  const part = recordPart(seats.keys, seatRoutes.softphone, seat.id, 'softphone');
  const phone = useQuery(part);
  const form = useSchemaForm(seatSoftphoneInput);
  const save = useChange({
    // Based on the seat as the tab loaded it; the seat's other tabs read its new version after.
    mutationFn: (values: SeatSoftphoneInput) =>
      call(seatRoutes.saveSoftphone, { params: { id: seat.id }, body: values, headers: ifMatch(phone.data?.version) }),
    invalidates: [seats.keys.detail(seat.id)],
    success: (reply) => reply.message,
  });
  const { submit, banner } = useFormSubmit(form, (values) => save.mutateAsync(values));
  useEffect(() => {
    if (phone.data) form.reset(formValuesOf(seatSoftphoneInput, phone.data));
  }, [phone.data, form]);
  const readOnly = !can('softphone', 'update') || !can('seats', 'update');

  if (phone.isPending) return <CircularProgress size={24} aria-label="Loading" />;
  if (phone.isError) return <Alert severity="error">{MESSAGES.recordNotFound}</Alert>;
  const data = phone.data;
  const status = kind === 'desktop' ? data.desktopStatus : data.mobileStatus;

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
      {banner && <Alert severity="error">{banner}</Alert>}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <StateChip on={status === 'Registered'} label={status} />
        <Typography variant="body2" color="text.secondary">
          {data.enabled
            ? `Softphone user: ${data.username}`
            : 'This seat has no softphone user: create the seat as a softphone user to sign in to the apps.'}
        </Typography>
      </Box>
      <FormFields
        control={form.control}
        disabled={readOnly}
        fields={formFields<SeatSoftphoneInput>(seatSoftphoneFields, [
          kind === 'desktop' ? 'enableDesktopCallWaiting' : 'enableMobileCallWaiting',
          {
            kind: 'multiselect',
            name: 'outboundCLILists',
            label: labelOf(seatSoftphoneFields, 'outboundCLILists'),
            options: lists,
            helper: seatSoftphoneFields.meta.outboundCLILists.helper,
            empty: 'No outbound CLI lists: add one under Outbound CLI Lists',
          },
        ])}
      />
      {/* The code signs the app in as the seat's softphone user: none without one. */}
      {kind === 'mobile' && data.enabled && (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Box sx={{ p: 1.5, bgcolor: '#fff', border: 1, borderColor: 'divider', borderRadius: 1, lineHeight: 0 }}>
            <QRCodeSVG value={data.uniqueString} size={160} aria-label="Mobile app QR code" role="img" />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 320 }}>
            Scan this code with the mobile app to sign in to this seat. Keep it private: anyone with the code can use
            the seat.
          </Typography>
        </Box>
      )}
      {!readOnly && <SaveButton busy={form.formState.isSubmitting} />}
    </Box>
  );
}

// ---- Emergency location ------------------------------------------------------------------------

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const address = (l: SeatLocation) => [l.premises, l.thoroughfare, l.locality, l.postcode].filter(Boolean).join(', ');

/** The account's locations to choose from (undefined: still loading). */
function LocationChoices(props: {
  failed: boolean;
  records: SeatLocation[] | undefined;
  choose: (l: SeatLocation) => void;
}) {
  const { failed, records, choose } = props;
  if (failed) return <Alert severity="error">{SEAT_MESSAGES.somethingWrong}</Alert>;
  if (records === undefined) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  if (records.length === 0) return <Alert severity="info">{SEAT_MESSAGES.noLocations}</Alert>;
  return (
    <List dense disablePadding>
      {records.map((l) => (
        <ListItemButton key={l.id} onClick={() => choose(l)}>
          <ListItemText primary={`${l.number} — ${l.name}`} secondary={address(l)} />
        </ListItemButton>
      ))}
    </List>
  );
}

/** The seat's current emergency location, and a dialog to choose another (sets emergencyServiceCid). */
export function SeatLocationField({
  seat,
  number,
  onChoose,
  disabled,
}: {
  seat: Seat;
  number: string;
  onChoose: (number: string) => void;
  disabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  // The dialog's list is read afresh at each opening (the count), after the spec's simulated delay.
  const [openings, setOpenings] = useState(0);
  const current = useQuery(recordPart(seats.keys, seatRoutes.location, seat.id, 'ems'));
  const locations = useQuery({
    queryKey: ['seat-locations', openings],
    queryFn: async () => {
      const [reply] = await Promise.all([call(seatRoutes.locations), delay(SEAT_LOCATION_DELAY_MS)]);
      return reply.records;
    },
    enabled: open,
    retry: false,
    gcTime: 0,
  });
  const records = locations.data;
  const saved = current.data?.location;
  // A choice not saved yet is shown from the dialog's list.
  const [chosen, setChosen] = useState<SeatLocation | null>(null);
  const shown = chosen && chosen.number === number ? chosen : saved;
  const choose = (l: SeatLocation) => {
    setChosen(l);
    onChoose(l.number);
    setOpen(false);
  };
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <Box sx={{ flex: 1, minWidth: 240 }}>
        <Typography variant="subtitle2">Emergency Location</Typography>
        <Typography variant="body2" color={shown ? 'text.primary' : 'warning.main'} data-testid="seat-location">
          {shown ? `${shown.number}: ${address(shown)}` : 'Not set'}
          {shown?.updatePending ? ' (update pending)' : ''}
        </Typography>
      </Box>
      <Button
        variant="outlined"
        size="small"
        onClick={() => {
          setOpenings((n) => n + 1);
          setOpen(true);
        }}
        disabled={disabled}
      >
        Choose Location
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>Choose Emergency Location</DialogTitle>
        <DialogContent dividers>
          <LocationChoices failed={locations.isError} records={records} choose={choose} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
