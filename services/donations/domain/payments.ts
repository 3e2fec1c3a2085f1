import { createHash } from 'node:crypto';
import { COUNTRIES } from '@giving/shared/countries';
import {
  CHARITY_MISSING_MESSAGE as CHARITY_MISSING,
  CHARITY_WRONG_COUNTRY_MESSAGE as CHARITY_WRONG_COUNTRY,
  MAX_NAME_LENGTH,
  donorEmailSchema,
  type CreatePaymentRequest,
  type FundraisePaymentRequest,
  type MemberFundraisePaymentRequest,
  type MemberPaymentRequest,
  type PaymentStatusResponse,
} from '@giving/shared/contracts/donations';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { VOUCHER_BALANCE_CHANGED_SINCE_APPLIED } from '@giving/shared/contracts/voucher-codes';
import { FUNDRAISING_MESSAGES } from '@giving/shared/contracts/fundraising';
import { COUNTRY_TIME_ZONES, localDay } from '@giving/shared/local-time';
import { TRANSACTION_FEE_CHANGED_MESSAGE, type PaymentGatewaySettings } from '@giving/shared/contracts/payment-gateway';
import { DomainError, invalid, notFound } from '@giving/shared/errors';
import { cardPartCents, transactionFeeCents } from '@giving/shared/fees';
import type { Clock } from '@giving/shared/clock';
import { money, multiplyMoney, addMoney } from '@giving/shared/money';
import type { Gift } from '@giving/shared/contracts/donations';
import { isExpired, type VoucherCodeBook } from './vouchers';
import { feesFor } from './payment-gateway';
import type { RecentGifts } from './recent-gifts';
import { refuseCardTesting, type CardTestingDeps } from './card-testing';
import { accountOfPayment } from './payment-gateway';
import type {
  CharityDirectory,
  FundraisingPageCopy,
  FundraisingPageDirectory,
  CharityProjection,
  PaymentCard,
  PaymentRepository,
  PaymentTarget,
  PaymentWorkflow,
  PricedPayment,
  SavedCardRepository,
  VoucherRepository,
} from './ports';
import { cardForMemberPayment, newPaymentCard } from './saved-cards';

/** Shown when a payment fails for a reason that has no better message. */
export const DEFAULT_FAILURE_MESSAGE = MESSAGES.paymentFailed;
export const GIFT_INACTIVE_MESSAGE = MESSAGES.giftInactive;
export const GIFT_MISSING_MESSAGE = MESSAGES.giftMissing;
export const GIFT_WRONG_COUNTRY_MESSAGE = MESSAGES.giftWrongCountry;
export const GIFT_PRICE_CHANGED_MESSAGE = MESSAGES.giftPriceChanged;
export const CHARITY_MISSING_MESSAGE = CHARITY_MISSING;
export const CHARITY_WRONG_COUNTRY_MESSAGE = CHARITY_WRONG_COUNTRY;

/** A signed-in donation whose token carries no verified e-mail: there is nowhere to send the receipt. */
export const SIGN_IN_WITHOUT_EMAIL_MESSAGE =
  'Your sign-in has no verified e-mail address for your receipt. Verify your e-mail address, or give as a guest.';

/** A stable fingerprint of what was asked, so a reused idempotency key with a different request is refused (payments, payroll pledges). */
export function fingerprintOf(request: CreatePaymentRequest | (MemberPaymentRequest & { memberId: string }) | object): string {
  const canonical = JSON.stringify(request, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );
  return createHash('sha256').update(canonical).digest('hex');
}

/** The signed-in caller as the verified ID token names them. */
export interface SignedInMember {
  memberId: string;
  email?: string;
  givenName?: string;
  familyName?: string;
}

type Donor = CreatePaymentRequest['donor'];

/**
 * The donor of a signed-in donation, from the token alone (spec §6: members skip e-mail and names). The e-mail is
 * required (the receipt goes there); first and last name come from given_name and family_name; without a given_name
 * the first name is the e-mail's local part, without a family_name the last name is empty. Names are trimmed and cut
 * to the guest form's limit.
 */
