/**
 * The registration captcha (ALTCHA, self-hosted proof of work): ticking the box fetches a challenge
 * signed by the server and lets the browser find its solution; the solution is the field's value,
 * which the server verifies (once) when the form is submitted.
 */
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { accountLifecycleRoutes } from '@switchboard/domain';
import { solveChallenge } from 'altcha-lib/v1';
import { useState } from 'react';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';

type State = 'idle' | 'solving' | 'verified';

/** A challenge signed by the server, solved here: the field's value (the solution, base64 JSON). */
async function solveCaptcha(): Promise<string> {
  const challenge = await call(accountLifecycleRoutes.captcha);
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  if (!solution) throw new Error('not solved');
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return btoa(JSON.stringify(payload));
}

export function CaptchaField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (payload: string) => void;
  error?: string | undefined;
}) {
  const [state, setState] = useState<State>(value ? 'verified' : 'idle');
  const [failure, setFailure] = useState<string | null>(null);

  const verify = async () => {
    setState('solving');
    setFailure(null);
    try {
      onChange(await solveCaptcha());
      setState('verified');
    } catch (e) {
      setFailure(errorMessage(e));
      setState('idle');
    }
  };

  // A server refusal (a used or expired solution) asks for a new one.
  const shownError = failure ?? error;
  return (
    <Box
      sx={{
        border: 1,
        borderColor: shownError ? 'error.main' : 'divider',
        borderRadius: 1,
        px: 2,
        py: 1,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        flexWrap: 'wrap',
      }}
    >
      <FormControlLabel
        control={
          <Checkbox
            checked={state === 'verified'}
            disabled={state !== 'idle'}
            onChange={() => void verify()}
            slotProps={{ input: { 'aria-label': "I'm not a robot" } }}
          />
        }
        label={
          state === 'verified' ? (
            <Box component="span" sx={{ color: 'success.main', fontWeight: 500 }}>
              Verified
            </Box>
          ) : (
            "I'm not a robot"
          )
        }
      />
      {state === 'solving' && <CircularProgress size={20} aria-label="Verifying" />}
      {shownError && (
        <FormHelperText error sx={{ width: '100%', m: 0 }}>
          {shownError}
        </FormHelperText>
      )}
    </Box>
  );
}
