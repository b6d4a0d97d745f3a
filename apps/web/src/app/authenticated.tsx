/** The signed-in layout: the session (with its keep-alive and idle modal), the account's theme, the shell. */
import { SessionProvider } from '../platform/session-provider.tsx';
import { Shell } from './shell.tsx';
import { AccountTheme } from './theme.tsx';

export default function Authenticated() {
  return (
    <SessionProvider>
      <AccountTheme>
        <Shell />
      </AccountTheme>
    </SessionProvider>
  );
}