export function donorFromSignIn(member: SignedInMember): Donor {
  const email = donorEmailSchema.safeParse(member.email ?? '');
  if (!email.success) throw new DomainError('ValidationFailed', SIGN_IN_WITHOUT_EMAIL_MESSAGE);
  const name = (text: string | undefined) => (text ?? '').trim().slice(0, MAX_NAME_LENGTH).trim();
  return {
    email: email.data,
    firstName: name(member.givenName) || name(email.data.slice(0, email.data.lastIndexOf('@'))),
    lastName: name(member.familyName),
  };
}

/**
 * `gatewaySettings` gives the country's transaction fee rates; `codes` hashes a gift voucher payment's code (only the
 * hash is stored) and `vouchers` reads its balance, for the fee on the part the card pays.
 */
type Deps = {
  payments: PaymentRepository;
  charities: Pick<CharityDirectory, 'getById'>;
  /** The gift's price, through a short-lived cache (`fresh` reads the table). */
  gifts: RecentGifts;
  /** Card-testing blocks: a blocked address, e-mail or card is refused before anything is stored. */
  cardTesting: CardTestingDeps;
  clock: Clock;
  gatewaySettings: PaymentGatewaySettings;
  codes?: VoucherCodeBook;
  vouchers?: Pick<VoucherRepository, 'getByCodeHash'>;
  /** Donations' copy of fundraising pages: a donation to a page checks it takes donations. */
  pages?: Pick<FundraisingPageDirectory, 'get'>;
};

/** A donation to a fundraising page, as accepted: the page from the path, the rest from the body. */
type FundraiseRequest = (FundraisePaymentRequest | MemberFundraisePaymentRequest) & { pageId: string };
/** Every kind of payment request storePayment accepts. */
type AnyPaymentRequest = CreatePaymentRequest | MemberPaymentRequest | FundraiseRequest;

/**
 * Accept a guest's card payment for a gift or a general donation to a charity, once per idempotency key.
 * Main course: claim the key and store the payment as Initiated in one transaction, and return the tracking number.
 * Storing it is all the request does: the table's stream starts the payment workflow (startAcceptedPayment), so a
 * payment is never stored without its workflow following. A retry with the same key and request returns the same
 * tracking number; the same key with a different request is refused. A donation to a charity donations does not
 * know in this country is refused before anything is written (the workflow prices it again before charging).
 */
export async function createPayment(deps: Deps, request: CreatePaymentRequest, idempotencyKey: string, clientAddress?: string): Promise<{ trackingNumber: string }> {
  const fingerprint = fingerprintOf(request);
  const card = request.card ? { card: newPaymentCard(request.card) } : {};
  return orRetryAnswer(deps, idempotencyKey, fingerprint, () =>
    storePayment(deps, request, { donor: request.donor, clientAddress }, fingerprint, idempotencyKey, card),
  );
}

/**
 * The same for a signed-in member: the donor comes from the token (donorFromSignIn) and the payment keeps the
 * member's id, which DonationCompleted carries on as donorMemberId. The member's id is part of the fingerprint, so
 * another member (or a guest) reusing the key is refused rather than handed this payment's tracking number.
 */
export async function createMemberPayment(
  deps: Deps & { cards: Pick<SavedCardRepository, 'get'> },
  request: MemberPaymentRequest,
  member: SignedInMember,
  idempotencyKey: string,
  clientAddress?: string,
): Promise<{ trackingNumber: string }> {
  const donor = donorFromSignIn(member);
  const fingerprint = fingerprintOf({ ...request, memberId: member.memberId });
  return orRetryAnswer(deps, idempotencyKey, fingerprint, async () => {
    // A saved card resolves to the member's own (or 404s before anything is written); a new one may be kept.
    const card = await cardForMemberPayment(deps, member.memberId, request);
    return storePayment(deps, request, { donor, memberId: member.memberId, clientAddress }, fingerprint, idempotencyKey, card);
  });
}

/**
 * POST /fundraising/pages/{pageId}/donate: a guest's donation to a fundraising page, accepted as a general donation's
 * is (once per idempotency key, 202 + tracking number), after checking the page takes donations: 404 for a page
 * donations does not know, 409 with the page's state for one ended or offline, 400 for another country's.
 */
