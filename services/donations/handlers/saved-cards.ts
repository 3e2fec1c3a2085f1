import { donationsRoute } from '../http';
import { savedCardListQuery } from '@giving/shared/contracts/donations';
import { savedCardParams } from '@giving/shared/contracts/member-giving';
import { DomainError } from '@giving/shared/errors';
import { noContent, ok, type HttpRequest } from '@giving/shared/lambda/http';
import { listSavedCards, removeSavedCard } from '../domain/saved-cards';
import { cardGateway, recurringDonations, savedCards } from '../adapters';

/** The manifest guard has already refused anonymous callers on these signedIn routes. */
const memberOf = ({ caller }: Pick<HttpRequest<unknown, unknown, unknown>, 'caller'>) => {
  if (!caller) throw new DomainError('Unauthorized');
  return caller.userId;
};

/** GET /donations/me/saved-cards?country= — the member's saved cards (only the last 4 digits); with a country, those that can pay there. */
export const list = donationsRoute({ query: savedCardListQuery }, async (request) =>
  ok(await listSavedCards({ cards: savedCards() }, memberOf(request), request.query.country)),
);

/** DELETE /donations/me/saved-cards/{cardId} — removes one of the member's cards, at the gateway too (204). */
export const remove = donationsRoute({ params: savedCardParams }, async (request) => {
  await removeSavedCard({ cards: savedCards(), schedules: recurringDonations(), gateway: cardGateway() }, memberOf(request), request.params.cardId);
  return noContent();
});
