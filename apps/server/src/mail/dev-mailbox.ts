import type { FastifyInstance } from 'fastify';
import type { Outbox, OutboxMail } from './mailer.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The text part with its links made clickable, so a developer can follow a verification or reset link. */
function textWithLinks(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((piece, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(piece)}">${escapeHtml(piece)}</a>` : escapeHtml(piece),
    )
    .join('');
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Development mailbox</title>
<link rel="stylesheet" href="/idp/assets/idp.css"></head>
<body><main class="card mailbox"><p class="brand">DXP Portal · development mailbox</p>${body}</main></body>
</html>`;
}

const summary = (mail: OutboxMail) => ({
  id: mail.id,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  sentAt: mail.sentAt.toISOString(),
});

/**
 * The convention of Phoenix's /dev/mailbox and Rails' letter_opener: the mail development would have
 * sent, newest first. Registered only when NODE_ENV is not production and no SMTP is configured.
 */
export function registerDevMailbox(app: FastifyInstance, outbox: Outbox): void {
  app.get('/dev/mailbox', async (_request, reply) => {
    const mails = outbox.list();
    const rows = mails
      .map(
        (mail) =>
          `<li><a href="/dev/mailbox/${mail.id}">${escapeHtml(mail.subject)}</a><br><span class="hint">to ${escapeHtml(mail.to.join(', '))} · ${mail.sentAt.toISOString()}</span></li>`,
      )
      .join('');
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Mailbox',
          `<h1>Mailbox</h1><p>Mail the portal would have sent; set SMTP_URL to send it for real. Kept in memory until the server restarts.</p>${
            rows ? `<ul class="mail-list">${rows}</ul>` : '<p>No mail yet.</p>'
          }`,
        ),
      );
  });

  app.get('/dev/mailbox/messages.json', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(outbox.list().map(summary)),
  );

  app.get<{ Params: { id: string } }>('/dev/mailbox/:id', async (request, reply) => {
    const mail = outbox.find(request.params.id);
    if (!mail)
      return reply.status(404).type('text/html; charset=utf-8').send(page('Not found', '<h1>No such mail</h1>'));
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        page(
          mail.subject,
          `<h1>${escapeHtml(mail.subject)}</h1><p class="hint">To ${escapeHtml(mail.to.join(', '))} · ${mail.sentAt.toISOString()}</p>
<pre class="mail-text">${textWithLinks(mail.text)}</pre>
<p><a href="/dev/mailbox/${mail.id}/html">The HTML part</a> · <a href="/dev/mailbox">All mail</a></p>`,
        ),
      );
  });

  app.get<{ Params: { id: string } }>('/dev/mailbox/:id/html', async (request, reply) => {
    const mail = outbox.find(request.params.id);
    if (!mail) return reply.status(404).send();
    // The mail as a mail client shows it: its own inline styles, no script, no requests of its own.
    return reply
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox allow-popups allow-top-navigation-by-user-activation",
      )
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(mail.html);
  });
}
