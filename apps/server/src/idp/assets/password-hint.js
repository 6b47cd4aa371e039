// Tells the person, as they type a new password, what the server's policy will say about it (the same
// check, asked at /idp/password-check), so the form is not a guessing game.
document.addEventListener('DOMContentLoaded', () => {
  const input = document.querySelector('input[name="password"][autocomplete="new-password"]');
  if (!input) return;
  const status = document.createElement('p');
  status.id = 'password-status';
  status.className = 'hint';
  status.setAttribute('aria-live', 'polite');
  input.closest('.field').append(status);
  input.setAttribute('aria-describedby', `${input.getAttribute('aria-describedby') ?? ''} password-status`.trim());
  const valueOf = (name) => document.querySelector(`input[name="${name}"]`)?.value ?? '';
  let timer;
  let latest = 0;
  input.addEventListener('input', () => {
    clearTimeout(timer);
    const password = input.value;
    const missing = 8 - [...password].length;
    if (password === '') {
      status.textContent = '';
      return;
    }
    if (missing > 0) {
      status.textContent = `${missing} more ${missing === 1 ? 'character' : 'characters'} needed.`;
      return;
    }
    timer = setTimeout(async () => {
      const request = ++latest;
      try {
        const response = await fetch('/idp/password-check', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            password,
            email: valueOf('email'),
            firstName: valueOf('firstName'),
            lastName: valueOf('lastName'),
            token: valueOf('token'),
          }),
        });
        if (!response.ok || request !== latest) return;
        const { problem } = await response.json();
        status.textContent = problem ?? 'This password is fine.';
      } catch {
        // The server checks again when the form is sent.
      }
    }, 300);
  });
});
