import { builder } from '../../graphql/builder.js';
import { builtInIssuerOf, requireActor } from '../../graphql/context.js';
import { emailedLinkType, handOverLink } from '../../graphql/handed-over-links.js';
import { passwordResetMail } from '../../idp/account-mails.js';
import { changeMyPassword, createPasswordResetLink } from './password.service.js';

const ChangeMyPasswordInput = builder.inputType('ChangeMyPasswordInput', {
  description: 'A new password for the built-in sign-in account, with the current one as proof.',
  fields: (t) => ({
    currentPassword: t.string({ required: true, description: 'The password the person signs in with now.' }),
    newPassword: t.string({
      required: true,
      description: 'At least 8 characters; common and easily guessed passwords are refused.',
    }),
  }),
});

const PasswordResetLinkType = emailedLinkType('PasswordResetLink', {
  type: 'A password-reset link made by a system administrator.',
  email: 'The address of the account the link resets.',
  mailed: 'Whether the link was mailed to the person (SMTP_URL is set).',
  link: 'The link to hand over yourself, only when no mail is configured; it works for one hour, once.',
});

builder.mutationFields((t) => ({
  changeMyPassword: t.boolean({
    authScopes: { notServiceKey: true },
    description:
      'Changes the password of a built-in sign-in account; the current password is required. Every sign-in ' +
      'session at the provider ends, so other devices sign in again.',
    args: {
      input: t.arg({ type: ChangeMyPasswordInput, required: true, description: 'The current and the new password.' }),
    },
    resolve: async (_root, { input }, context) => {
      await changeMyPassword(context.db, {
        actor: await requireActor(context),
        builtInIssuer: builtInIssuerOf(context.config.identity),
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
      });
      return true;
    },
  }),
  sendPasswordResetLink: t.field({
    type: PasswordResetLinkType,
    authScopes: { systemAdmin: true },
    description:
      'System administrators: a password-reset link for a person of the built-in provider, mailed to them, or ' +
      'returned to copy when no mail is configured. Earlier links stop working.',
    args: { userId: t.arg.id({ required: true, description: 'The person whose password is to be reset.' }) },
    resolve: async (_root, { userId }, context) => {
      const { mail, publicUrl } = context.config;
      const { email, link } = await createPasswordResetLink(context.db, {
        actor: await requireActor(context),
        userId,
        builtInIssuer: builtInIssuerOf(context.config.identity),
        publicUrl,
        mailed: mail !== undefined,
      });
      return { email, ...(await handOverLink(mail, { to: email, link, mailOf: passwordResetMail })) };
    },
  }),
}));
