import * as z from 'zod/mini';
import { defineEvent } from '../events';
import { CURRENCIES } from '../money';

export const WORKPLACE_SOURCE = 'giving.workplace';

const money = z.object({ cents: z.number(), currency: z.enum(CURRENCIES) });

/**
 * A workplace confirmed a reconciled payroll batch: what payroll deducted is given, pledge by pledge (issue 15 item 6).
 * Donations records each as a completed PAYROLL donation, once (its id is derived from the batch and the pledge), and
 * announces it as DonationCompleted: the donor's history, the charity's reports and remittance, the site's stats and
 * matching follow from there. A batch's donations travel in several events (at most 25 each); event id =
 * `<batch id>-<part>`.
 */
export const PayrollDonationsConfirmed = defineEvent({
  name: 'PayrollDonationsConfirmed',
  source: WORKPLACE_SOURCE,
  version: 1,
  schema: z.object({
    batchId: z.string(),
    workplace: z.object({ id: z.string(), name: z.string() }),
    periodEnd: z.string(),
    payDate: z.string(),
    confirmedAt: z.string(),
    donations: z.array(
      z.object({
        donationId: z.string(),
        pledgeId: z.string(),
        memberId: z.string(),
        donorEmail: z.string(),
        donorName: z.string(),
        pageType: z.enum(['GIFT', 'CHARITY', 'FUNDRAISE']),
        country: z.enum(['nz', 'au']),
        charity: z.object({ id: z.string(), name: z.string(), charityUrl: z.string() }),
        gift: z.optional(z.object({ id: z.string(), title: z.string(), productUrl: z.string() })),
        page: z.optional(z.object({ id: z.string(), title: z.string(), pageUrl: z.string(), eventUrl: z.string() })),
        quantity: z.number(),
        isAnonymous: z.boolean(),
        /** From an every-pay-cycle pledge (absent: once-off, or a batch made before this was kept). */
        isRecurring: z.optional(z.boolean()),
        /** What reaches the charity: the pledge's part of what payroll deducted. */
        amount: money,
      }),
    ),
  }),
});

/**
 * HR's eligibility file was accepted (every row valid): accounts updates the employment records of the workplace's
 * members it names (matched by e-mail). A file's rows travel in several events (at most 100 each); event id =
 * `<file id>-<part>`. Re-applying the same rows changes nothing.
 */
export const EmployeeRecordsImported = defineEvent({
  name: 'EmployeeRecordsImported',
  source: WORKPLACE_SOURCE,
  version: 1,
  schema: z.object({
    workplaceId: z.string(),
    fileId: z.string(),
    importedAt: z.string(),
    /** Who uploaded the file (the console's name for them), its name and the workplace's: the members' audit trail says so. */
    uploadedBy: z.optional(z.string()),
    fileName: z.optional(z.string()),
    workplaceName: z.optional(z.string()),
    employees: z.array(
      z.object({
        email: z.string(),
        employeeNumber: z.string(),
        employmentType: z.enum(['Permanent', 'Contractor', 'Casual']),
        /** Absent: the file left the unit blank (the member's unit is cleared). */
        businessUnitId: z.optional(z.string()),
        startDate: z.optional(z.string()),
        endDate: z.optional(z.string()),
      }),
    ),
  }),
});

/**
 * A workplace approved a member's donation made elsewhere (with its receipt): matching counts it as an
 * ExternalDonation (spec 2 §3 givingType). Event id = the external donation's id.
 */
export const ExternalDonationApproved = defineEvent({
  name: 'ExternalDonationApproved',
  source: WORKPLACE_SOURCE,
  version: 1,
  schema: z.object({
    externalDonationId: z.string(),
    workplaceId: z.string(),
    memberId: z.string(),
    charityName: z.string(),
    amount: money,
    donatedOn: z.string(),
    approvedAt: z.string(),
  }),
});
