/**
 * The one form in which the portal compares email addresses: trimmed, Unicode NFC, lower case. The
 * address is kept as the person wrote it; only comparisons (and SQL's `lower(…)` indexes) use this form.
 */
export function normaliseEmail(email: string): string {
  return email.trim().normalize('NFC').toLowerCase();
}