export async function createFundraisePayment(deps: Deps, pageId: string, request: FundraisePaymentRequest, idempotencyKey: string, clientAddress?: string): Promise<{ trackingNumber: string }> {
  const withPage = { ...request, pageId };
  const fingerprint = fingerprintOf(withPage);
  const card = request.card ? { card: newPaymentCard(request.card) } : {};
  return orRetryAnswer(deps, idempotencyKey, fingerprint, () => storePayment(deps, withPage, { donor: request.donor, clientAddress }, fingerprint, idempotencyKey, card));
}

/** POST /fundraising/me/pages/{pageId}/donate: the same for a signed-in member (saved cards, monthly giving). */
export async function createMemberFundraisePayment(
  deps: Deps & { cards: Pick<SavedCardRepository, 'get'> },
  pageId: string,
  request: MemberFundraisePaymentRequest,
  member: SignedInMember,
  idempotencyKey: string,
  clientAddress?: string,
): Promise<{ trackingNumber: string }> {
  const donor = donorFromSignIn(member);
  const withPage = { ...request, pageId };
  const fingerprint = fingerprintOf({ ...withPage, memberId: member.memberId });
  return orRetryAnswer(deps, idempotencyKey, fingerprint, async () => {
    const card = await cardForMemberPayment(deps, member.memberId, request);
    return storePayment(deps, withPage, { donor, memberId: member.memberId, clientAddress }, fingerprint, idempotencyKey, card);
  });
}

/**
 * Whether a fundraising page takes donations now: online (it and its event), its end date not passed in its country,
 * and in the donor's country. The message is the reason it does not, as the page itself says it.
 */
export function fundraisePageRefusal(page: FundraisingPageCopy | undefined, country: keyof typeof COUNTRIES, now: Date): { code: 'NotFound' | 'Conflict' | 'ValidationFailed'; message: string } | undefined {
  if (!page) return { code: 'NotFound', message: FUNDRAISING_MESSAGES.pageNotFound };
  if (page.country !== country) return { code: 'ValidationFailed', message: FUNDRAISING_MESSAGES.pageWrongCountry };
  if (!page.isOnline) return { code: 'Conflict', message: FUNDRAISING_MESSAGES.pageOffline };
  if (page.endDate < localDay(now, COUNTRY_TIME_ZONES[page.country])) return { code: 'Conflict', message: FUNDRAISING_MESSAGES.pageEnded };
  return undefined;
}

async function refuseClosedPage(deps: Deps, pageId: string, country: keyof typeof COUNTRIES): Promise<FundraisingPageCopy> {
  if (!deps.pages) throw new Error('a fundraising donation needs the fundraising pages');
  const page = await deps.pages.get(pageId);
  const refusal = fundraisePageRefusal(page, country, deps.clock.now());
  if (refusal) {
    const field = refusal.code === 'ValidationFailed' ? [{ field: 'body.country', message: refusal.message }] : [];
    throw new DomainError(refusal.code, refusal.message, field);
  }
  return page!;
}

/**
 * A retry of an accepted request gets the same answer, whatever changed since (the charity stopped taking donations,
 * the saved card was removed): when `store` refuses, the key is looked up, and a request it already accepted gets its
 * tracking number. The first attempt pays no extra read; storePayment's transaction stays the guard against races.
 */
async function orRetryAnswer(
  deps: Deps,
  idempotencyKey: string,
  fingerprint: string,
  store: () => Promise<{ trackingNumber: string }>,
): Promise<{ trackingNumber: string }> {
  try {
    return await store();
  } catch (error) {
    if (!(error instanceof DomainError) || error.code === 'IdempotencyKeyReused') throw error;
    const prior = await deps.payments.findByKey(idempotencyKey);
    if (prior?.fingerprint === fingerprint) return { trackingNumber: prior.trackingNumber };
    // The key already holds another request: that is what is wrong with this one (422), whatever else is.
    if (prior) throw new DomainError('IdempotencyKeyReused');
    throw error;
  }
}

