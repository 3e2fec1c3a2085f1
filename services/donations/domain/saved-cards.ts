import type { Clock } from '@giving/shared/clock';
import { SAVED_CARD_OTHER_COUNTRY_MESSAGE, type MemberCard } from '@giving/shared/contracts/donations';
import { SAVED_CARD_IN_USE_MESSAGE, type SavedCardList, type SavedCardView } from '@giving/shared/contracts/member-giving';
import type { MerchantAccount } from '@giving/shared/contracts/payment-gateway';
import type { CountryCode } from '@giving/shared/countries';
import { conflict, DomainError, invalid } from '@giving/shared/errors';
import { accountOfPayment, accountOfSavedCard, merchantAccountFor } from './payment-gateway';
import type { CardGateway, Payment, PaymentCard, RecurringDonationRepository, SavedCard, SavedCardRepository } from './ports';

/** A saved card removed at the gateway (or gone from the member's list) cannot be charged: a hard decline. */
export const SAVED_CARD_GONE_MESSAGE = 'This saved card is no longer available. Please use another card.';
export const SAVED_CARD_NOT_FOUND_MESSAGE = 'We could not find that saved card.';
/** A card token the payment's merchant account does not know (made by another country's card fields, or expired). */
export const CARD_TOKEN_UNKNOWN_MESSAGE = 'Your card details could not be used. Please enter them again.';

/** What the member sees of a saved card: never more than the last 4 digits. */
export const savedCardView = (card: SavedCard): SavedCardView => ({
  cardId: card.cardId,
  cardType: card.cardType,
  last4: card.last4,
  expiryMonth: card.expMonth,
  expiryYear: card.expYear,
});

/** The member's saved cards; with a country, only those that can pay there (saved with its merchant account). */
export async function listSavedCards(deps: { cards: SavedCardRepository }, memberId: string, country?: CountryCode): Promise<SavedCardList> {
  const cards = await deps.cards.list(memberId);
  const usable = country === undefined ? cards : cards.filter((card) => accountOfSavedCard(card) === merchantAccountFor(country));
  return { items: usable.map(savedCardView) };
}

/** The card a payment keeps: a new card's token, type and last 4 (anything else the browser sent is dropped). */
export const newPaymentCard = (card: { token: string; cardType: string; last4: string }): PaymentCard => ({
  token: card.token,
  cardType: card.cardType,
  last4: card.last4,
});

/** A saved card as a payment charges it: the gateway payment method and its customer. */
export const savedPaymentCard = (card: SavedCard): PaymentCard => ({
  token: card.paymentMethodId,
  cardType: card.cardType,
  last4: card.last4,
  customerId: card.customerId,
  savedCardId: card.cardId,
});

/**
 * The card of a signed-in member's payment. A saved card is resolved to the member's own (another member's id, or one
 * removed, is a 404 naming the field, and nothing is written or charged). A new card is saved when the member asks,
 * and always for a monthly gift, which is charged from the saved card every month.
 */
export async function cardForMemberPayment(
  deps: { cards: Pick<SavedCardRepository, 'get'> },
  memberId: string,
  request: { card?: MemberCard; isRecurring: boolean; country: CountryCode },
): Promise<{ card?: PaymentCard; saveCard?: true; isRecurring?: true }> {
  const recurring = request.isRecurring ? ({ isRecurring: true } as const) : {};
  if (!request.card) return recurring;
  if ('savedCardId' in request.card) {
    const saved = await deps.cards.get(memberId, request.card.savedCardId);
    if (!saved) {
      throw new DomainError('NotFound', SAVED_CARD_NOT_FOUND_MESSAGE, [{ field: 'body.card.savedCardId', message: SAVED_CARD_NOT_FOUND_MESSAGE }]);
    }
    // Saved with another country's merchant account: that account's gateway would not know it.
    if (accountOfSavedCard(saved) !== merchantAccountFor(request.country)) {
      throw invalid([{ field: 'body.card.savedCardId', message: SAVED_CARD_OTHER_COUNTRY_MESSAGE }]);
    }
    return { card: savedPaymentCard(saved), ...recurring };
  }
  const save = request.card.saveCard === true || request.isRecurring;
  return { card: newPaymentCard(request.card), ...(save ? { saveCard: true } : {}), ...recurring };
}

/**
 * Keeps an approved payment's new card for its member, once (a step of the payment workflow): the member's gateway
 * customer is made on first use, the card is vaulted under it with a key fixed by the payment, and the saved card's
 * id is the payment's tracking number, so every repeat finds the same card. Answers the saved card's id.
 */
export async function saveCardOf(
  deps: { cards: SavedCardRepository; gateway: CardGateway; clock: Clock },
  payment: Pick<Payment, 'trackingNumber' | 'memberId' | 'card' | 'donor' | 'country'>,
): Promise<string | undefined> {
  const { memberId, card } = payment;
  if (!memberId || !card) return undefined;
  if (card.savedCardId) return card.savedCardId;
  if (await deps.cards.get(memberId, payment.trackingNumber)) return payment.trackingNumber;
  // The token was made for the payment's country's account, so the card is vaulted there, under that account's customer.
  const account = accountOfPayment(payment);
  const customerId = await customerOf(deps, memberId, account, payment.donor.email);
  const method = await deps.gateway.saveCard({ account, idempotencyKey: `save-card-${payment.trackingNumber}`, customerId, token: card.token });
  await deps.cards.save({
    memberId,
    cardId: payment.trackingNumber,
    cardType: method.cardType,
    last4: method.last4,
    expMonth: method.expMonth,
    expYear: method.expYear,
    customerId,
    paymentMethodId: method.paymentMethodId,
    account,
    savedAt: deps.clock.now().toISOString(),
  });
  return payment.trackingNumber;
}

/**
 * The member's gateway customer in one merchant account: kept after the first card there; made with a key fixed by
 * the member (idempotency keys are per account at the gateway), so a race makes one.
 */
async function customerOf(deps: { cards: SavedCardRepository; gateway: CardGateway }, memberId: string, account: MerchantAccount, email: string): Promise<string> {
  const kept = await deps.cards.getCustomer(memberId, account);
  if (kept) return kept;
  const { customerId } = await deps.gateway.createCustomer({ account, idempotencyKey: `customer-${memberId}`, email, reference: `member ${memberId}` });
  return deps.cards.keepCustomer(memberId, account, customerId);
}

/**
 * Removes one of the member's saved cards, at the gateway and here. A card an active monthly gift is charged from is
 * refused (409): the donor cancels the monthly gift first, rather than finding out from a failed charge.
 */
export async function removeSavedCard(
  deps: { cards: SavedCardRepository; schedules: Pick<RecurringDonationRepository, 'listByMember'>; gateway: CardGateway },
  memberId: string,
  cardId: string,
): Promise<void> {
  const card = await deps.cards.get(memberId, cardId);
  if (!card) throw new DomainError('NotFound', SAVED_CARD_NOT_FOUND_MESSAGE);
  const schedules = await deps.schedules.listByMember(memberId);
  if (schedules.some((schedule) => schedule.status === 'Active' && schedule.savedCardId === cardId)) throw conflict(SAVED_CARD_IN_USE_MESSAGE);
  await deps.gateway.removeSavedCard({ account: accountOfSavedCard(card), customerId: card.customerId, paymentMethodId: card.paymentMethodId });
  await deps.cards.remove(memberId, cardId);
}
