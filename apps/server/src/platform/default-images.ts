/**
 * The images the panel shows when an account has no logo or a user no avatar (spec 1 §2: the avatar
 * then shows the initials of first name and surname), served instead of a 404 so that no page logs a
 * failed load: small SVGs drawn in the account's theme colours.
 */

/** Material Design's "phone" glyph (24 × 24). */
const HANDSET =
  'M6.62 10.79c1.44 2.83 3.76 5.14 6.59 6.59l2.2-2.2c.27-.27.67-.36 1.02-.24 1.12.37 2.33.57 3.57.57.55 0 1 .45 1 1V20c0 .55-.45 1-1 1-9.39 0-17-7.61-17-17 0-.55.45-1 1-1h3.5c.55 0 1 .45 1 1 0 1.25.2 2.45.57 3.57.11.35.03.74-.25 1.02z';

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

function colour(value: string, fallback: string): string {
  return HEX_COLOUR.test(value) ? value : fallback;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The default logo: a handset on a disc of the account's accent colour. */
export function defaultLogoSvg(accent: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32" role="img" aria-label="Logo">` +
    `<circle cx="16" cy="16" r="16" fill="${colour(accent, '#f36f21')}"/>` +
    `<path transform="translate(4 4)" fill="#ffffff" d="${HANDSET}"/></svg>`
  );
}

/** The initials of first name and surname, upper case ('' when both are empty). */
export function initialsOf(name: string, surname: string): string {
  return `${[...name.trim()][0] ?? ''}${[...surname.trim()][0] ?? ''}`.toUpperCase();
}

/** The default avatar: the user's initials on a disc of the account's accent colour. */
export function initialsAvatarSvg(initials: string, accent: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="72" height="72" viewBox="0 0 72 72" role="img" aria-label="${escapeXml(initials)}">` +
    `<circle cx="36" cy="36" r="36" fill="${colour(accent, '#f36f21')}"/>` +
    `<text x="36" y="36" dy=".35em" text-anchor="middle" fill="#ffffff" font-family="Roboto, 'Segoe UI', Helvetica, Arial, sans-serif" font-size="30" font-weight="500">${escapeXml(initials)}</text></svg>`
  );
}

/** Headers of a generated SVG: private (it names the account's colours and the user), no script. */
export const SVG_HEADERS = {
  'content-type': 'image/svg+xml; charset=utf-8',
  'cache-control': 'private, max-age=300',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
} as const;
