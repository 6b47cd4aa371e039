// A passkey button of the provider's pages (passkeyButton in idp/pages.ts): "Sign in with a passkey" on the sign-in
// page (idp/passkey-routes.ts) or the passkey of the second step (idp/second-factor-routes.ts). The section stays
// hidden in a browser without WebAuthn, and a page's [data-passkey-unsupported] note shows instead. Options and
// answers travel as WebAuthn's JSON forms (base64url for binary values).
(() => {
  const section = document.querySelector('[data-passkey-sign-in]');
  if (!section || !window.PublicKeyCredential || !navigator.credentials) return;
  for (const note of document.querySelectorAll('[data-passkey-unsupported]')) note.hidden = true;
  const uid = section.getAttribute('data-uid');
  const endpoint = section.getAttribute('data-path') || 'passkey';
  const button = section.querySelector('button');
  const alert = section.querySelector('[role="alert"]');
  section.hidden = false;

  const toBytes = (base64url) => {
    const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    return Uint8Array.from(binary, (character) => character.charCodeAt(0)).buffer;
  };
  const toBase64url = (buffer) =>
    btoa(String.fromCharCode(...new Uint8Array(buffer)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');

  const showError = (message) => {
    alert.textContent = message;
    alert.hidden = false;
  };

  const post = async (path, body) => {
    const response = await fetch(`/idp/interaction/${encodeURIComponent(uid)}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
      credentials: 'same-origin',
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(answer.error || 'Signing in with a passkey failed. Try again.');
    return answer;
  };

  button.addEventListener('click', async () => {
    alert.hidden = true;
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    try {
      const options = await post(`${endpoint}/options`);
      const credential = await navigator.credentials.get({
        publicKey: {
          ...options,
          challenge: toBytes(options.challenge),
          allowCredentials: (options.allowCredentials || []).map((allowed) => ({
            ...allowed,
            id: toBytes(allowed.id),
          })),
        },
      });
      if (!credential) throw new Error('No passkey was chosen.');
      const { response } = credential;
      const { redirectTo } = await post(endpoint, {
        response: {
          id: credential.id,
          rawId: toBase64url(credential.rawId),
          type: credential.type,
          authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
          clientExtensionResults: credential.getClientExtensionResults(),
          response: {
            clientDataJSON: toBase64url(response.clientDataJSON),
            authenticatorData: toBase64url(response.authenticatorData),
            signature: toBase64url(response.signature),
            userHandle: response.userHandle ? toBase64url(response.userHandle) : undefined,
          },
        },
      });
      window.location.assign(redirectTo);
    } catch (error) {
      // The person closing the browser's passkey dialog is no failure worth a message.
      if (error && error.name === 'NotAllowedError') showError('Signing in with a passkey was cancelled or timed out.');
      else showError(error instanceof Error ? error.message : 'Signing in with a passkey failed. Try again.');
    } finally {
      button.disabled = false;
      button.removeAttribute('aria-busy');
    }
  });
})();