async function storePayment(
  deps: Deps,
  request: AnyPaymentRequest,
  /** Who gives: the donor, the member (signed in) and the address the request came from. */
  giver: { donor: Donor; memberId?: string; clientAddress?: string },
  fingerprint: string,
  idempotencyKey: string,
  /** The card to charge (resolved by the caller), and a member's wishes to keep it or give monthly. */
  payWith: { card?: PaymentCard; saveCard?: true; isRecurring?: true },
): Promise<{ trackingNumber: string }> {
  const { donor, memberId, clientAddress } = giver;
  const newCard = payWith.card && !payWith.card.customerId ? { card: { account: accountOfPayment(request), token: payWith.card.token } } : {};
  await refuseCardTesting(deps.cardTesting, { address: clientAddress, email: donor.email, ...newCard });
  if (request.pageType === 'CHARITY') refuseUnknownCharity(await deps.charities.getById(request.charityId), request.country);
  if (request.pageType === 'GIFT') await refuseWrongGiftPrice(deps, request);
  if (request.pageType === 'FUNDRAISE') {
    const page = await refuseClosedPage(deps, request.pageId, request.country);
    refuseUnknownCharity(await deps.charities.getById(page.charityId), request.country);
  }
  const shown = await refuseUnseenFee(deps, request, payWith.card !== undefined);
  const now = deps.clock.now();
  const target: PaymentTarget =
    request.pageType === 'GIFT'
      ? { pageType: 'GIFT', giftId: request.giftId }
      : request.pageType === 'CHARITY'
        ? { pageType: 'CHARITY', charityId: request.charityId }
        : { pageType: 'FUNDRAISE', pageId: request.pageId, isMessageAnonymous: request.isMessageAnonymous, ...(request.donorMessage ? { donorMessage: request.donorMessage } : {}) };
  const result = await deps.payments.createOnce(
    {
      idempotencyKey,
      ...target,
      country: request.country,
      donationAmountCents: request.donationAmount,
      quantity: request.quantity,
      supportingAmountCents: request.supportingAmount,
      message: request.message?.trim() || undefined,
      isAnonymous: request.isAnonymous,
      receiptName: request.receiptName,
      donor,
      ...(memberId ? { memberId } : {}),
      ...(clientAddress ? { clientAddress } : {}),
      ...payWith,
      ...voucherOf(deps, request, shown?.cardCents),
      // The rates the donor saw: the workflow charges the fee on the card's actual part with them.
      transactionFees: feesFor(deps.gatewaySettings, request.country),
      createdAt: now.toISOString(),
    },
    fingerprint,
  );
  if (!result.created && result.fingerprint !== fingerprint) throw new DomainError('IdempotencyKeyReused');
  return { trackingNumber: result.trackingNumber };
}

/**
 * A priced gift is sold at its price: another amount per item is a 409 naming body.donationAmount, and nothing is
 * written. The gift is read through a short-lived cache (payment acceptance is the hot path) and read again before a
 * refusal, so a donor shown a new price is never refused for an old one; a payment accepted at a price that changed
 * meanwhile is refused by the workflow, which prices it from the gift's current state before any charge. A gift that
 * is unknown or fulfilled is left to the workflow too, which fails the payment with the spec's text.
 */
async function refuseWrongGiftPrice(deps: Deps, request: { giftId: string; donationAmount: number }): Promise<void> {
  const differs = (gift: Gift | undefined) => gift !== undefined && gift.isActive && isPricedGift(gift) && gift.price.cents !== request.donationAmount;
  if (!differs(await deps.gifts.getById(request.giftId))) return;
  if (!differs(await deps.gifts.getById(request.giftId, { fresh: true }))) return;
  throw new DomainError('Conflict', GIFT_PRICE_CHANGED_MESSAGE, [{ field: 'body.donationAmount', message: GIFT_PRICE_CHANGED_MESSAGE }]);
}

/**
 * The donor covers the card's transaction fee, so they must have been shown the one the server will charge: the fee
 * on the part the card pays (donation x quantity + tip, less what a usable gift voucher covers) at the country's
 * current rates. Another figure is a 409 naming the field, and nothing is written. A voucher the workflow will refuse
 * (unknown, expired, used up, another currency), or a voucher part with no card to pay the rest, is not checked here:
 * that payment fails without a charge. Returns the card's part the donor was shown beside a usable voucher, which the
 * workflow holds the redemption to.
 */
