// The show-password button of each password field (pages.ts renders it hidden, so without this script there is
// none). The input keeps its name, id and autocomplete, and is a password input again when the form is sent, so
// password managers see the same form either way.
document.addEventListener('DOMContentLoaded', () => {
  for (const toggle of document.querySelectorAll('button.password-toggle')) {
    const input = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    if (!input) continue;
    const show = (visible) => {
      input.type = visible ? 'text' : 'password';
      toggle.setAttribute('aria-pressed', String(visible));
    };
    toggle.addEventListener('click', () => {
      show(input.type === 'password');
      input.focus();
    });
    input.form?.addEventListener('submit', () => show(false));
    toggle.hidden = false;
  }
});
