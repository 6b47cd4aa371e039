/** Server-rendered pages of the built-in provider: no inline script (CSP), every input labelled. */
import type { FastifyReply } from 'fastify';

const PRODUCT_NAME = 'DXP Portal';

/** HTML that is already escaped; everything else interpolated into `html` is escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  const rendered = strings.reduce((result, text, index) => {
    if (index === 0) return text;
    return result + renderValue(values[index - 1]) + text;
  }, '');
  return new SafeHtml(rendered);
}

function renderValue(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(renderValue).join('');
  if (value === undefined || value === null || value === false) return '';
  if (typeof value === 'string') return escapeHtml(value);
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/**
 * The colour mode a person chose in the portal (light, dark or system), which the web app also writes to this
 * cookie (apps/web/src/lib/colour-mode.ts) so these pages are drawn in it from the first paint.
 */
export const COLOUR_MODE_COOKIE = 'dxp-colour-mode';
export type ColourModePreference = 'system' | 'light' | 'dark';

export function colourModeFromCookies(cookieHeader: string | undefined): ColourModePreference {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === COLOUR_MODE_COOKIE && (value === 'light' || value === 'dark')) return value;
  }
  return 'system';
}

// Every page starts with exactly this and links the dark colours as `darkColours('system')`, so the colour mode can
// be set per request on a finished page.
const PAGE_START = '<!doctype html><html lang="en" data-colour-mode="system">';

/** When the dark colours apply in each mode: always, never, or as the system says (prefers-color-scheme). */
const darkColoursMedia: Record<ColourModePreference, string> = {
  system: '(prefers-color-scheme: dark)',
  dark: 'all',
  light: 'not all',
};

function darkColours(mode: ColourModePreference): string {
  return `<link rel="stylesheet" href="/idp/assets/idp-dark.css" media="${darkColoursMedia[mode]}" />`;
}

/** A rendered page in the given colour mode (`system` follows prefers-color-scheme). */
export function inColourMode(page: string, mode: ColourModePreference): string {
  if (mode === 'system' || !page.startsWith(PAGE_START)) return page;
  const rest = page.slice(PAGE_START.length).replace(darkColours('system'), darkColours(mode));
  return `<!doctype html><html lang="en" data-colour-mode="${mode}">${rest}`;
}

/** Sends a page of `layout`, uncached, in the colour mode of the request's cookie. */
export function sendPage(reply: FastifyReply, page: string): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(inColourMode(page, colourModeFromCookies(reply.request.headers.cookie)));
}

/** The product mark of the web app's header (apps/web/src/features/shell/product-logo.tsx), coloured by idp.css. */
const productLogo = html`<p class="brand">
  <svg aria-hidden="true" viewBox="0 0 32 32" class="brand-mark">
    <rect width="32" height="32" rx="8" class="brand-mark-tile" />
    <path d="M9 9h6.5a7 7 0 0 1 0 14H9z" class="brand-mark-letter" />
    <circle cx="22.5" cy="11" r="2.5" class="brand-mark-dot" />
  </svg>
  <span>${PRODUCT_NAME}</span>
</p>`;

export interface LayoutOptions {
  title: string;
  body: SafeHtml;
  /** A script file of /idp/assets (CSP: no inline script), besides the show-password toggle every page has. */
  script?: string | undefined;
}

/** The frame of every provider page: the product's logo over one centred card, as the portal's entry pages. */
export function layout({ title, body, script }: LayoutOptions): string {
  return `${PAGE_START}${
    html`
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · ${PRODUCT_NAME}</title>
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <link rel="stylesheet" href="/idp/assets/idp.css" />
        ${new SafeHtml(darkColours('system'))}
        <script src="/idp/assets/password-toggle.js" defer></script>
        ${script ? html`<script src="${script}" defer></script>` : ''}
      </head>
      <body>
        <main>
          ${productLogo}
          <div class="card">${body}</div>
        </main>
      </body>
    `.value
  }</html>`;
}

