import { ELIGIBILITY_COLUMNS } from '@giving/shared/contracts/workplace-payroll';
import { toCsv } from '@giving/shared/csv';

/**
 * The eligibility file's template: the header row and one example employee (in one of the workplace's business units,
 * when it has any). Apart from the screen: it loads, with the CSV library, when someone downloads it.
 */
export function eligibilityTemplateCsv(businessUnits: readonly { name: string }[]): string {
  const example: Record<(typeof ELIGIBILITY_COLUMNS)[number], string> = {
    'Employee Number': 'E1001',
    Email: 'aroha.ngata@example.co.nz',
    'Employment Type': 'Permanent',
    'Business Unit': businessUnits[0]?.name ?? '',
    'Start Date': '2024-02-01',
    'End Date': '',
  };
  return toCsv(ELIGIBILITY_COLUMNS, [ELIGIBILITY_COLUMNS.map((column) => example[column])]);
}
