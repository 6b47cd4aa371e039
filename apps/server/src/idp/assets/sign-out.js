// Completes the sign-out the user asked for in the portal without a second confirmation.
document.addEventListener('DOMContentLoaded', () => {
  const form = document.getElementById('op.logoutForm');
  if (!form) return;
  const logout = document.createElement('input');
  logout.type = 'hidden';
  logout.name = 'logout';
  logout.value = 'yes';
  form.append(logout);
  form.submit();
});