export interface FormErrors {
  /** A message about the whole form, announced to screen readers. */
  form?: string | undefined;
  fields?: Partial<Record<string, string>> | undefined;
}

export function formAlert(errors: FormErrors | undefined): SafeHtml {
  return html`${errors?.form ? html`<p class="alert" role="alert">${errors.form}</p>` : ''}`;
}

const eyeIcon = html`<svg aria-hidden="true" viewBox="0 0 24 24" class="icon icon-show">
  <path d="M2.06 12.35a1 1 0 0 1 0-.7 10.75 10.75 0 0 1 19.88 0 1 1 0 0 1 0 .7 10.75 10.75 0 0 1-19.88 0" />
  <circle cx="12" cy="12" r="3" />
</svg>`;
const eyeOffIcon = html`<svg aria-hidden="true" viewBox="0 0 24 24" class="icon icon-hide">
  <path d="M10.73 5.08a10.43 10.43 0 0 1 10.2 6.57 1 1 0 0 1 0 .7 10.75 10.75 0 0 1-1.44 2.49" />
  <path d="M14.08 14.16a3 3 0 0 1-4.24-4.24" />
  <path d="M17.48 17.5a10.75 10.75 0 0 1-15.42-5.15 1 1 0 0 1 0-.7 10.75 10.75 0 0 1 4.45-5.14" />
  <path d="m2 2 20 20" />
</svg>`;

/**
 * One labelled input with its hint and error. A password input gets a show-password button (hidden until
 * assets/password-toggle.js runs); its name comes from its text, not aria-label, so "Password" labels one control.
 */
export function field({
  name,
  label,
  type,
  autocomplete,
  value,
  hint,
  error,
  autofocus,
  inputMode,
  maxLength,
}: {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autocomplete: string;
  value?: string | undefined;
  hint?: string | undefined;
  error?: string | undefined;
  autofocus?: boolean | undefined;
  /** E.g. `numeric` for a one-time code. */
  inputMode?: 'numeric' | 'text' | 'email' | undefined;
  maxLength?: number | undefined;
}): SafeHtml {
  const describedBy = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ');
  // Addresses and codes are not words: no capital letter or spelling fix on phones.
  const verbatim = type === 'email' || autocomplete === 'one-time-code';
  const input = html`<input
    id="${name}"
    name="${name}"
    type="${type}"
    autocomplete="${autocomplete}"
    required${value ? html` value="${value}"` : ''}${
      describedBy ? html` aria-describedby="${describedBy}"` : ''
    }${error ? html` aria-invalid="true"` : ''}${autofocus ? html` autofocus` : ''}${
      inputMode ? html` inputmode="${inputMode}"` : ''
    }${maxLength ? html` maxlength="${maxLength}"` : ''}${verbatim ? html` autocapitalize="none" spellcheck="false"` : ''}
  />`;
  return html`<div class="field">
    <label for="${name}">${label}</label>
    ${
      type === 'password'
        ? html`<div class="password-input">
            ${input}
            <button type="button" class="password-toggle" aria-controls="${name}" aria-pressed="false" hidden>
              ${eyeIcon}${eyeOffIcon}<span class="visually-hidden">Show password</span>
            </button>
          </div>`
        : input
    }
    ${hint ? html`<p class="hint" id="${name}-hint">${hint}</p>` : ''}
    ${error ? html`<p class="field-error" id="${name}-error">${error}</p>` : ''}
  </div>`;
}

export function signInPage({
  uid,
  email,
  errors,
}: {
  uid: string;
  email?: string | undefined;
  errors?: FormErrors;
}): string {
  return layout({
    title: 'Sign in',
    body: html`<h1>Sign in</h1>
      ${formAlert(errors)}
      <form method="post" action="/idp/interaction/${uid}/sign-in" novalidate>
        ${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'username', value: email, autofocus: !email })}
        ${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', autofocus: Boolean(email) })}
        <button type="submit">Sign in</button>
      </form>
      ${passkeyButton({ uid })}
      <p class="switch"><a href="/idp/forgot-password?interaction=${uid}">Forgot password?</a></p>
      <p class="switch">New here? <a href="/idp/interaction/${uid}/sign-up">Create an account</a></p>`,
  });
}

