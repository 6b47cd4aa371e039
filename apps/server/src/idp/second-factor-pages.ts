import { field, formAlert, type FormErrors, html, layout, passkeyButton, SafeHtml } from './pages.js';

/**
 * The provider pages of the second step of a sign-in (docs/decisions/0123-second-factors-built-in-provider.md and
 * docs/decisions/0132-passkey-second-step-and-admin-reset.md): a code from an authenticator app, a recovery code or
 * a passkey, and the enrolment MFA_POLICY asks for. They use the layout of pages.ts; their few styles are in
 * assets/second-factor.css.
 */

const stylesheet = html`<link rel="stylesheet" href="/idp/assets/second-factor.css" />`;

/** The field for the 6-digit code of an authenticator app; 7 characters, so a code typed as `123 456` fits. */
const appCodeField = (label: string, errors: FormErrors | undefined) =>
  field({
    name: 'code',
    label,
    type: 'text',
    autocomplete: 'one-time-code',
    inputMode: 'numeric',
    autofocus: true,
    maxLength: 7,
    error: errors?.fields?.code,
  });

export type SecondFactorPageMethod = 'totp' | 'recovery-code' | 'passkey';

/**
 * The second step: the code form of the authenticator app or of a recovery code, and a passkey button when the
 * account has passkeys. A person with passkeys and no app (`method` passkey) gets the button alone.
 */
export function secondFactorPage({
  uid,
  method,
  canUseTotp = true,
  canUseRecoveryCode,
  canUsePasskey = false,
  errors,
}: {
  uid: string;
  method: SecondFactorPageMethod;
  canUseTotp?: boolean | undefined;
  canUseRecoveryCode: boolean;
  canUsePasskey?: boolean | undefined;
  errors?: FormErrors | undefined;
}): string {
  const isRecovery = method === 'recovery-code';
  const passkeyOnly = method === 'passkey';
  const lead = passkeyOnly
    ? 'Confirm it is you with one of your passkeys: your device asks for your fingerprint, face or screen lock.'
    : isRecovery
      ? 'Enter one of the recovery codes you saved when you set up two-factor authentication. Each code works once.'
      : 'Open your authenticator app and enter the 6-digit code it shows for DXP Portal.';
  const codeForm = html`<form method="post" action="/idp/interaction/${uid}/second-factor" novalidate>
    <input type="hidden" name="method" value="${method}" />
    ${
      isRecovery
        ? field({
            name: 'code',
            label: 'Recovery code',
            type: 'text',
            autocomplete: 'off',
            autofocus: true,
            maxLength: 20,
            error: errors?.fields?.code,
          })
        : appCodeField('Authentication code', errors)
    }
    <button type="submit">Verify</button>
  </form>`;
  const passkey = canUsePasskey
    ? html`${passkeyButton({
        uid,
        path: 'second-factor/passkey',
        label: passkeyOnly ? 'Use a passkey' : 'Use a passkey instead',
        divider: !passkeyOnly,
      })}
      ${
        passkeyOnly
          ? html`<p class="hint" data-passkey-unsupported>
              This browser cannot use passkeys. Sign in on a device that has your passkey, or ask an administrator of
              the portal to reset your two-factor authentication.
            </p>`
          : ''
      }`
    : '';
  const switches = [
    isRecovery || (passkeyOnly && canUseTotp)
      ? html`<p class="switch">
          <a href="/idp/interaction/${uid}/second-factor">Use your authenticator app instead</a>
        </p>`
      : '',
    !isRecovery && canUseRecoveryCode
      ? html`<p class="switch">
          Lost your phone?
          <a href="/idp/interaction/${uid}/second-factor?method=recovery-code">Use a recovery code</a>
        </p>`
      : '',
  ];
  return layout({
    title: 'Two-factor authentication',
    body: html`${stylesheet}
      <h1>Two-factor authentication</h1>
      <p class="lead">${lead}</p>
      ${formAlert(errors)} ${passkeyOnly ? '' : codeForm} ${passkey} ${switches}`,
  });
}

export function enrolTotpPage({
  uid,
  secret,
  qrCodeSvg,
  errors,
}: {
  uid: string;
  secret: string;
  qrCodeSvg: string;
  errors?: FormErrors | undefined;
}): string {
  // uqr's SVG has no script or style attributes; it is our own output, not the person's input.
  const qrCode = new SafeHtml(
    qrCodeSvg.replace('<svg ', '<svg role="img" aria-label="QR code for your authenticator app" '),
  );
  return layout({
    title: 'Set up two-factor authentication',
    body: html`${stylesheet}
      <h1>Set up two-factor authentication</h1>
      <p class="lead">
        DXP Portal asks for a second step when you sign in. Scan this QR code with an authenticator app (such as Google
        Authenticator, Microsoft Authenticator or 1Password), then enter the code it shows.
      </p>
      <div class="qr-code">${qrCode}</div>
      <p class="hint">Can't scan it? Enter this key in the app instead:</p>
      <p class="secret"><code id="totp-secret">${secret.replace(/(.{4})/g, '$1 ').trim()}</code></p>
      ${formAlert(errors)}
      <form method="post" action="/idp/interaction/${uid}/enrol-totp" novalidate>
        ${appCodeField('Code from the app', errors)}
        <button type="submit">Turn on</button>
      </form>`,
  });
}

export function recoveryCodesPage({ uid, codes }: { uid: string; codes: string[] }): string {
  return layout({
    title: 'Save your recovery codes',
    body: html`${stylesheet}
      <h1>Save your recovery codes</h1>
      <p class="lead">
        Two-factor authentication is on. If you lose your phone, each of these codes signs you in once. Save them in a
        password manager or print them: they are shown only now.
      </p>
      <ul class="recovery-codes" aria-label="Recovery codes">
        ${codes.map((code) => html`<li><code>${code}</code></li>`)}
      </ul>
      <form method="post" action="/idp/interaction/${uid}/enrol-totp/done">
        <button type="submit">I saved them, continue</button>
      </form>`,
  });
}
