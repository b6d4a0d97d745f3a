/** The MUI theme from the account's colours (defaults #1671aa / #f36f21), tab width 135 px. */

import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { DEFAULT_THEME, LAYOUT, type RouteReply, type sessionRoutes } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { api } from '../platform/api.ts';
import { useSession } from '../platform/session-context.ts';

/**
 * Whether the user asked their system for reduced motion (WCAG 2.3.3): then no ripples, fades or
 * slides (every transition takes no time) and no looping animation.
 */
const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

const NO_MOTION = {
  transitions: {
    create: () => 'none',
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
} as const;

export function buildTheme(primary: string = DEFAULT_THEME.primary, accent: string = DEFAULT_THEME.accent) {
  const still = reducedMotion();
  return createTheme({
    ...(still ? NO_MOTION : {}),
    palette: { primary: { main: primary }, secondary: { main: accent }, background: { default: '#f7f8fa' } },
    shape: { borderRadius: 6 },
    typography: { fontFamily: '"Roboto", "Segoe UI", "Helvetica Neue", Arial, sans-serif' },
    components: {
      MuiTab: {
        styleOverrides: { root: { minWidth: LAYOUT.tabWidth, maxWidth: LAYOUT.tabWidth, textTransform: 'none' } },
      },
      // The spec's default modal maximum width (1200 px); a dialog that asks for a size keeps it.
      MuiDialog: {
        defaultProps: { maxWidth: false },
        styleOverrides: {
          paper: ({ ownerState }) => (ownerState.maxWidth === false ? { maxWidth: LAYOUT.modalMaxWidth } : {}),
        },
      },
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
      MuiButtonBase: { defaultProps: { disableRipple: still } },
      ...(still
        ? {
            MuiCssBaseline: {
              styleOverrides: {
                '*, *::before, *::after': {
                  animationDuration: '0s !important',
                  animationIterationCount: '1 !important',
                  transitionDuration: '0s !important',
                },
              },
            },
          }
        : {}),
    },
  });
}

export const defaultTheme = buildTheme();

/** Before sign-in: the default theme. */
export function BaseTheme({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={defaultTheme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

/** After sign-in: the account's theme. */
export function AccountTheme({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const { data } = useQuery({
    queryKey: ['theme', session.account_no],
    // Typed by the contract, called without it: the theme is in the first load (no schemas there).
    queryFn: () => api.get<RouteReply<typeof sessionRoutes.theme>>(`/theme/${session.account_no}`),
    staleTime: 5 * 60_000,
  });
  const theme = useMemo(
    () => (data ? buildTheme(data.br_primary_colour, data.br_accent_colour) : defaultTheme),
    [data],
  );
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
