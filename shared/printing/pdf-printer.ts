import { jsPDF } from 'jspdf';
import type { DocumentPrinter, PrintableBlock, PrintableColumn, PrintableDocument, PrintableField } from './printable';
import { NOTO_SANS_BOLD, NOTO_SANS_RANGES, NOTO_SANS_REGULAR } from './fonts/noto-sans';

/**
 * Lays printable documents out as A4 PDFs with jsPDF. The font is embedded from code (fonts/noto-sans.ts), not read
 * from disk, so the bundled Lambda needs no files; jsPDF's built-in fonts cannot print te reo Māori macrons (ā, ō, ū).
 */
const PAGE = { width: 210, height: 297, margin: 18 } as const;
const CONTENT = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 8;
const MM_PER_PT = 25.4 / 72;
const FAMILY = 'NotoSans';
const INK = [33, 37, 41] as const;
const MUTED = [96, 103, 112] as const;
const RULE = [206, 212, 218] as const;
const ACCENT = [47, 107, 79] as const;

const covered = (codePoint: number) => NOTO_SANS_RANGES.some(([from, to]) => codePoint >= from && codePoint <= to);

/**
 * Text the embedded font can print: a character it lacks is printed without its accents when that helps (ễ -> e),
 * else as '?', rather than as an empty box.
 */
export function printableText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (covered(char.codePointAt(0) ?? 0)) {
      out += char;
      continue;
    }
    const base = [...char.normalize('NFD')].filter((part) => covered(part.codePointAt(0) ?? 0)).join('');
    out += base || '?';
  }
  return out;
}

class Layout {
  readonly doc: jsPDF;
  y = PAGE.margin;

  constructor(document: PrintableDocument) {
    this.doc = new jsPDF({ unit: 'mm', format: 'a4', compress: true, putOnlyUsedFonts: true });
    this.doc.addFileToVFS('NotoSans-Regular.ttf', NOTO_SANS_REGULAR);
    this.doc.addFont('NotoSans-Regular.ttf', FAMILY, 'normal');
    this.doc.addFileToVFS('NotoSans-Bold.ttf', NOTO_SANS_BOLD);
    this.doc.addFont('NotoSans-Bold.ttf', FAMILY, 'bold');
    this.doc.setProperties({ title: printableText(document.title), subject: printableText(document.subtitle ?? document.title), author: 'Koha', creator: 'Koha' });
    this.doc.setLineHeightFactor(1.3);
  }

  style(size: number, weight: 'normal' | 'bold' = 'normal', colour: readonly [number, number, number] = INK) {
    this.doc.setFont(FAMILY, weight);
    this.doc.setFontSize(size);
    this.doc.setTextColor(colour[0], colour[1], colour[2]);
    return size * MM_PER_PT * 1.3;
  }

  /** Starts a new page when `height` does not fit on this one. */
  room(height: number): boolean {
    if (this.y + height <= BOTTOM) return false;
    this.doc.addPage();
    this.y = PAGE.margin;
    return true;
  }

  lines(text: string, width: number): string[] {
    return this.doc.splitTextToSize(printableText(text), width) as string[];
  }

  rule(colour: readonly [number, number, number] = RULE, width = 0.3) {
    this.doc.setDrawColor(colour[0], colour[1], colour[2]);
    this.doc.setLineWidth(width);
    this.doc.line(PAGE.margin, this.y, PAGE.width - PAGE.margin, this.y);
  }

  header(document: PrintableDocument) {
    const brand = this.style(9, 'bold', ACCENT);
    this.doc.text('KOHA', PAGE.margin, this.y + brand * 0.8);
    this.y += brand + 2;
    const title = this.style(20, 'bold');
    this.doc.text(printableText(document.title), PAGE.margin, this.y + title * 0.8);
    this.y += title;
    if (document.subtitle) {
      const subtitle = this.style(12, 'normal', MUTED);
      for (const line of this.lines(document.subtitle, CONTENT)) {
        this.doc.text(line, PAGE.margin, this.y + subtitle * 0.8);
        this.y += subtitle;
      }
    }
    this.y += 3;
    this.rule(ACCENT, 0.6);
    this.y += 5;
  }

  heading(text: string) {
    const height = this.style(12.5, 'bold');
    this.room(height + 12);
    this.y += 3;
    this.doc.text(printableText(text), PAGE.margin, this.y + height * 0.8);
    this.y += height + 1.5;
  }