async function refuseUnseenFee(deps: Deps, request: AnyPaymentRequest, hasCard: boolean): Promise<{ cardCents: number } | undefined> {
  const payment = { donationAmountCents: request.donationAmount, quantity: request.quantity, supportingAmountCents: request.supportingAmount };
  let voucherCents = 0;
  let voucherValueCents = 0;
  if (request.voucher) {
    if (!deps.codes || !deps.vouchers) throw new Error('a voucher payment needs the voucher code book and vouchers');
    const voucher = await deps.vouchers.getByCodeHash(deps.codes.hash(request.voucher.code));
    const usable = voucher && voucher.balance.currency === COUNTRIES[request.country].currency && !isExpired(voucher, deps.clock.now()) && voucher.balance.cents > 0;
    if (!usable) return undefined;
    voucherCents = voucher.balance.cents;
    voucherValueCents = voucher.value.cents;
    if (cardPartCents({ ...payment, voucherCents }) > 0 && !hasCard) return undefined;
  }
  const rates = feesFor(deps.gatewaySettings, request.country);
  const cardCents = cardPartCents({ ...payment, voucherCents });
  const fee = transactionFeeCents(cardCents, rates);
  if (fee === request.transactionFeeCents) return { cardCents };
  if (request.voucher && voucherCents > 0 && voucherSpentSinceShown(request.transactionFeeCents, fee, payment, voucherValueCents, rates)) {
    // The donor's fee fits a larger balance this voucher had: another payment spent from it since they applied it.
    throw new DomainError('Conflict', VOUCHER_BALANCE_CHANGED_SINCE_APPLIED, [{ field: 'body.voucher.code', message: VOUCHER_BALANCE_CHANGED_SINCE_APPLIED }]);
  }
  throw new DomainError('Conflict', TRANSACTION_FEE_CHANGED_MESSAGE, [{ field: 'body.transactionFeeCents', message: TRANSACTION_FEE_CHANGED_MESSAGE }]);
}

/**
 * Whether a fee the donor was shown is the one a larger balance of their voucher (up to its value when bought) would
 * have left: it is lower than the fee on today's balance and no lower than the fee had the voucher been untouched. The
 * card's part only grows as the balance falls, so those are the bounds of every balance the donor could have seen.
 */
function voucherSpentSinceShown(
  shownFee: number,
  feeNow: number,
  payment: { donationAmountCents: number; quantity: number; supportingAmountCents: number },
  valueCents: number,
  rates: ReturnType<typeof feesFor>,
): boolean {
  const feeWhenUntouched = transactionFeeCents(cardPartCents({ ...payment, voucherCents: valueCents }), rates);
  return shownFee < feeNow && shownFee >= feeWhenUntouched;
}

/**
 * A gift voucher payment keeps the keyed hash of its code, never the code, and the card's part the donor was shown;
 * the workflow redeems the voucher before any charge.
 */
function voucherOf(deps: Deps, request: AnyPaymentRequest, cardCents: number | undefined): { voucher?: { codeHash: string; cardCents?: number } } {
  if (!request.voucher) return {};
  if (!deps.codes) throw new Error('a voucher payment needs the voucher code book');
  return { voucher: { codeHash: deps.codes.hash(request.voucher.code), ...(cardCents === undefined ? {} : { cardCents }) } };
}

/** 404 for a charity unknown (or no longer taking donations), 400 for one listed in another country; both name charityId. */
function refuseUnknownCharity(charity: CharityProjection | undefined, country: keyof typeof COUNTRIES): void {
  if (!charity || !charity.isActive) {
    throw new DomainError('NotFound', CHARITY_MISSING_MESSAGE, [{ field: 'body.charityId', message: CHARITY_MISSING_MESSAGE }]);
  }
  if (charity.country !== country) throw invalid([{ field: 'body.charityId', message: CHARITY_WRONG_COUNTRY_MESSAGE }]);
}

/** A payment was stored as Initiated: start its workflow (named by the tracking number, so a repeat is harmless). */
export async function startAcceptedPayment(deps: { workflow: PaymentWorkflow }, payment: { trackingNumber: string; status: string }): Promise<void> {
  if (payment.status === 'Initiated') await deps.workflow.start(payment.trackingNumber);
}

export async function getPaymentStatus(
  deps: { payments: PaymentRepository },
  trackingNumber: string,
): Promise<PaymentStatusResponse> {
  const payment = await deps.payments.get(trackingNumber);
  if (!payment) throw notFound('Payment');
  return { trackingNumber, paymentProcessingStatus: payment.status, messages: payment.messages };
}

