import { donationsRoute } from '../http';
import { systemClock } from '@giving/shared/clock';
import { recurringDonationParams } from '@giving/shared/contracts/member-giving';
import { DomainError } from '@giving/shared/errors';
import { noContent, ok, type HttpRequest } from '@giving/shared/lambda/http';
import { cancelRecurringDonation, listUpcomingDonations } from '../domain/recurring-donations';
import { recurringDonations } from '../adapters';

/** The manifest guard has already refused anonymous callers on these signedIn routes. */
const memberOf = ({ caller }: Pick<HttpRequest<unknown, unknown, unknown>, 'caller'>) => {
  if (!caller) throw new DomainError('Unauthorized');
  return caller.userId;
};

/** GET /donations/me/recurring-donations — the member's active monthly donations, the next charge first. */
export const list = donationsRoute({}, async (request) => ok(await listUpcomingDonations({ schedules: recurringDonations() }, memberOf(request))));

/** DELETE /donations/me/recurring-donations/{scheduleId} — cancels one of the member's monthly donations (204; again is harmless). */
export const cancel = donationsRoute({ params: recurringDonationParams }, async (request) => {
  await cancelRecurringDonation({ schedules: recurringDonations(), clock: systemClock }, memberOf(request), request.params.scheduleId);
  return noContent();
});
