import type { EligibilityReport } from '@giving/shared/contracts/workplace-payroll';
import { PAYROLL_WORKPLACE_ID } from './payroll-fixtures';

/** Eligibility files test data (issue 15), as the workplace API answers them. */

export const ELIGIBILITY_FILE_ID = '01JEGF00000000000000000001';

/** HR's file of 42 employees, 40 of them members: Accepted. */
export function anEligibilityReport(overrides: Partial<EligibilityReport> = {}): EligibilityReport {
  return {
    id: ELIGIBILITY_FILE_ID,
    workplaceId: PAYROLL_WORKPLACE_ID,
    workplaceName: 'Harbour Bank',
    fileName: 'hr-employees-march.csv',
    uploadedAt: '2026-04-16T01:30:00.000Z',
    uploadedBy: 'grace.liu@harbour.example',
    status: 'Accepted',
    rowCount: 42,
    errorCount: 0,
    memberCount: 40,
    errors: [],
    ...overrides,
  };
}

/** A file with three problems in two rows: Rejected. */
export function aRejectedReport(overrides: Partial<EligibilityReport> = {}): EligibilityReport {
  return anEligibilityReport({
    id: '01JEGF00000000000000000002',
    fileName: 'hr-employees-april.csv',
    uploadedAt: '2026-04-20T22:15:00.000Z',
    status: 'Rejected',
    rowCount: 12,
    errorCount: 3,
    memberCount: 0,
    errors: [
      { row: 7, field: 'Business Unit', message: "'Marketing' is not one of the workplace's business units (Retail, Tech)." },
      { row: 3, field: 'Email', message: 'Invalid Email!' },
      { row: 3, field: 'Employment Type', message: "Use Permanent, Contractor or Casual (not 'Temp')." },
    ],
    ...overrides,
  });
}

/** The list's view of a file (the list carries no errors). */
export const listed = ({ errors: _errors, ...file }: EligibilityReport) => file;

