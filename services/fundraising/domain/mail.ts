import type { OutgoingMail } from '@giving/shared/mail';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A plain e-mail from its lines: the text as written, the HTML a paragraph per line with links made clickable. */
export function plainMail(to: string, subject: string, lines: readonly string[]): OutgoingMail {
  const html = lines
    .map((line) => (line ? `<p>${escapeHtml(line).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</p>` : ''))
    .join('');
  return { to, subject, text: lines.join('\n'), html };
}
