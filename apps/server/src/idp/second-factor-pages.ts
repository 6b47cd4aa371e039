import { field, formAlert, type FormErrors, html, layout, SafeHtml } from './pages.js';

/**
 * The provider pages of the second step of a sign-in (docs/decisions/0123-second-factors-built-in-provider.md):
 * a code from an authenticator app or a recovery code, and the enrolment MFA_POLICY asks for. They use the
 * layout of pages.ts; their few styles are in assets/second-factor.css.
 */

const stylesheet = html`<link rel="stylesheet" href="/idp/assets/second-factor.css" />`;

export type SecondFactorPageMethod = 'totp' | 'recovery-code';

export function secondFactorPage({
  uid,
  method,
  canUseRecoveryCode,
  errors,
  otherMethods,
}: {
  uid: string;
  method: SecondFactorPageMethod;
  canUseRecoveryCode: boolean;
  errors?: FormErrors | undefined;
  /** Other ways to pass this step (a passkey), shown below the form. */
  otherMethods?: SafeHtml | undefined;
}): string {
  const isRecovery = method === 'recovery-code';
  return layout({
    title: 'Two-factor authentication',
    body: html`${stylesheet}
      <h1>Two-factor authentication</h1>
      <p class="lead">
        ${
          isRecovery
            ? 'Enter one of the recovery codes you saved when you set up two-factor authentication. Each code works once.'
            : 'Open your authenticator app and enter the 6-digit code it shows for DXP Portal.'
        }
      </p>
      ${formAlert(errors)}
      <form method="post" action="/idp/interaction/${uid}/second-factor" novalidate>
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
            : field({
                name: 'code',
                label: 'Authentication code',
                type: 'text',
                autocomplete: 'one-time-code',
                inputMode: 'numeric',
                autofocus: true,
                maxLength: 7,
                error: errors?.fields?.code,
              })
        }
        <button type="submit">Verify</button>
      </form>
      ${otherMethods ?? ''}
      ${
        isRecovery
          ? html`<p class="switch">
              <a href="/idp/interaction/${uid}/second-factor">Use your authenticator app instead</a>
            </p>`
          : canUseRecoveryCode
            ? html`<p class="switch">
                Lost your phone?
                <a href="/idp/interaction/${uid}/second-factor?method=recovery-code">Use a recovery code</a>
              </p>`
            : ''
      }`,
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
        ${field({
          name: 'code',
          label: 'Code from the app',
          type: 'text',
          autocomplete: 'one-time-code',
          inputMode: 'numeric',
          autofocus: true,
          maxLength: 7,
          error: errors?.fields?.code,
        })}
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
