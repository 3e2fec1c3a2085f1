import type { OutboxMessage } from './outbox';

/** The outbox's browser pages. Every value from a message is escaped; the HTML body runs in a sandboxed iframe. */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/**
 * The pages use no script; the e-mail's own HTML inherits this policy inside its srcdoc frame, so it may show
 * its inline styles and remote images but can run nothing.
 */
export const OUTBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src http: https: data:; frame-src 'self'; base-uri 'self'; form-action 'none'; frame-ancestors 'self'";

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
  body { margin: 0 auto; max-width: 72rem; padding: 1.5rem; line-height: 1.45; }
  h1 { font-size: 1.4rem; margin: 0 0 1rem; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .5rem .6rem; border-bottom: 1px solid #8884; vertical-align: top; }
  th { font-size: .85rem; text-transform: uppercase; letter-spacing: .03em; opacity: .75; }
  a { color: #0b63c5; }
  a:focus-visible { outline: 3px solid #0b63c5; outline-offset: 2px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .3rem 1rem; margin: 0 0 1.5rem; }
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #8881; padding: 1rem; border-radius: 6px; }
  iframe { width: 100%; height: 70vh; border: 1px solid #8886; border-radius: 6px; background: #fff; resize: vertical; }
  .empty { padding: 2rem 0; opacity: .8; }
  nav { margin-bottom: 1rem; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>`;
}

const time = (iso: string) => `<time datetime="${escapeHtml(iso)}">${escapeHtml(new Date(iso).toLocaleString('en-NZ', { dateStyle: 'medium', timeStyle: 'medium' }))}</time>`;
const list = (addresses: string[]) => escapeHtml(addresses.join(', '));

export function listPage(messages: OutboxMessage[]): string {
  const rows = messages
    .map(
      (m) => `<tr>
  <td>${time(m.sentAt)}</td>
  <td>${escapeHtml(m.from)}</td>
  <td>${list([...m.to, ...m.cc, ...m.bcc])}</td>
  <td><a href="/messages/${escapeHtml(encodeURIComponent(m.id))}">${escapeHtml(m.subject || '(no subject)')}</a></td>
</tr>`,
    )
    .join('\n');
  const content = messages.length
    ? `<table>
<thead><tr><th scope="col">Time</th><th scope="col">From</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
    : `<p class="empty">No messages yet. Mail the platform sends through SES appears here.</p>`;
  return page('Outbox', `<h1>Outbox <small>(${messages.length})</small></h1>\n<nav><a href="/">Refresh</a></nav>\n${content}`);
}

/** Escapes the text and turns http(s) URLs into links (sign-up and reset e-mails are followed from here). */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, index) => (index % 2 === 1 ? `<a href="${escapeHtml(part)}" rel="noopener noreferrer" target="_blank">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join('');
}

export function messagePage(message: OutboxMessage): string {
  const rows: [string, string][] = [
    ['Time', time(message.sentAt)],
    ['From', escapeHtml(message.from)],
    ['To', list(message.to)],
  ];
  if (message.cc.length) rows.push(['Cc', list(message.cc)]);
  if (message.bcc.length) rows.push(['Bcc', list(message.bcc)]);
  if (message.replyTo.length) rows.push(['Reply-To', list(message.replyTo)]);
  rows.push(['Subject', escapeHtml(message.subject)]);
  for (const header of message.headers) rows.push([escapeHtml(header.name), escapeHtml(header.value)]);
  for (const tag of message.tags) rows.push([`Tag ${escapeHtml(tag.name)}`, escapeHtml(tag.value)]);
  rows.push(['Message id', `<code>${escapeHtml(message.id)}</code>`]);
  const details = rows.map(([name, value]) => `<dt>${name}</dt><dd>${value}</dd>`).join('\n');

  const sections = [`<dl>\n${details}\n</dl>`];
  if (message.html !== undefined) {
    // No allow-scripts and no allow-same-origin: the e-mail's HTML cannot run script or reach this page.
    // Links open in a new tab so a person can follow a sign-up link from here.
    const srcdoc = `<base target="_blank">${message.html}`;
    sections.push(
      `<h2>HTML</h2>\n<iframe title="HTML body of the message" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" srcdoc="${escapeHtml(srcdoc)}"></iframe>`,
    );
  }
  if (message.text !== undefined) sections.push(`<h2>Text</h2>\n<pre>${linkify(message.text)}</pre>`);
  return page(message.subject || 'Message', `<nav><a href="/">← Outbox</a></nav>\n<h1>${escapeHtml(message.subject || '(no subject)')}</h1>\n${sections.join('\n')}`);
}

export function notFoundPage(): string {
  return page('Not found', '<nav><a href="/">← Outbox</a></nav>\n<h1>No such message</h1>');
}
