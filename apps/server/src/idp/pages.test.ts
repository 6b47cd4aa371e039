import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  colourModeFromCookies,
  field,
  forgotPasswordPage,
  inColourMode,
  messagePage,
  resetPasswordPage,
  signInPage,
  signUpPage,
} from './pages.js';

/** The attributes of the first element matching `selector`-like `<tag ... id="x"`, as a record. */
function attributesOf(page: string, tag: string, id: string): Record<string, string> {
  const element = new RegExp(`<${tag}\\b[^>]*\\bid="${id}"[^>]*>`).exec(page)?.[0];
  expect(element, `<${tag} id="${id}">`).toBeDefined();
  const attributes: Record<string, string> = {};
  for (const [, name, value] of element!.matchAll(/([\w-]+)(?:="([^"]*)")?/g)) attributes[name!] = value ?? '';
  return attributes;
}

function labelOf(page: string, id: string): string | undefined {
  return new RegExp(`<label for="${id}">([^<]*)</label>`).exec(page)?.[1];
}

describe('provider pages: labels and autocomplete that password managers understand', () => {
  it('sign-in: the address as the username and the current password', () => {
    const page = signInPage({ uid: 'abc' });
    expect(labelOf(page, 'email')).toBe('Email');
    expect(attributesOf(page, 'input', 'email')).toMatchObject({ type: 'email', autocomplete: 'username' });
    expect(labelOf(page, 'password')).toBe('Password');
    expect(attributesOf(page, 'input', 'password')).toMatchObject({
      type: 'password',
      autocomplete: 'current-password',
    });
    expect(page).toContain('href="/idp/forgot-password?interaction=abc"');
  });

  it('sign-up: given and family name, email and a new password', () => {
    const page = signUpPage({ uid: 'abc', minPasswordLength: 8 });
    expect(attributesOf(page, 'input', 'firstName')).toMatchObject({ autocomplete: 'given-name' });
    expect(attributesOf(page, 'input', 'lastName')).toMatchObject({ autocomplete: 'family-name' });
    expect(attributesOf(page, 'input', 'email')).toMatchObject({ type: 'email', autocomplete: 'email' });
    expect(attributesOf(page, 'input', 'password')).toMatchObject({ autocomplete: 'new-password' });
    expect(labelOf(page, 'firstName')).toBe('First name');
    expect(labelOf(page, 'lastName')).toBe('Last name');
  });

  it('forgot password: the address; reset: a new password saved under the account address', () => {
    expect(attributesOf(forgotPasswordPage({}), 'input', 'email')).toMatchObject({ autocomplete: 'email' });
    const reset = resetPasswordPage({ token: 't', email: 'ada@example.test', minPasswordLength: 8 });
    expect(attributesOf(reset, 'input', 'password')).toMatchObject({ autocomplete: 'new-password' });
    // Not named, so not sent: it only tells a password manager whose password this is.
    const username = attributesOf(reset, 'input', 'username');
    expect(username).toMatchObject({ autocomplete: 'username', value: 'ada@example.test' });
    expect(username).toHaveProperty('hidden');
    expect(username).not.toHaveProperty('name');
  });

  it('a one-time code field: numeric keyboard, no capitals or spelling fixes', () => {
    const code = field({
      name: 'code',
      label: 'Code',
      type: 'text',
      autocomplete: 'one-time-code',
      inputMode: 'numeric',
      maxLength: 6,
    }).value;
    expect(attributesOf(code, 'input', 'code')).toMatchObject({
      autocomplete: 'one-time-code',
      inputmode: 'numeric',
      maxlength: '6',
      autocapitalize: 'none',
      spellcheck: 'false',
    });
  });

  it('each password field has a show-password button, named by its text (not a second "Password" label)', () => {
    const page = signInPage({ uid: 'abc' });
    const button = /<button type="button" class="password-toggle"[^>]*>[\s\S]*?<\/button>/.exec(page)?.[0];
    expect(button).toBeDefined();
    expect(button).toContain('aria-controls="password"');
    expect(button).toContain('aria-pressed="false"');
    // Shown by the script only, so without it there is no button that does nothing.
    expect(button).toMatch(/\bhidden\b/);
    expect(button).toContain('<span class="visually-hidden">Show password</span>');
    expect(button).not.toContain('aria-label');
    expect(page).toContain('<script src="/idp/assets/password-toggle.js" defer></script>');
  });
});

describe('provider pages: messages', () => {
  it('marks a field in error with its message, described by it', () => {
    const page = signUpPage({
      uid: 'abc',
      minPasswordLength: 8,
      values: { firstName: 'x'.repeat(101) },
      errors: { form: 'Please correct the fields marked below.', fields: { firstName: 'Use at most 100 characters.' } },
    });
    expect(page).toContain('<p class="alert" role="alert">Please correct the fields marked below.</p>');
    expect(page).toContain('<p class="field-error" id="firstName-error">Use at most 100 characters.</p>');
    expect(attributesOf(page, 'input', 'firstName')).toMatchObject({
      'aria-invalid': 'true',
      'aria-describedby': 'firstName-error',
    });
  });

  it('escapes what a person typed', () => {
    const page = signInPage({ uid: 'abc', email: '"><script>alert(1)</script>' });
    expect(page).not.toContain('<script>alert(1)');
    expect(page).toContain('&#34;&#62;&#60;script&#62;');
  });

  it('shows a technical detail apart from the message', () => {
    const page = messagePage({
      title: 'Sign-in problem',
      message: 'Go back.',
      detail: 'Error code: invalid_request',
      returnUrl: '/',
    });
    expect(page).toContain('<p class="hint">Error code: invalid_request</p>');
  });
});

describe('provider pages: the colour mode chosen in the portal', () => {
  it('reads light or dark from the cookie; anything else follows the system', () => {
    expect(colourModeFromCookies('a=b; dxp-colour-mode=dark')).toBe('dark');
    expect(colourModeFromCookies('dxp-colour-mode=light')).toBe('light');
    expect(colourModeFromCookies('dxp-colour-mode=system')).toBe('system');
    expect(colourModeFromCookies('dxp-colour-mode=purple')).toBe('system');
    expect(colourModeFromCookies(undefined)).toBe('system');
  });

  it('draws a page in the chosen mode: its dark colours always, never, or as the system says', () => {
    const page = signInPage({ uid: 'abc' });
    const darkColours = (media: string) => `<link rel="stylesheet" href="/idp/assets/idp-dark.css" media="${media}" />`;
    expect(page.startsWith('<!doctype html><html lang="en" data-colour-mode="system">')).toBe(true);
    expect(page).toContain(darkColours('(prefers-color-scheme: dark)'));
    const dark = inColourMode(page, 'dark');
    expect(dark.startsWith('<!doctype html><html lang="en" data-colour-mode="dark">')).toBe(true);
    expect(dark).toContain(darkColours('all'));
    expect(dark.replace(darkColours('all'), darkColours('(prefers-color-scheme: dark)')).slice(60)).toBe(
      page.slice(62),
    );
    expect(inColourMode(page, 'light')).toContain(darkColours('not all'));
    expect(inColourMode(page, 'system')).toBe(page);
  });

  it("shows the product's logo mark and name", () => {
    const page = signInPage({ uid: 'abc' });
    expect(page).toMatch(/<p class="brand">\s*<svg aria-hidden="true" viewBox="0 0 32 32" class="brand-mark">/);
    expect(page).toContain('<span>DXP Portal</span>');
  });
});

/** `--name: value;` declarations of the first block whose selector is exactly `selector`. */
function tokensOf(css: string, selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  expect(start, selector).toBeGreaterThanOrEqual(0);
  const block = css.slice(start, css.indexOf('}', start));
  return new Map([...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name!, value!.trim()]));
}

describe("idp.css and idp-dark.css: the web app's colours", () => {
  const webCss = readFileSync(new URL('../../../web/src/styles.css', import.meta.url), 'utf8');
  const cases = [
    { provider: 'idp.css', web: ':root' },
    { provider: 'idp-dark.css', web: '.dark' },
  ];

  it.each(cases)('$provider has the values of $web in apps/web/src/styles.css', ({ provider, web }) => {
    const copies = tokensOf(readFileSync(new URL(`./assets/${provider}`, import.meta.url), 'utf8'), ':root');
    const source = tokensOf(webCss, web);
    expect(copies.size).toBeGreaterThan(10);
    for (const [name, value] of copies) expect({ name, value }).toEqual({ name, value: source.get(name) });
  });
});
