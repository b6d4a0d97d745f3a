/**
 * A user's permission grants as a matrix: one row per feature the signed-in user may grant, a
 * checkbox per action (create, read, update, delete) — only the actions they hold themselves can be
 * ticked. The account holder's and one's own grants are shown, not changed.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type Action, GRANTABLE_FEATURES, MASK, MESSAGES, USER_MESSAGES, type User } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../platform/api.ts';
import { useChange } from '../../platform/mutation.ts';
import { useSession } from '../../platform/session-context.ts';
import { grantsKey, readGrants, saveGrants, userKeys } from './api.ts';

const ACTIONS: Action[] = ['create', 'read', 'update', 'delete'];
const LABELS = new Map(GRANTABLE_FEATURES.map((f) => [f.id, f.label]));

interface GrantMatrixProps {
  rows: typeof GRANTABLE_FEATURES;
  /** The user's grants, by feature. */
  masks: Map<number, number>;
  /** What the signed-in user may grant, by feature. */
  held: Map<number, number>;
  /** Shown, not changed. */
  fixed: boolean;
  toggle: (featureId: number, action: Action) => void;
}

/** The matrix: a row per feature, a checkbox per action (only what the granter holds can be ticked). */
function GrantMatrix({ rows, masks, held, fixed, toggle }: GrantMatrixProps) {
  return (
    <Paper variant="outlined">
      <Table size="small" aria-label="Permissions">
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>Feature</TableCell>
            {ACTIONS.map((a) => (
              <TableCell key={a} align="center" sx={{ fontWeight: 600, textTransform: 'capitalize' }}>
                {a}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((f) => {
            const mask = masks.get(f.id) ?? 0;
            return (
              <TableRow key={f.id} hover>
                <TableCell>{LABELS.get(f.id)}</TableCell>
                {ACTIONS.map((a) => {
                  const bit = MASK[a];
                  const mayGrant = ((held.get(f.id) ?? 0) & bit) !== 0;
                  return (
                    <TableCell key={a} align="center" padding="checkbox">
                      <Checkbox
                        size="small"
                        checked={(mask & bit) !== 0}
                        disabled={fixed || !mayGrant}
                        onChange={() => toggle(f.id, a)}
                        slotProps={{ input: { 'aria-label': `${f.label} ${a}` } }}
                      />
                    </TableCell>
                  );
                })}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Paper>
  );
}

export function PermissionsPanel({ user }: { user: User }) {
  const { session, can } = useSession();
  const grants = useQuery({ queryKey: grantsKey(user.id), queryFn: () => readGrants(user.id) });
  const [masks, setMasks] = useState<Map<number, number>>(new Map());
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (grants.data) setMasks(new Map(grants.data.grants.map((g) => [g.featureId, g.mask])));
  }, [grants.data]);
  const save = useChange({
    mutationFn: () =>
      saveGrants(user.id, user.version, {
        grants: [...masks].map(([featureId, mask]) => ({ featureId, mask })),
      }),
    invalidates: [userKeys.all],
    success: (reply) => reply.message,
  });

  if (grants.isPending) return <CircularProgress aria-label="Loading" />;
  if (grants.isError) return <Alert severity="error">{MESSAGES.fetchFailed}</Alert>;

  const fixed = user.isHolder
    ? USER_MESSAGES.holderGrants
    : String(user.id) === String(session.user_id)
      ? USER_MESSAGES.ownGrants
      : !can('cpUsers', 'update')
        ? 'You may view these permissions but not change them.'
        : null;
  const held = new Map(grants.data.grantable.map((g) => [g.featureId, g.mask]));
  // The rows: what the granter may grant, and whatever the user holds beyond it (shown, not changeable).
  const rows = GRANTABLE_FEATURES.filter((f) => held.has(f.id) || (masks.get(f.id) ?? 0) > 0);
  const toggle = (featureId: number, action: Action) => {
    const bit = MASK[action];
    setMasks((current) => new Map(current).set(featureId, (current.get(featureId) ?? 0) ^ bit));
  };

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        What {user.name} may do in each part of the panel. You can grant only what you hold yourself.
      </Typography>
      {fixed && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {fixed}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <GrantMatrix rows={rows} masks={masks} held={held} fixed={fixed !== null} toggle={toggle} />
      {fixed === null && (
        <Box sx={{ mt: 2, display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            variant="contained"
            disabled={save.isPending}
            onClick={() => {
              setError(null);
              save.mutate(undefined, { onError: (e) => setError(errorMessage(e)) });
            }}
          >
            Save Permissions
          </Button>
        </Box>
      )}
    </Box>
  );
}
