import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { FileStructureInput } from '@giving/shared/contracts/workplace-payroll';
import { headerRow, lineRow, stringifyOptions, type DeductionLine } from '../domain/file-structures';

/**
 * Writes a payroll file in a structure's layout with csv-stringify (quoting, delimiters and line endings are the
 * library's, not ours), streamed to disk so a 100,000-line file never sits in memory as one string. Answers the
 * file's size and sha256: the same lines and structure always give the same bytes.
 */
export async function writePayrollFile(path: string, structure: FileStructureInput, lines: Iterable<DeductionLine>): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  function* rows() {
    if (structure.includeHeader) yield headerRow(structure);
    for (const line of lines) yield lineRow(structure, line);
  }
  await pipeline(Readable.from(rows()), stringify(stringifyOptions(structure)), tap, createWriteStream(path));
  return { bytes, sha256: hash.digest('hex') };
}

/** Newline-delimited JSON of any records, streamed to disk (the batch's own copy of its deductions). */
export async function writeJsonLines(path: string, records: Iterable<unknown>): Promise<void> {
  function* text() {
    for (const record of records) yield `${JSON.stringify(record)}\n`;
  }
  await pipeline(Readable.from(text()), createWriteStream(path));
}
