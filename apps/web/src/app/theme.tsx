/**
 * The MUI theme from the account's colours (defaults #1671aa / #f36f21), tab width 135 px; the
 * colours used as text are kept at WCAG 2 AA contrast (4.5:1), darkened only as much as they need.
 */

import CssBaseline from '@mui/material/CssBaseline';
import {
  createTheme,
  darken,
  decomposeColor,
  getContrastRatio,
  recomposeColor,
  THEME_ID,
  type Theme,
} from '@mui/material/styles';
import { ThemeProvider as SystemThemeProvider } from '@mui/system';
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

/** WCAG 2 AA's contrast for normal text (1.4.3). */
const AA_CONTRAST = 4.5;

/** `colour` as text on `background` at AA contrast: darkened in small steps until it reads. */
export function legible(colour: string, background: string): string {
  let result = colour;
  for (let amount = 0.02; getContrastRatio(result, background) < AA_CONTRAST && amount <= 1; amount += 0.02) {
    result = darken(colour, amount);
  }
  return result;
}

/** A translucent `overlay` laid on the opaque `base`, as the screen shows it. */
function flatten(overlay: string, base: string): string {
  const top = decomposeColor(overlay);
  const bottom = decomposeColor(base);
  const opacity = top.values[3] ?? 1;
  const mixed = [0, 1, 2].map((i) =>
    Math.round((top.values[i] ?? 0) * opacity + (bottom.values[i] ?? 0) * (1 - opacity)),
  );
  return recomposeColor({ type: 'rgb', values: [mixed[0] ?? 0, mixed[1] ?? 0, mixed[2] ?? 0] });
}

/** The active sidebar item: the account's colour on the selected background, legible there. */
export function activeItemColour(theme: Theme): { colour: string; background: string } {
  const background = flatten(theme.palette.action.selected, theme.palette.background.paper);
  return { colour: legible(theme.palette.primary.main, background), background };
}

/** MUI's warning amber (#ed6c02, 3.1:1 on white) deepened to read as text and under white text. */
const WARNING = legible('#ed6c02', '#ffffff');

export function buildTheme(primary: string = DEFAULT_THEME.primary, accent: string = DEFAULT_THEME.accent) {
  const still = reducedMotion();
  return createTheme({
    ...(still ? NO_MOTION : {}),
    palette: {
      primary: { main: primary },
      secondary: { main: accent },
      warning: { main: WARNING, contrastText: '#fff' },
      background: { default: '#f7f8fa' },
    },
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

/**
 * MUI's ThemeProvider for a theme without CSS variables (ours): what @mui/material's ThemeProvider
 * renders for it, without the CSS-variables provider it also imports (3 KB gzip of the first load).
 */
function ThemeProvider({ theme, children }: { theme: Theme; children: ReactNode }) {
  return (
    <SystemThemeProvider themeId={THEME_ID} theme={theme}>
      {children}
    </SystemThemeProvider>
  );
}

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
