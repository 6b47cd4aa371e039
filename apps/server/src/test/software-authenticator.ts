import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type { DatabaseExecutor } from '../db/client.js';
import { findIdentityAccountById } from '../idp/identity-accounts.js';
import { finishPasskeyRegistration, relyingPartyOf, startPasskeyRegistration } from '../idp/passkeys.js';

const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());

const concat = (...parts: Uint8Array[]) => {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
};

const uint32 = (value: number) =>
  new Uint8Array([value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255]);

/** Authenticator data flags (WebAuthn §6.1): user present, user verified, attested credential data. */
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

interface StoredCredential {
  id: Uint8Array<ArrayBuffer>;
  privateKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

/**
 * A software passkey authenticator for tests: an EC P-256 key per credential, `none` attestation, discoverable
 * credentials with user verification, and a signature counter that grows by one per assertion. What it answers is
 * exactly what a browser's navigator.credentials calls return as JSON, so the server checks real signatures.
 */
export class SoftwareAuthenticator {
  readonly credentials: StoredCredential[] = [];

  constructor(private readonly origin: string) {}

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): string {
    return JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false });
  }

  /** navigator.credentials.create(): a new credential for the options' relying party and user. */
  register(options: PublicKeyCredentialCreationOptionsJSON): RegistrationResponseJSON {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]);
    const id = new Uint8Array(randomBytes(32));
    const authData = concat(
      sha256(rpId),
      new Uint8Array([FLAG_UP | FLAG_UV | FLAG_AT]),
      uint32(0),
      new Uint8Array(16), // AAGUID: none
      new Uint8Array([id.length >> 8, id.length & 255]),
      id,
      isoCBOR.encode(coseKey),
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    this.credentials.push({ id, privateKey, rpId, userHandle: options.user.id, counter: 0 });
    return publicKeyCredential<RegistrationResponseJSON['response']>(id, {
      clientDataJSON: isoBase64URL.fromUTF8String(this.clientData('webauthn.create', options.challenge)),
      attestationObject: isoBase64URL.fromBuffer(attestationObject),
      transports: ['internal'],
    });
  }

  /**
   * navigator.credentials.get(): an assertion by the first credential allowed (or, with none listed, the first
   * discoverable one for the relying party). `counter` overrides the signature counter (for replay tests).
   */
  authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    { credential: chosen, counter }: { credential?: StoredCredential; counter?: number } = {},
  ): AuthenticationResponseJSON {
    const allowed = options.allowCredentials?.map((credential) => credential.id);
    const credential =
      chosen ??
      this.credentials.find(
        (candidate) =>
          candidate.rpId === options.rpId &&
          (!allowed?.length || allowed.includes(isoBase64URL.fromBuffer(candidate.id))),
      );
    if (!credential) throw new Error('The software authenticator has no credential for these options');
    credential.counter = counter ?? credential.counter + 1;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const authData = concat(sha256(credential.rpId), new Uint8Array([FLAG_UP | FLAG_UV]), uint32(credential.counter));
    const signature = sign('sha256', concat(authData, sha256(clientDataJSON)), credential.privateKey);
    return publicKeyCredential<AuthenticationResponseJSON['response']>(credential.id, {
      clientDataJSON: isoBase64URL.fromUTF8String(clientDataJSON),
      authenticatorData: isoBase64URL.fromBuffer(authData),
      signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
      userHandle: credential.userHandle,
    });
  }
}

/** What navigator.credentials answers around an authenticator's `response`, for the credential of raw id `id`. */
function publicKeyCredential<Response>(id: StoredCredential['id'], response: Response) {
  const credentialId = isoBase64URL.fromBuffer(id);
  return {
    id: credentialId,
    rawId: credentialId,
    type: 'public-key' as const,
    clientExtensionResults: {},
    authenticatorAttachment: 'platform' as const,
    response,
  };
}

/**
 * A passkey registered for a built-in account through the same checks as the account page, on a new software
 * authenticator of the portal's origin.
 */
export async function registerTestPasskey(
  db: DatabaseExecutor,
  { publicUrl, accountId, name = 'Test passkey' }: { publicUrl: string; accountId: string; name?: string },
) {
  const relyingParty = relyingPartyOf(publicUrl);
  const authenticator = new SoftwareAuthenticator(relyingParty.origin);
  const account = await findIdentityAccountById(db, accountId);
  if (!account) throw new Error('No such built-in account');
  const response = authenticator.register(await startPasskeyRegistration(db, { relyingParty, account }));
  const result = await finishPasskeyRegistration(db, { relyingParty, accountId, name, response });
  if (result.outcome !== 'registered') throw new Error(`The test passkey was refused: ${result.reason}`);
  return { authenticator, passkey: result.passkey };
}

/** The browser's answer to startPasskeyRegistration's options for a built-in account, not yet sent. */
export async function testPasskeyRegistrationResponse(
  db: DatabaseExecutor,
  { publicUrl, accountId }: { publicUrl: string; accountId: string },
) {
  const relyingParty = relyingPartyOf(publicUrl);
  const account = await findIdentityAccountById(db, accountId);
  if (!account) throw new Error('No such built-in account');
  const authenticator = new SoftwareAuthenticator(relyingParty.origin);
  return {
    authenticator,
    response: authenticator.register(await startPasskeyRegistration(db, { relyingParty, account })),
  };
}
