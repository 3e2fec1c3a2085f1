import type { EligibilityReport, ExternalDonation } from '@giving/shared/contracts/workplace-payroll';
import { PAYROLL_WORKPLACE_ID } from './payroll-fixtures';

/** Eligibility files and external donations test data (issue 15), as the workplace API answers them. */

export const ELIGIBILITY_FILE_ID = '01JEGF00000000000000000001';
export const EXTERNAL_DONATION_ID = '01JEXTDN000000000000000001';
export const MEMBER_WORKPLACE_ID = PAYROLL_WORKPLACE_ID;

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

/** Aroha's $50.00 to Forest & Bird, donated 2 April, waiting for a decision. */
export function anExternalDonation(overrides: Partial<ExternalDonation> = {}): ExternalDonation {
  return {
    id: EXTERNAL_DONATION_ID,
    workplaceId: PAYROLL_WORKPLACE_ID,
    workplaceName: 'Harbour Bank',
    memberId: '01JMEMBER00000000000000001',
    memberName: 'Aroha Ngata',
    memberEmail: 'aroha@harbour.example',
    charityName: 'Forest & Bird',
    amount: { cents: 5_000, currency: 'NZD' },
    donatedOn: '2026-04-02',
    receiptFileName: 'forest-and-bird-receipt.pdf',
    status: 'Pending',
    createdAt: '2026-04-03T02:00:00.000Z',
    ...overrides,
  };
}
