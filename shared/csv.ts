import { stringify } from 'csv-stringify/sync';

/** A CSV field: text, or a number written as it is. */
export type CsvField = string | number;

/**
 * A CSV file as people download it (the reports' "Download CSV"), written by csv-stringify: the header row, then a
 * line per row; lines end with CRLF, the last one too; no byte order mark. A field with a comma, a quote or a line
 * break is quoted, its quotes doubled (RFC 4180). Text a spreadsheet would run as a formula — starting with =, +, -,
 * @, a tab or a carriage return, or the full-width ＝ ＋ － ＠ — is written with a leading apostrophe
 * (`escape_formulas`); numbers are written as they are, negative ones too.
 *
 * Used by the Lambdas and by the SPA: the SPA's build resolves `csv-stringify/sync` to the library's browser build
 * (web/vite.config.ts), whose Node build needs `Buffer`.
 */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvField[]>): string {
  return csvLines([header, ...rows]);
}

/**
 * Lines of such a file without a header, the same way written: for a file written a page at a time (the header
 * first, with toCsv(header, [])).
 */
export function csvLines(rows: Iterable<readonly CsvField[]>): string {
  return stringify([...rows], {
    record_delimiter: 'windows',
    // With a record delimiter set, csv-stringify quotes only fields that contain that delimiter (CRLF) unless told
    // otherwise; a lone LF or CR in a field must be quoted too, or a spreadsheet starts a new row there.
    quote_record_delimiter: true,
    escape_formulas: true,
  });
}