/**
 * A passkey button (assets/passkey-sign-in.js), hidden until its script finds WebAuthn in the browser: "Sign in
 * with a passkey" on the sign-in page (idp/passkey-routes.ts), or the passkey of the second step after a password
 * (`path` second-factor/passkey, idp/second-factor-routes.ts). The script posts to `path`/options, then to `path`.
 * Its stylesheet and script are linked here, so the page frame stays the same for every page.
 */
export function passkeyButton({
  uid,
  path = 'passkey',
  label = 'Sign in with a passkey',
  divider = true,
}: {
  uid: string;
  path?: string;
  label?: string;
  divider?: boolean;
}): SafeHtml {
  return html`<div class="passkey-sign-in" data-passkey-sign-in data-uid="${uid}" data-path="${path}" hidden>
      ${divider ? html`<p class="passkey-divider">or</p>` : ''}
      <button type="button" class="passkey-button">
        <svg aria-hidden="true" viewBox="0 0 24 24" class="passkey-icon">
          <path
            d="M2.586 17.414A2 2 0 0 0 2 18.828V21a1 1 0 0 0 1 1h3a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h1a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h.172a2 2 0 0 0 1.414-.586l.814-.814a6.5 6.5 0 1 0-4-4z"
          />
          <circle cx="16.5" cy="7.5" r=".5" />
        </svg>
        ${label}
      </button>
      <p class="alert" role="alert" hidden></p>
    </div>
    <link rel="stylesheet" href="/idp/assets/passkey-sign-in.css" />
    <script src="/idp/assets/passkey-sign-in.js" defer></script>`;
}

