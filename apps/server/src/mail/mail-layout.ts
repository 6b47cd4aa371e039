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
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export function renderMail(content: MailContent): RenderedMail {
  const { heading, paragraphs, action, footnote } = content;
  const text = [
    heading,
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...(footnote ? [footnote] : []),
    `— ${PRODUCT_NAME}`,
  ].join('\n\n');
  const paragraph = (value: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#1b1718">${escapeHtml(value)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:${ACCENT};color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#5f5a5b">Or open this link: <a href="${escapeHtml(action.url)}" style="color:#4338ca;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f5f4;font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif">
<div style="max-width:480px;margin:0 auto;padding:32px;background:#ffffff;border:1px solid #d9d5d3;border-radius:12px">
<p style="margin:0 0 8px;font-size:14px;font-weight:600;color:${ACCENT}">${PRODUCT_NAME}</p>
<h1 style="margin:0 0 20px;font-size:22px;font-weight:600;color:#1b1718">${escapeHtml(heading)}</h1>
${paragraphs.map(paragraph).join('\n')}
${button}
${footnote ? `<p style="margin:24px 0 0;font-size:13px;line-height:1.5;color:#5f5a5b">${escapeHtml(footnote)}</p>` : ''}
</div>
</body>
</html>`;
  return { subject: content.subject, text, html };
}
