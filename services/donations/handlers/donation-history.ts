import { donationsRoute } from '../http';
import { donationHistoryQuery } from '@giving/shared/contracts/member-giving';
import { DomainError } from '@giving/shared/errors';
import { ok } from '@giving/shared/lambda/http';
import { listDonationHistory } from '../domain/donation-history';
import { donationHistory } from '../adapters';

/** GET /donations/me/donations — the member's completed donations, newest first (?cursor= from the last page, ?limit=). */
export const handler = donationsRoute({ query: donationHistoryQuery }, async ({ caller, query }) => {
  // The manifest guard has already refused anonymous callers on this signedIn route.
  if (!caller) throw new DomainError('Unauthorized');
  return ok(
    await listDonationHistory({ history: donationHistory() }, caller.userId, {
      ...(query.limit ? { limit: Number(query.limit) } : {}),
      ...(query.cursor ? { cursor: query.cursor } : {}),
    }),
  );
});
