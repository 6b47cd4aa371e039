import type { PasskeyRow } from '../../db/schema/passkeys.js';
import { builder } from '../../graphql/builder.js';
import { dateTime, nullableDateTime } from '../../graphql/field-options.js';
import { builtInIssuerOf, requireActor } from '../../graphql/context.js';
import { relyingPartyOf } from '../../idp/passkeys.js';
import {
  finishMyPasskeyRegistration,
  listMyPasskeys,
  removeMyPasskey,
  renameMyPasskey,
  startMyPasskeyRegistration,
} from './passkeys.service.js';

const PasskeyType = builder.objectRef<PasskeyRow>('Passkey').implement({
  description:
    'A passkey (WebAuthn credential) of the built-in sign-in account: it signs in without a password, or confirms a password sign-in.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Identifies the passkey for renamePasskey and removePasskey.' }),
    name: t.exposeString('name', { description: 'The name the person gave it, to tell their passkeys apart.' }),
    createdAt: t.expose('createdAt', dateTime('When it was added.')),
    lastUsedAt: t.expose('lastUsedAt', nullableDateTime('When it last signed in; null until its first use.')),
    backedUp: t.exposeBoolean('backedUp', {
      description:
        "True when the authenticator syncs it between the person's devices (a password manager or cloud keychain).",
    }),
  }),
});

const FinishPasskeyRegistrationInput = builder.inputType('FinishPasskeyRegistrationInput', {
  description: "The browser's answer to startPasskeyRegistration, with a name for the new passkey.",
  fields: (t) => ({
    name: t.string({ required: true, description: 'A name to tell the passkey apart, 1 to 60 characters.' }),
    response: t.string({
      required: true,
      description: 'The RegistrationResponseJSON of navigator.credentials.create(), as JSON text.',
    }),
  }),
});

const RenamePasskeyInput = builder.inputType('RenamePasskeyInput', {
  description: 'A new name for one of your passkeys.',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The passkey (`Passkey.id` from myPasskeys).' }),
    name: t.string({ required: true, description: 'The new name, 1 to 60 characters.' }),
  }),
});

/** Passkeys are the person's own: a service key may not see or change them. */
const notServiceKey = { notServiceKey: true } as const;

builder.queryFields((t) => ({
  myPasskeys: t.field({
    type: [PasskeyType],
    authScopes: notServiceKey,
    description:
      "The signed-in person's passkeys, oldest first; always empty for an account of an external identity provider.",
    resolve: async (_root, _args, context) =>
      listMyPasskeys(context.db, {
        actor: await requireActor(context),
        builtInIssuer: builtInIssuerOf(context.config.identity),
      }),
  }),
}));

builder.mutationFields((t) => ({
  startPasskeyRegistration: t.string({
    authScopes: notServiceKey,
    description:
      'Begins adding a passkey: answers the options for navigator.credentials.create() as JSON text. Their challenge works once, for five minutes. Built-in provider accounts only.',
    resolve: async (_root, _args, context) =>
      startMyPasskeyRegistration(context.db, {
        actor: await requireActor(context),
        builtInIssuer: builtInIssuerOf(context.config.identity),
        relyingParty: relyingPartyOf(context.config.publicUrl),
      }),
  }),
  finishPasskeyRegistration: t.field({
    type: PasskeyType,
    authScopes: notServiceKey,
    description:
      "Adds the passkey the browser created for startPasskeyRegistration's options. Your other sessions end, and you are notified.",
    args: {
      input: t.arg({
        type: FinishPasskeyRegistrationInput,
        required: true,
        description: "The new passkey's name and the browser's answer.",
      }),
    },
    resolve: async (_root, { input }, context) =>
      finishMyPasskeyRegistration(context.db, {
        actor: await requireActor(context),
        builtInIssuer: builtInIssuerOf(context.config.identity),
        relyingParty: relyingPartyOf(context.config.publicUrl),
        input,
      }),
  }),
  renamePasskey: t.field({
    type: PasskeyType,
    authScopes: notServiceKey,
    description: 'Renames one of your passkeys.',
    args: { input: t.arg({ type: RenamePasskeyInput, required: true, description: 'The passkey and its new name.' }) },
    resolve: async (_root, { input }, context) =>
      renameMyPasskey(context.db, {
        actor: await requireActor(context),
        builtInIssuer: builtInIssuerOf(context.config.identity),
        input: { id: String(input.id), name: input.name },
      }),
  }),
  removePasskey: t.field({
    type: PasskeyType,
    authScopes: notServiceKey,
    description:
      'Removes one of your passkeys: it no longer signs in. Your other sessions end, and you are notified. Answers the removed passkey.',
    args: { id: t.arg.id({ required: true, description: 'The passkey to remove (`Passkey.id` from myPasskeys).' }) },
    resolve: async (_root, { id }, context) =>
      removeMyPasskey(context.db, {
        actor: await requireActor(context),
        builtInIssuer: builtInIssuerOf(context.config.identity),
        mfaPolicy: context.config.mfaPolicy,
        passkeyId: String(id),
      }),
  }),
}));
