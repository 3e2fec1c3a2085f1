import { describe, expect, it } from 'vitest';
import { csvLines, toCsv } from './csv';

describe('toCsv', () => {
  it('writes the header, then a line per row, each ended with CRLF, and no byte order mark', () => {
    expect(toCsv(['Date', 'Donor'], [['2026-03-01 09:15', 'Aroha'], ['2026-03-02 10:00', 'Mere']])).toBe('Date,Donor\r\n2026-03-01 09:15,Aroha\r\n2026-03-02 10:00,Mere\r\n');
    expect(toCsv(['Date', 'Donor'], [])).toBe('Date,Donor\r\n');
  });

  it('quotes fields with commas, quotes or line breaks (LF, CR, CRLF), doubling quotes', () => {
    expect(toCsv(['a'], [['plain', 'b,c', 'say "hi"', 'two\nlines', 'old\rmac', 'crlf\r\nlines']])).toBe(
      'a\r\nplain,"b,c","say ""hi""","two\nlines","old\rmac","crlf\r\nlines"\r\n',
    );
  });

  it('writes numbers as they are, and an empty field as nothing', () => {
    expect(toCsv(['a'], [[3, 2.5, 0, -12, '']])).toBe('a\r\n3,2.5,0,-12,\r\n');
  });

  it('writes text that a spreadsheet would run as a formula with a leading apostrophe, quoted only when it needs quotes', () => {
    expect(toCsv(['a'], [['=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)', 'Aroha', 'a=b', '=1,2']])).toBe(
      `a\r\n"'=HYPERLINK(""http://x"")",'+1,'-2,'@SUM(A1),Aroha,a=b,"'=1,2"\r\n`,
    );
  });

  it('also neutralises a leading tab or carriage return, and the full-width =, +, - and @', () => {
    expect(toCsv(['a'], [['\t=1', '\r=1', '＝1', '＋1', '－1', '＠x']])).toBe(`a\r\n'\t=1,"'\r=1",'＝1,'＋1,'－1,'＠x\r\n`);
  });

  it('writes a file a page at a time: the header, then each page of lines, as one toCsv would have (formulas escaped)', () => {
    const rows = [['2026-03-01', 'Aroha'], ['2026-03-02', '=HYPERLINK("x")'], ['2026-03-03', 'Mere, Jr']];
    expect(toCsv(['Date', 'Donor'], []) + csvLines(rows.slice(0, 2)) + csvLines([]) + csvLines(rows.slice(2))).toBe(toCsv(['Date', 'Donor'], rows));
    expect(csvLines([])).toBe('');
  });
});
