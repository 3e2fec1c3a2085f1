import { systemClock } from '@giving/shared/clock';
import { charityParams } from '@giving/shared/contracts/dollar-handles';
import { ok } from '@giving/shared/lambda/http';
import { charities, charityMemberships, givingStats } from '../adapters';
import { charityDonationsDashboard, platformDonationsDashboard } from '../domain/dashboards';
import { donationsRoute } from '../http';

/** GET /donations/charity/{charityId}/dashboard — this month's donations beside last month's, and this month's top gifts and pages. */
export const charity = donationsRoute({ params: charityParams }, async ({ params }) =>
  ok(await charityDonationsDashboard({ stats: givingStats(), charities: charities(), memberships: charityMemberships() }, params.charityId, systemClock.now())),
);

/** GET /donations/backoffice/dashboard — the platform's donations this month beside last month, per currency. */
export const backOffice = donationsRoute({}, async () => ok(await platformDonationsDashboard({ stats: givingStats() }, systemClock.now())));
