// No zod here: screens that only display addresses (the dashboard, tiles, lists) import this file, and
// the forms' schemas live in web-address-schema.ts.

export const webAddressMaxLength = 2048;

/**
 * True for an absolute http(s) URL: the only kind the UI ever puts in an `href` or `src`. The same rule as
 * `webAddressSchema` (web-address-schema.ts).
 */
export function isWebAddress(value: string | null | undefined): value is string {
  if (value == null || value.length > webAddressMaxLength) return false;
  const trimmed = value.trim();
  // As zod: `http:example.com` and `https:/path` parse as URLs but are not what anyone typed as one.
  if (!/^https?:\/\//i.test(trimmed)) return false;
  try {
    const { protocol } = new URL(trimmed);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
