/**
 * A document as the donor reads it (a receipt, an annual tax statement), written once and laid out by each medium:
 * plain text and HTML here for e-mail, PDF by the DocumentPrinter port. So an e-mailed receipt and its PDF say the
 * same things in the same words.
 */
export interface PrintableField {
  label: string;
  value: string;
}

export interface PrintableColumn {
  header: string;
  /** Share of the page's width (the widths of a table's columns add up to 1). */
  width: number;
  align?: 'left' | 'right';
}

export type PrintableBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  /** Label and value pairs, one a line ("Receipt number: 01J…"). */
  | { kind: 'fields'; fields: readonly PrintableField[] }
  | { kind: 'table'; caption: string; columns: readonly PrintableColumn[]; rows: readonly (readonly string[])[]; totals?: readonly string[] };

export interface PrintableDocument {
  title: string;
  subtitle?: string;
  blocks: readonly PrintableBlock[];
  /** Printed at the foot of every page (with its page number). */
  footer: string;
  /** What the file is saved as. */
  fileName: string;
}

/** The PDF maker (adapters/pdf-printer.ts). */
export interface DocumentPrinter {
  pdf(document: PrintableDocument): Uint8Array;
}

/** The document's blocks as plain-text lines, a blank line before each heading (an e-mail's text part). */
export function documentLines(blocks: readonly PrintableBlock[]): string[] {
  const lines: string[] = [];
  for (const block of blocks) {
    switch (block.kind) {
      case 'heading':
        lines.push('', block.text);
        break;
      case 'paragraph':
        lines.push(block.text);
        break;
      case 'fields':
        for (const field of block.fields) lines.push(`${field.label}: ${field.value}`);
        break;
      case 'table':
        lines.push(block.caption);
        for (const row of block.rows) lines.push(row.map((cell, i) => `${block.columns[i]?.header ?? ''}: ${cell}`).join(' · '));
        if (block.totals) lines.push(block.totals.filter(Boolean).join(' · '));
        break;
    }
  }
  return lines;
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The document's blocks as simple HTML (an e-mail's HTML part): headings, paragraphs, and fields as a two-column table. */
export function documentHtml(blocks: readonly PrintableBlock[]): string {
  return blocks
    .map((block) => {
      switch (block.kind) {
        case 'heading':
          return `<h2>${escapeHtml(block.text)}</h2>`;
        case 'paragraph':
          return `<p>${escapeHtml(block.text)}</p>`;
        case 'fields':
          return `<table>${block.fields.map((f) => `<tr><th align="left">${escapeHtml(f.label)}</th><td>${escapeHtml(f.value)}</td></tr>`).join('')}</table>`;
        case 'table': {
          const head = `<tr>${block.columns.map((c) => `<th align="${c.align ?? 'left'}">${escapeHtml(c.header)}</th>`).join('')}</tr>`;
          const cells = (row: readonly string[]) => row.map((cell, i) => `<td align="${block.columns[i]?.align ?? 'left'}">${escapeHtml(cell)}</td>`).join('');
          const totals = block.totals ? `<tr>${cells(block.totals)}</tr>` : '';
          return `<table><caption>${escapeHtml(block.caption)}</caption>${head}${block.rows.map((row) => `<tr>${cells(row)}</tr>`).join('')}${totals}</table>`;
        }
      }
    })
    .join('\n');
}
