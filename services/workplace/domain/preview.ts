import type { FileStructureInput } from '@giving/shared/contracts/workplace-payroll';
import { COUNTRY_TIME_ZONES, localDay } from '@giving/shared/local-time';
import { batchFileName, sampleLines } from './file-structures';
import { addDays } from './pay-periods';
import type { WorkplaceDeps } from './ports';
import { payrollFileText } from './payroll-text';

/**
 * A structure written over three sample employees for a fortnight ending today, exactly as a batch would write it
 * (the same csv-stringify options), so the admin sees what payroll will receive before saving.
 */
export function previewStructure(deps: Pick<WorkplaceDeps, 'clock'>, structure: FileStructureInput, country: 'nz' | 'au') {
  const periodEnd = localDay(deps.clock.now(), COUNTRY_TIME_ZONES[country]);
  const lines = sampleLines(country, { periodStart: addDays(periodEnd, -13), periodEnd, payDate: addDays(periodEnd, 4) });
  return { fileName: batchFileName('Sample pay cycle', periodEnd, structure), content: payrollFileText(structure, lines), lineCount: lines.length };
}