/** `priceChanged`: the amount per item is not the gift's price (a conflict with the gift's state, not bad input). */
export type PriceResult = { ok: true; priced: PricedPayment } | { ok: false; message: string; priceChanged?: true };

/**
 * Whether a gift's price decides the amount per item: a priced gift is sold at its price (spec 1 §2: the gift
 * checkout's amount is read-only); a gift without a price (0, 'Area of greatest need') takes what the donor chooses.
 */
export const isPricedGift = (gift: Pick<Gift, 'price'>) => gift.price.cents > 0;

/**
 * Prices a payment on the server from the gift's current state: the gift's price (or, for a gift without a price, the
 * donor's amount) x quantity + tip, in the country's currency. An amount per item other than a priced gift's price is
 * refused, unless `agreedAmount` says the donor agreed to it earlier (a monthly gift's later charges keep the amount
 * its donor signed up for).
 */
export function pricePayment(
  payment: { country: keyof typeof COUNTRIES; donationAmountCents: number; quantity: number; supportingAmountCents: number },
  gift: Gift | undefined,
  options: { agreedAmount?: boolean } = {},
): PriceResult {
  if (!gift) return { ok: false, message: GIFT_MISSING_MESSAGE };
  if (!gift.isActive) return { ok: false, message: GIFT_INACTIVE_MESSAGE };
  const currency = COUNTRIES[payment.country].currency;
  if (gift.price.currency !== currency) return { ok: false, message: GIFT_WRONG_COUNTRY_MESSAGE };
  if (isPricedGift(gift) && payment.donationAmountCents !== gift.price.cents && !options.agreedAmount) {
    return { ok: false, message: GIFT_PRICE_CHANGED_MESSAGE, priceChanged: true };
  }
  const amount = multiplyMoney(money(payment.donationAmountCents, currency), payment.quantity);
  const tip = money(payment.supportingAmountCents, currency);
  return {
    ok: true,
    priced: {
      amount,
      tip,
      total: addMoney(amount, tip),
      charity: gift.charity,
      gift: { id: gift.id, title: gift.title, productUrl: gift.productUrl },
    },
  };
}

/**
 * Prices a donation to a fundraising page on the server: the donor's amount (quantity 1) + tip, for the page's
 * charity, while the page takes donations (checked again here: it may have ended or gone offline since acceptance).
 */
export function priceFundraiseDonation(
  payment: { country: keyof typeof COUNTRIES; donationAmountCents: number; supportingAmountCents: number },
  page: FundraisingPageCopy | undefined,
  charity: CharityProjection | undefined,
  now: Date,
): PriceResult {
  const refusal = fundraisePageRefusal(page, payment.country, now);
  if (refusal) return { ok: false, message: refusal.message };
  const priced = priceCharityDonation(payment, charity);
  if (!priced.ok) return priced;
  return { ok: true, priced: { ...priced.priced, page: { id: page!.id, title: page!.title, pageUrl: page!.pageUrl, eventUrl: page!.eventUrl, ...(page!.eventId ? { eventId: page!.eventId } : {}), ownerName: page!.ownerName } } };
}

/**
 * Prices a general donation to a charity on the server from donations' copy of its profile: the amount (quantity is
 * always 1) + tip, in the country's currency. No gift.
 */
export function priceCharityDonation(
  payment: { country: keyof typeof COUNTRIES; donationAmountCents: number; supportingAmountCents: number },
  charity: CharityProjection | undefined,
): PriceResult {
  if (!charity || !charity.isActive) return { ok: false, message: CHARITY_MISSING_MESSAGE };
  if (charity.country !== payment.country) return { ok: false, message: CHARITY_WRONG_COUNTRY_MESSAGE };
  const currency = COUNTRIES[payment.country].currency;
  const amount = money(payment.donationAmountCents, currency);
  const tip = money(payment.supportingAmountCents, currency);
  return {
    ok: true,
    priced: {
      amount,
      tip,
      total: addMoney(amount, tip),
      charity: { id: charity.id, name: charity.name, charityUrl: charity.charityUrl, logoImageUrl: charity.logoImageUrl },
    },
  };
}
