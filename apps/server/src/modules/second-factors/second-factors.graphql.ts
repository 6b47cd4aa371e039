import { builder } from '../../graphql/builder.js';
import { nullableDateTime } from '../../graphql/field-options.js';
import { builtInIssuerOf, type GraphqlContext, requireActor } from '../../graphql/context.js';
import type { TotpEnrolment } from '../../idp/second-factors.js';
import {
  confirmMyTotpEnrolment,
  mySecondFactorStatus,
  regenerateMyRecoveryCodes,
  removeMyTotp,
  type SecondFactorCaller,
  type SecondFactorStatus,
  startMyTotpEnrolment,
} from './second-factors.service.js';

const SecondFactorStatusType = builder.objectRef<SecondFactorStatus>('SecondFactorStatus').implement({
  description:
    "The signed-in person's second factors at the built-in provider (an authenticator app and recovery codes).",
  fields: (t) => ({
    managedHere: t.exposeBoolean('managedHere', {
      description:
        'False when the person signs in with an external identity provider: the portal then relies on that provider for second factors.',
    }),
    totpEnabledAt: t.expose(
      'totpEnabledAt',
      nullableDateTime('When the authenticator app was confirmed; null when none is set up.'),
    ),
    recoveryCodesLeft: t.exposeInt('recoveryCodesLeft', {
      description: 'How many unused recovery codes are left (0 without an authenticator app).',
    }),
    required: t.exposeBoolean('required', {
      description:
        'True when MFA_POLICY requires a second factor of this person and they have no passkey: the authenticator app is then required and cannot be turned off.',
    }),
  }),
});

const TotpEnrolmentType = builder.objectRef<TotpEnrolment>('TotpEnrolment').implement({
  description: 'A new authenticator-app secret, shown until confirmTotpEnrolment and never again.',
  fields: (t) => ({
    secret: t.exposeString('secret', { description: 'The shared secret, base32, to type into an app by hand.' }),
    uri: t.exposeString('uri', { description: 'The otpauth:// URI an app reads from the QR code.' }),
    qrCodeSvg: t.exposeString('qrCodeSvg', { description: 'The URI as a QR code: an SVG document.' }),
  }),
});

const RecoveryCodesType = builder.objectRef<{ codes: string[] }>('RecoveryCodes').implement({
  description: 'Ten single-use recovery codes, shown once: only their hashes are kept.',
  fields: (t) => ({
    codes: t.exposeStringList('codes', { description: 'The codes; each signs in once instead of an app code.' }),
  }),
});

const ConfirmTotpEnrolmentInput = builder.inputType('ConfirmTotpEnrolmentInput', {
  description: 'The first code of the authenticator app, which proves it holds the secret.',
  fields: (t) => ({
    code: t.string({ required: true, description: 'The 6-digit code the app shows now.' }),
  }),
});

const RemoveTotpInput = builder.inputType('RemoveTotpInput', {
  description: 'Proof that the person at the browser is the owner: the current password or a current app code.',
  fields: (t) => ({
    password: t.string({ required: false, description: 'The current password (a 6-digit app code also works here).' }),
    code: t.string({ required: false, description: 'A current code of the authenticator app.' }),
  }),
});

/** Second factors are the person's own: a service key may not see or change them. */
const notServiceKey = { notServiceKey: true } as const;

const callerOf = async (context: GraphqlContext): Promise<SecondFactorCaller> => ({
  actor: await requireActor(context),
  builtInIssuer: builtInIssuerOf(context.config.identity),
  mfaPolicy: context.config.mfaPolicy,
});

builder.queryFields((t) => ({
  mySecondFactors: t.field({
    type: SecondFactorStatusType,
    authScopes: notServiceKey,
    description:
      "The signed-in person's two-factor authentication: whether an authenticator app is set up and how many recovery codes are left.",
    resolve: async (_root, _args, context) => mySecondFactorStatus(context.db, await callerOf(context)),
  }),
}));

builder.mutationFields((t) => ({
  startTotpEnrolment: t.field({
    type: TotpEnrolmentType,
    authScopes: notServiceKey,
    description:
      'Begins setting up an authenticator app: a new secret with its otpauth URI and QR code. Nothing changes at sign-in until confirmTotpEnrolment. Built-in provider accounts only.',
    resolve: async (_root, _args, context) => startMyTotpEnrolment(context.db, await callerOf(context)),
  }),
  confirmTotpEnrolment: t.field({
    type: RecoveryCodesType,
    authScopes: notServiceKey,
    description:
      'Turns the authenticator app on with its first code and answers ten recovery codes, shown only now. Your other sessions end, and you are notified.',
    args: {
      input: t.arg({ type: ConfirmTotpEnrolmentInput, required: true, description: 'The first code from the app.' }),
    },
    resolve: async (_root, { input }, context) => ({
      codes: await confirmMyTotpEnrolment(context.db, { ...(await callerOf(context)), input }),
    }),
  }),
  removeTotp: t.field({
    type: SecondFactorStatusType,
    authScopes: notServiceKey,
    description:
      'Turns the authenticator app off and deletes the recovery codes; needs the current password or an app code. Your other sessions end, and you are notified.',
    args: {
      input: t.arg({ type: RemoveTotpInput, required: true, description: 'The current password or an app code.' }),
    },
    resolve: async (_root, { input }, context) => removeMyTotp(context.db, { ...(await callerOf(context)), input }),
  }),
  regenerateRecoveryCodes: t.field({
    type: RecoveryCodesType,
    authScopes: notServiceKey,
    description: 'Replaces the recovery codes with ten new ones, shown only now; the old codes stop working.',
    resolve: async (_root, _args, context) => ({
      codes: await regenerateMyRecoveryCodes(context.db, await callerOf(context)),
    }),
  }),
}));
