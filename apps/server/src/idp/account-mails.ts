import { type RenderedMail, renderMail } from '../mail/mail-layout.js';
import { ACCOUNT_TOKEN_LIFETIME_MINUTES, SET_PASSWORD_LINK_LIFETIME_MINUTES } from './account-tokens.js';

/** The links a mail may carry; `publicUrl` is the portal's external address. */
export const verifyEmailLink = (publicUrl: string, token: string) =>
  `${publicUrl}/idp/verify-email?token=${encodeURIComponent(token)}`;
export const resetPasswordLink = (publicUrl: string, token: string) =>
  `${publicUrl}/idp/reset-password?token=${encodeURIComponent(token)}`;

export function verificationMail(link: string): RenderedMail {
  return renderMail({
    subject: 'Confirm your email address',
    heading: 'Confirm your email address',
    paragraphs: ['Someone, hopefully you, created a DXP Portal account with this address. Confirm that it is yours.'],
    action: { label: 'Confirm my email address', url: link },
    footnote: `The link works for ${ACCOUNT_TOKEN_LIFETIME_MINUTES['verify-email'] / 60} hours. If you did not create an account, ignore this mail.`,
  });
}

/** To the owner of an address someone tried to sign up with again, instead of telling the form. */
export function accountExistsMail({ signInUrl, forgotPasswordUrl }: { signInUrl: string; forgotPasswordUrl: string }) {
  return renderMail({
    subject: 'You already have an account',
    heading: 'You already have an account',
    paragraphs: [
      'Someone, hopefully you, tried to create a DXP Portal account with this address. You already have an account, so nothing was created.',
      `If you forgot your password, choose a new one: ${forgotPasswordUrl}`,
    ],
    action: { label: 'Sign in', url: signInUrl },
    footnote: 'If this was not you, you can ignore this mail: your account is unchanged.',
  });
}

export function passwordResetMail(link: string): RenderedMail {
  return renderMail({
    subject: 'Choose a new password',
    heading: 'Choose a new password',
    paragraphs: ['Someone, hopefully you, asked to reset the password of your DXP Portal account.'],
    action: { label: 'Choose a new password', url: link },
    footnote: `The link works for one hour and only once. If you did not ask for it, ignore this mail: your password stays as it is.`,
  });
}

/** To a person a system administrator added: the link sets their first password (and proves the address). */
export function accountCreatedMail(link: string): RenderedMail {
  return renderMail({
    subject: 'Your DXP Portal account',
    heading: 'Your DXP Portal account is ready',
    paragraphs: [
      'An administrator created a DXP Portal account for you with this address. Choose a password to start.',
    ],
    action: { label: 'Choose my password', url: link },
    footnote: `The link works for ${SET_PASSWORD_LINK_LIFETIME_MINUTES / (24 * 60)} days and only once. If you did not expect this account, ignore this mail.`,
  });
}
