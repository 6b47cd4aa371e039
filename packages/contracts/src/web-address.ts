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

/**
 * What a person typed as a web address, made whole: a bare host such as `github.com` or `github.com/org` gains
 * `https://`. Anything with a scheme (`http://…`, `javascript:…`), a relative path or a space stays as typed, so
 * the schema still refuses it.
 */
export function completeWebAddress(text: string): string {
  const trimmed = text.trim();
  const host = /^([^/?#\s:]+)(:\d+)?([/?#]|$)/.exec(trimmed)?.[1];
  const looksLikeHost = host !== undefined && (host.includes('.') || host.toLowerCase() === 'localhost');
  return looksLikeHost && !/\s/.test(trimmed) ? `https://${trimmed}` : trimmed;
}

/**
 * The spellings under which an address may already be saved: http and https, with and without `www.`, with
 * and without a trailing slash (the host in lower case). Empty for what is not a web address.
 */
export function webAddressSpellings(text: string): string[] {
  const address = completeWebAddress(text);
  if (!isWebAddress(address)) return [];
  const url = new URL(address);
  const host = url.host.replace(/^www\./, '');
  const rest = `${url.pathname}${url.search}${url.hash}`;
  const paths = rest === '/' ? ['', '/'] : rest.endsWith('/') ? [rest, rest.slice(0, -1)] : [rest, `${rest}/`];
  return ['https:', 'http:'].flatMap((protocol) =>
    [host, `www.${host}`].flatMap((hostSpelling) => paths.map((path) => `${protocol}//${hostSpelling}${path}`)),
  );
}
