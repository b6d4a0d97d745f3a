import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { activeItemColour, buildTheme, legible } from './theme.tsx';

/** WCAG 2 AA for normal text (1.4.3). */
const AA = 4.5;

describe('theme colours (WCAG 2 AA contrast)', () => {
  it('the warning colour reads as text on white and under white text (outlined button, Unpaid chip)', () => {
    const { warning } = buildTheme().palette;
    expect(getContrastRatio(warning.main, '#fff')).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(warning.contrastText, warning.main)).toBeGreaterThanOrEqual(AA);
  });

  it('the active sidebar item reads on its selected background, for the default and for a light account colour', () => {
    for (const primary of [undefined, '#4fa3d9', '#f5c400']) {
      const theme = buildTheme(primary);
      const { colour, background } = activeItemColour(theme);
      expect(getContrastRatio(colour, background), `${primary}`).toBeGreaterThanOrEqual(AA);
    }
    // The default blue keeps its look: only as much darker as it needs.
    const { colour } = activeItemColour(buildTheme());
    expect(getContrastRatio(colour, '#1671aa')).toBeLessThan(1.15);
  });

  it('legible leaves a colour that reads already as it is', () => {
    expect(legible('#1671aa', '#ffffff')).toBe('#1671aa');
  });
});
