import { stringify } from 'csv-stringify/sync';
import type { FileStructureInput } from '@giving/shared/contracts/workplace-payroll';
import { headerRow, lineRow, stringifyOptions, type DeductionLine } from './file-structures';

/** A few lines in a structure's layout as text (the preview), with the options batches are written with. */
export function payrollFileText(structure: FileStructureInput, lines: readonly DeductionLine[]): string {
  const rows = [...(structure.includeHeader ? [headerRow(structure)] : []), ...lines.map((line) => lineRow(structure, line))];
  return stringify(rows, stringifyOptions(structure));
}
