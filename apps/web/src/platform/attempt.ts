/**
 * An action started from a button that shows its own failure (a sandbox window's Submit): `busy`
 * while it runs, so the buttons can be disabled meanwhile, and `error`, the server's message (or
 * 'no response') when it failed, cleared when it is tried again.
 *
 *   const { busy, error, run } = useAttempt();
 *   <Button disabled={busy} onClick={() => run(async () => onDone(await call(route)))}>Submit</Button>
 *   {error && <Alert severity="error">{error}</Alert>}
 */
import { useState } from 'react';
import { errorMessage } from './api.ts';

export function useAttempt() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await action();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