export interface SignUpValues {
  email?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

export function signUpPage({
  uid,
  values = {},
  errors,
  minPasswordLength,
}: {
  uid: string;
  values?: SignUpValues;
  errors?: FormErrors;
  minPasswordLength: number;
}): string {
  const fieldErrors = errors?.fields ?? {};
  const fieldNames = ['firstName', 'lastName', 'email', 'password'];
  const focusedField = fieldNames.find((name) => fieldErrors[name]) ?? 'firstName';
  return layout({
    title: 'Create account',
    script: '/idp/assets/password-hint.js',
    body: html`<h1>Create your account</h1>
      ${formAlert(errors)}
      <form method="post" action="/idp/interaction/${uid}/sign-up" novalidate>
        ${field({ name: 'firstName', label: 'First name', type: 'text', autocomplete: 'given-name', value: values.firstName, error: fieldErrors.firstName, autofocus: focusedField === 'firstName' })}
        ${field({ name: 'lastName', label: 'Last name', type: 'text', autocomplete: 'family-name', value: values.lastName, error: fieldErrors.lastName, autofocus: focusedField === 'lastName' })}
        ${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: values.email, error: fieldErrors.email, autofocus: focusedField === 'email' })}
        ${field({
          name: 'password',
          label: 'Password',
          type: 'password',
          autocomplete: 'new-password',
          hint: `At least ${minPasswordLength} characters. Common passwords and your own name are refused; a few unrelated words make a good one.`,
          error: fieldErrors.password,
          autofocus: focusedField === 'password',
        })}
        <button type="submit">Create account</button>
      </form>
      <p class="switch">Already have an account? <a href="/idp/interaction/${uid}/sign-in">Sign in</a></p>`,
  });
}

/** A dead end with a way back, e.g. an expired sign-in or a provider error. */
export function messagePage({
  title,
  message,
  detail,
  returnUrl,
}: {
  title: string;
  message: string;
  /** A technical detail for support, shown small. */
  detail?: string | undefined;
  returnUrl: string;
}): string {
  return layout({
    title,
    body: html`<h1>${title}</h1>
      <p>${message}</p>
      ${detail ? html`<p class="hint">${detail}</p>` : ''}
      <p><a class="button" href="${returnUrl}">Back to ${PRODUCT_NAME}</a></p>`,
  });
}

/**
 * The provider's sign-out form. When the portal itself asked (`submitAtOnce`), a script file submits it at once,
 * so people are not asked to confirm a sign-out they just chose; otherwise (a link from anywhere) the button asks.
 */
export function signOutPage(providerForm: string, { submitAtOnce }: { submitAtOnce: boolean }): string {
  return layout({
    title: 'Signing out',
    script: submitAtOnce ? '/idp/assets/sign-out.js' : undefined,
    body: html`<h1>Signing out</h1>
      ${new SafeHtml(providerForm)}
      <button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>`,
  });
}

/**
 * After sign-up, for a new address and a taken one alike (the owner of a taken one gets a mail instead), so
 * the answer never tells whether an address has an account.
 */
export function checkEmailPage({ uid, email }: { uid: string; email: string }): string {
  return layout({
    title: 'Check your email',
    body: html`<h1>Check your email</h1>
      <p>We sent a message to <strong>${email}</strong>. Open the link in it to confirm that the address is yours.</p>
      <p>You can sign in now; team invites and administrator rights wait until the address is confirmed.</p>
      <p><a class="button" href="/idp/interaction/${uid}/sign-in">Continue to sign in</a></p>`,
  });
}

/** The page a verification link opens: a button, so a mail scanner fetching the link confirms nothing. */
export function verifyEmailPage({ token }: { token: string }): string {
  return layout({
    title: 'Confirm your email address',
    body: html`<h1>Confirm your email address</h1>
      <p>Confirm that this email address is yours.</p>
      <form method="post" action="/idp/verify-email">
        <input type="hidden" name="token" value="${token}" />
        <button type="submit">Confirm my email address</button>
      </form>`,
  });
}

export function forgotPasswordPage({
  email,
  interaction,
  sent = false,
  errors,
}: {
  email?: string | undefined;
  interaction?: string | undefined;
  /** After the form was sent: the same answer whether or not the address has an account. */
  sent?: boolean;
  errors?: FormErrors;
}): string {
  const backToSignIn = interaction
    ? html`<p class="switch"><a href="/idp/interaction/${interaction}/sign-in">Back to sign in</a></p>`
    : '';
  if (sent) {
    return layout({
      title: 'Check your email',
      body: html`<h1>Check your email</h1>
        <p>
          If an account uses <strong>${email}</strong>, we sent it a link to choose a new password. The link works for
          one hour.
        </p>
        ${backToSignIn}`,
    });
  }
  return layout({
    title: 'Forgot password',
    body: html`<h1>Forgot your password?</h1>
      ${formAlert(errors)}
      <p>Enter your email address and we will send you a link to choose a new password.</p>
      <form method="post" action="/idp/forgot-password" novalidate>
        ${interaction ? html`<input type="hidden" name="interaction" value="${interaction}" />` : ''}
        ${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: email, error: errors?.fields?.email, autofocus: true })}
        <button type="submit">Send reset link</button>
      </form>
      ${backToSignIn}`,
  });
}

export function resetPasswordPage({
  token,
  email,
  minPasswordLength,
  errors,
}: {
  token: string;
  /** The account's address, for password managers to save the new password under (not sent with the form). */
  email?: string | undefined;
  minPasswordLength: number;
  errors?: FormErrors;
}): string {
  return layout({
    title: 'Choose a new password',
    script: '/idp/assets/password-hint.js',
    body: html`<h1>Choose a new password</h1>
      ${formAlert(errors)}
      <form method="post" action="/idp/reset-password" novalidate>
        <input type="hidden" name="token" value="${token}" />
        ${email ? html`<input id="username" type="email" autocomplete="username" value="${email}" readonly hidden />` : ''}
        ${field({
          name: 'password',
          label: 'New password',
          type: 'password',
          autocomplete: 'new-password',
          hint: `At least ${minPasswordLength} characters. Common passwords are refused; a few unrelated words make a good one.`,
          error: errors?.fields?.password,
          autofocus: true,
        })}
        <button type="submit">Set new password</button>
      </form>`,
  });
}
