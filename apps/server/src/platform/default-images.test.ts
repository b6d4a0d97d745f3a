import { describe, expect, it } from 'vitest';
import { defaultLogoSvg, initialsAvatarSvg, initialsOf } from './default-images.ts';

describe('default images', () => {
  it('draws initials, escaped, and refuses a colour that is not #rrggbb', () => {
    expect(initialsOf(' rita ', 'retail')).toBe('RR');
    expect(initialsOf('', '')).toBe('');
    const svg = initialsAvatarSvg('<&', 'red" onload="x');
    expect(svg).toContain('&#60;&#38;</text>');
    expect(svg).not.toContain('onload');
    expect(svg).toContain('fill="#f36f21"');
    expect(defaultLogoSvg('#123abc')).toContain('fill="#123abc"');
  });
});
