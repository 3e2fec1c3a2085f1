import { donationsRoute } from '../http';
import { systemClock } from '@giving/shared/clock';
import { donationReportCsvQuery, donationReportQuery, newPayoutSchema } from '@giving/shared/contracts/charity-reports';
import { charityParams } from '@giving/shared/contracts/dollar-handles';
import { DomainError } from '@giving/shared/errors';
import { newId } from '@giving/shared/ids';
import { created, csvFile, ok } from '@giving/shared/lambda/http';
import * as use from '../domain/charity-reports';
import { charities, charityLedger, donationReport } from '../adapters';

/** GET /donations/charity/{charityId}/donations — a page of the donation report; the first page has the totals. */
export const page = donationsRoute({ params: charityParams, query: donationReportQuery }, async ({ params, query }) =>
  ok(await use.donationReportPage({ reports: donationReport(), charities: charities() }, params.charityId, query)),
);

/** GET /donations/charity/{charityId}/donations/csv — the same donations as a CSV file (text/csv, attachment). */
export const csv = donationsRoute({ params: charityParams, query: donationReportCsvQuery }, async ({ params, query }) => {
  const file = await use.donationReportCsv({ reports: donationReport(), charities: charities(), clock: systemClock }, params.charityId, query);
  return csvFile(file.filename, file.text);
});

/** GET /donations/charity/{charityId}/remittance — owed and paid, per month, and the payouts. */
export const remittance = donationsRoute({ params: charityParams }, async ({ params }) =>
  ok(await use.getRemittance({ ledger: charityLedger(), charities: charities() }, params.charityId)),
);

/** POST /donations/backoffice/charities/{charityId}/payouts — the back office records money paid to the charity (201). */
export const recordPayout = donationsRoute(
  { params: charityParams, body: newPayoutSchema, idempotencyKey: 'required' },
  async ({ params, body, idempotencyKey, caller }) => {
    if (!caller) throw new DomainError('Unauthorized');
    return created(
      await use.recordPayout(
        { ledger: charityLedger(), charities: charities(), clock: systemClock, newId: () => newId() },
        params.charityId,
        body,
        idempotencyKey as string,
        caller.email ?? caller.userId,
      ),
    );
  },
);