  paragraph(text: string) {
    const height = this.style(10);
    for (const line of this.lines(text, CONTENT)) {
      this.room(height);
      this.doc.text(line, PAGE.margin, this.y + height * 0.8);
      this.y += height;
    }
    this.y += 2;
  }

  fields(fields: readonly PrintableField[]) {
    const labelWidth = 62;
    for (const field of fields) {
      const labelHeight = this.style(9.5, 'normal', MUTED);
      const labels = this.lines(field.label, labelWidth - 4);
      const valueHeight = this.style(10, 'bold');
      const values = this.lines(field.value, CONTENT - labelWidth);
      const height = Math.max(labels.length * labelHeight, values.length * valueHeight);
      this.room(height);
      this.style(9.5, 'normal', MUTED);
      // Both columns share the first line's baseline (the value's, the larger type).
      labels.forEach((line, i) => this.doc.text(line, PAGE.margin, this.y + valueHeight * 0.8 + labelHeight * i));
      this.style(10, 'bold');
      values.forEach((line, i) => this.doc.text(line, PAGE.margin + labelWidth, this.y + valueHeight * (i + 0.8)));
      this.y += height + 1;
    }
    this.y += 2;
  }

  /** One table row: wrapped cells, right-aligned where the column says; a new page repeats the header row. */
  row(columns: readonly PrintableColumn[], cells: readonly string[], weight: 'normal' | 'bold', onNewPage?: () => void) {
    // 9 pt fits a receipt number (a 26-character ULID) on one line in the statement's widest column.
    const size = 9;
    const height = this.style(size, weight);
    const wrapped = columns.map((column, i) => this.lines(cells[i] ?? '', column.width * CONTENT - 3));
    const rowHeight = Math.max(...wrapped.map((lines) => lines.length)) * height + 2;
    if (this.room(rowHeight) && onNewPage) onNewPage();
    this.style(size, weight);
    let x = PAGE.margin;
    columns.forEach((column, i) => {
      const width = column.width * CONTENT;
      (wrapped[i] ?? []).forEach((line, n) => {
        const baseline = this.y + 1 + height * (n + 0.8);
        if (column.align === 'right') this.doc.text(line, x + width - 1, baseline, { align: 'right' });
        else this.doc.text(line, x + (i === 0 ? 0 : 1), baseline);
      });
      x += width;
    });
    this.y += rowHeight;
  }

  table(block: Extract<PrintableBlock, { kind: 'table' }>) {
    const head = () => {
      this.row(
        block.columns,
        block.columns.map((column) => column.header),
        'bold',
      );
      this.rule(INK, 0.3);
      this.y += 0.5;
    };
    const caption = this.style(11, 'bold');
    this.room(caption + 20);
    this.y += 2;
    this.doc.text(printableText(block.caption), PAGE.margin, this.y + caption * 0.8);
    this.y += caption + 1;
    head();
    for (const cells of block.rows) {
      this.row(block.columns, cells, 'normal', head);
      this.rule();
    }
    if (block.totals) {
      this.y += 0.5;
      this.rule(INK, 0.4);
      this.row(block.columns, block.totals, 'bold');
    }
    this.y += 4;
  }

  footer(text: string) {
    const pages = this.doc.getNumberOfPages();
    for (let page = 1; page <= pages; page++) {
      this.doc.setPage(page);
      this.style(8, 'normal', MUTED);
      this.doc.text(printableText(text), PAGE.margin, PAGE.height - PAGE.margin + 2);
      this.doc.text(`Page ${page} of ${pages}`, PAGE.width - PAGE.margin, PAGE.height - PAGE.margin + 2, { align: 'right' });
    }
  }
}

export const pdfPrinter: DocumentPrinter = {
  pdf(document) {
    const layout = new Layout(document);
    layout.header(document);
    for (const block of document.blocks) {
      if (block.kind === 'heading') layout.heading(block.text);
      else if (block.kind === 'paragraph') layout.paragraph(block.text);
      else if (block.kind === 'fields') layout.fields(block.fields);
      else layout.table(block);
    }
    layout.footer(document.footer);
    return new Uint8Array(layout.doc.output('arraybuffer'));
  },
};
