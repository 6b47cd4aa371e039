import type { ObjectRef } from '@pothos/core';
import type { Config } from '../config.js';
import type { RenderedMail } from '../mail/mail-layout.js';
import { sendMail } from '../mail/send-mail.js';
import { builder } from './builder.js';

type BuilderTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never;

/**
 * A one-time link a system administrator made for a person (set or reset a password, confirm an address):
 * mailed to the person when mail is configured, otherwise handed back to pass on; never both, so the
 * administrator does not see a link that was mailed.
 */
export interface HandedOverLink {
  mailed: boolean;
  link: string | null;
}

export async function handOverLink(
  mail: Config['mail'],
  options: { to: string; link: string; mailOf: (link: string) => RenderedMail },
): Promise<HandedOverLink> {
  if (!mail) return { mailed: false, link: options.link };
  const message = options.mailOf(options.link);
  await sendMail(mail, { to: [options.to], subject: message.subject, text: message.text, html: message.html });
  return { mailed: true, link: null };
}

/** Adds `mailed` and `link` to the type of a result that carries a `HandedOverLink`. */
export function handedOverLinkFields<Shape extends HandedOverLink>(
  ref: ObjectRef<BuilderTypes, Shape>,
  descriptions: { mailed: string; link: string },
): void {
  builder.objectFields(ref, (t) => ({
    mailed: t.boolean({ description: descriptions.mailed, resolve: (result) => result.mailed }),
    link: t.string({ nullable: true, description: descriptions.link, resolve: (result) => result.link }),
  }));
}

/** The type of a `HandedOverLink` made for the account of an email address, which it names. */
export function emailedLinkType(
  name: string,
  descriptions: { type: string; email: string; mailed: string; link: string },
) {
  const ref = builder.objectRef<HandedOverLink & { email: string }>(name).implement({
    description: descriptions.type,
    fields: (t) => ({ email: t.exposeString('email', { description: descriptions.email }) }),
  });
  handedOverLinkFields(ref, descriptions);
  return ref;
}
