/** Every mail the portal sends: a plain-text part and an HTML part in the product's look, from one layout. */

const PRODUCT_NAME = 'DXP Portal';
/** The portal's primary colour (apps/web/src/styles.css and the provider's idp.css). */
const ACCENT = '#4f46e5';

export interface MailContent {
  subject: string;
  /** The first line of the mail, also its heading. */
  heading: string;
  paragraphs: string[];
  /** The one thing to do, shown as a button (and as a bare link in the text part). */
  action?: { label: string; url: string } | undefined;
  /** Small print under the action, e.g. when a link expires or what to do if the mail was not expected. */
  footnote?: string | undefined;
  /** A list under the paragraphs, e.g. the notifications a mail gathers, each with its own link. */
  items?:
    | { heading?: string | undefined; text: string; link?: { label: string; url: string } | undefined }[]
    | undefined;
  /**
   * Why the person gets this mail, where they choose what they get, and the link that stops it (also sent as
   * List-Unsubscribe headers).
   */
  unsubscribe?: { reason: string; preferencesUrl: string; url: string } | undefined;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as List-Unsubscribe (RFC 2369, RFC 8058). */
  headers?: Record<string, string> | undefined;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export function renderMail(content: MailContent): RenderedMail {
  const { heading, paragraphs, action, footnote, items = [], unsubscribe } = content;
  const text = [
    heading,
    ...paragraphs,
    ...items.map(
      (item) =>
        `- ${item.heading ? `${item.heading}\n  ` : ''}${item.text}${item.link ? `\n  ${item.link.label}: ${item.link.url}` : ''}`,
    ),
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...(footnote ? [footnote] : []),
    `— ${PRODUCT_NAME}`,
    ...(unsubscribe
      ? [
          `${unsubscribe.reason}\nChoose what you get by email: ${unsubscribe.preferencesUrl}\nUnsubscribe: ${unsubscribe.url}`,
        ]
      : []),
  ].join('\n\n');
  const paragraph = (value: string) =>
    `<p class="dxp-text" style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#1b1718">${escapeHtml(value)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:${ACCENT};color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p class="dxp-muted" style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#5f5a5b">Or open this link: <a class="dxp-link" href="${escapeHtml(action.url)}" style="color:#4338ca;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  const list = items.length
    ? `<ul style="margin:0 0 16px;padding:0;list-style:none">${items
        .map(
          (item) =>
            `<li class="dxp-item" style="margin:0 0 12px;padding:12px 14px;border:1px solid #d9d5d3;border-radius:8px;font-size:15px;line-height:1.5;color:#1b1718">${item.heading ? `<strong>${escapeHtml(item.heading)}</strong><br>` : ''}${escapeHtml(item.text)}${
              item.link
                ? `<br><a class="dxp-link" href="${escapeHtml(item.link.url)}" style="font-size:14px;color:#4338ca">${escapeHtml(item.link.label)}</a>`
                : ''
            }</li>`,
        )
        .join('')}</ul>`
    : '';
  const unsubscribeHtml = unsubscribe
    ? `<p class="dxp-muted" style="max-width:480px;margin:16px auto 0;font-size:12px;line-height:1.5;color:#5f5a5b;text-align:center">${escapeHtml(unsubscribe.reason)}<br><a class="dxp-link" href="${escapeHtml(unsubscribe.preferencesUrl)}" style="color:#4338ca">Choose what you get by email</a> · <a class="dxp-link" href="${escapeHtml(unsubscribe.url)}" style="color:#4338ca">Unsubscribe</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"><title>${escapeHtml(content.subject)}</title>
<style>@media (prefers-color-scheme: dark){body{background:#1b1718!important}.dxp-card{background:#262122!important;border-color:#443d3e!important}.dxp-text,.dxp-item{color:#f3f1f0!important}.dxp-item{border-color:#443d3e!important}.dxp-muted{color:#b5afad!important}.dxp-link,.dxp-brand{color:#a5b4fc!important}}</style></head>
<body style="margin:0;padding:24px;background:#f6f5f4;font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif">
<div class="dxp-card" style="max-width:480px;margin:0 auto;padding:32px;background:#ffffff;border:1px solid #d9d5d3;border-radius:12px">
<p class="dxp-brand" style="margin:0 0 8px;font-size:14px;font-weight:600;color:${ACCENT}">${PRODUCT_NAME}</p>
<h1 class="dxp-text" style="margin:0 0 20px;font-size:22px;font-weight:600;color:#1b1718">${escapeHtml(heading)}</h1>
${paragraphs.map(paragraph).join('\n')}
${list}
${button}
${footnote ? `<p class="dxp-muted" style="margin:24px 0 0;font-size:13px;line-height:1.5;color:#5f5a5b">${escapeHtml(footnote)}</p>` : ''}
</div>
${unsubscribeHtml}
</body>
</html>`;
  const headers = unsubscribe
    ? { 'List-Unsubscribe': `<${unsubscribe.url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    : undefined;
  return { subject: content.subject, text, html, ...(headers ? { headers } : {}) };
}
