import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { users } from '../../db/schema/users.js';
import type { Mailer } from '../../mail/mailer.js';
import { labelOf, startNotificationMailJob } from './notification-mail.js';
import { stopMailOf } from './notification-preferences.service.js';
import { createUnsubscribeTokens, UNSUBSCRIBE_PATH, type UnsubscribeClaims } from './unsubscribe-tokens.js';

const PRODUCT_NAME = 'DXP Portal';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A small self-contained page in the sign-in pages' look; it works without the web app and without sign-in. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${PRODUCT_NAME}</title>
<style>
:root{color-scheme:light dark;--bg:#f6f5f4;--surface:#fff;--text:#1b1718;--muted:#5f5a5b;--border:#d9d5d3;--accent:#4f46e5;--link:#4338ca;font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;line-height:1.5}
@media (prefers-color-scheme:dark){:root{--bg:#1b1718;--surface:#262122;--text:#f3f1f0;--muted:#b5afad;--border:#443d3e;--link:#a5b4fc}}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;padding:1.5rem;background:var(--bg);color:var(--text)}
main{width:100%;max-width:28rem;padding:2rem;background:var(--surface);border:1px solid var(--border);border-radius:.75rem}
.brand{margin:0 0 .5rem;color:var(--muted);font-size:.875rem;font-weight:600}h1{margin:0 0 1.25rem;font-size:1.5rem;font-weight:600}
ul{padding-left:1.25rem}a{color:var(--link)}.hint{color:var(--muted);font-size:.875rem}
button{font:inherit;font-weight:600;padding:.625rem 1.125rem;border:0;border-radius:.5rem;background:var(--accent);color:#fff;cursor:pointer}
button:focus-visible,a:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
</style></head>
<body><main><p class="brand">${PRODUCT_NAME}</p>${body}</main></body>
</html>`;
}

const typeList = (types: readonly string[]) =>
  `<ul>${types.map((type) => `<li>${escapeHtml(labelOf(type))}</li>`).join('')}</ul>`;

/**
 * Notification mail: the job that sends it, and the unsubscribe link every mail carries. GET shows what the
 * link stops and asks to confirm (a mail scanner that follows links changes nothing); POST applies it, which
 * is also RFC 8058's one-click unsubscribe. The token is in the query string, which the access log leaves out;
 * nothing here logs it.
 */
export async function registerNotificationMail(
  app: FastifyInstance,
  { db, config, mailer }: { db: DatabaseExecutor; config: Config; mailer: Mailer },
): Promise<void> {
  const tokens = createUnsubscribeTokens(db, config);
  let job: { stop(): void } | undefined;
  app.addHook('onReady', (done) => {
    job = startNotificationMailJob({ db, config, mailer, tokens, logger: app.log });
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    job?.stop();
    done();
  });

  const accountPage = `${config.publicUrl}/account/profile`;
  const send = (reply: FastifyReply, status: number, title: string, body: string) =>
    reply
      .status(status)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(page(title, body));
  const refused = (reply: FastifyReply) =>
    send(
      reply,
      400,
      'Link not valid',
      `<h1>This unsubscribe link is not valid</h1>
<p>It may have been cut short when it was copied, changed, or be more than a year old. Nothing was changed.</p>
<p>Sign in and choose which notifications you get by email on <a href="${escapeHtml(accountPage)}">your account page</a>.</p>`,
    );

  /** The claims of the request's token and the person it names, or undefined for a refused link. */
  const claimsOf = async (
    request: FastifyRequest<{ Querystring: { token?: string } }>,
  ): Promise<(UnsubscribeClaims & { person: typeof users.$inferSelect }) | undefined> => {
    const token = request.query.token;
    if (typeof token !== 'string' || token.length === 0 || token.length > 4096) return undefined;
    let claims: UnsubscribeClaims;
    try {
      claims = await tokens.verify(token);
    } catch {
      request.log.info('unsubscribe link refused');
      return undefined;
    }
    const [person] = await db.select().from(users).where(eq(users.id, claims.userId));
    return person ? { ...claims, person } : undefined;
  };

  await app.register((scope, _options, registered) => {
    // RFC 8058: mail providers post `List-Unsubscribe=One-Click` as a form; the body says nothing else.
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
      done(null, undefined),
    );

    scope.get<{ Querystring: { token?: string } }>(UNSUBSCRIBE_PATH, async (request, reply) => {
      const claims = await claimsOf(request);
      if (!claims) return refused(reply);
      const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(request.query.token!)}`;
      return send(
        reply,
        200,
        'Unsubscribe',
        `<h1>Stop these emails?</h1>
<p>${escapeHtml(claims.person.email)} will no longer get email about:</p>${typeList(claims.types)}
<p class="hint">They still appear in the portal, under the bell.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Stop these emails</button></form>
<p class="hint">To choose type by type, sign in and open <a href="${escapeHtml(accountPage)}">your account page</a>.</p>`,
      );
    });

    scope.post<{ Querystring: { token?: string } }>(UNSUBSCRIBE_PATH, async (request, reply) => {
      const claims = await claimsOf(request);
      if (!claims) return refused(reply);
      await stopMailOf(db, { actor: { kind: 'user', user: claims.person }, types: claims.types });
      return send(
        reply,
        200,
        'Unsubscribed',
        `<h1>You are unsubscribed</h1>
<p>${escapeHtml(claims.person.email)} gets no more email about:</p>${typeList(claims.types)}
<p class="hint">They still appear in the portal. To get them by email again, sign in and open <a href="${escapeHtml(accountPage)}">your account page</a>.</p>`,
      );
    });
    registered();
  });
}
