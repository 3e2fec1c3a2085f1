import { expect } from 'vitest';
import { DomainError } from '@giving/shared/errors';
import type { Gift } from '@giving/shared/contracts/donations';
import type { CharityPaymentRequest, GiftPaymentRequest, MemberGiftPaymentRequest } from '@giving/shared/contracts/donations';
import { DEFAULT_TRANSACTION_PROCESSING_FEES, type MerchantAccount, type PaymentGatewaySettings } from '@giving/shared/contracts/payment-gateway';
import { cardPartCents, transactionFeeCents } from '@giving/shared/fees';
import { newId } from '@giving/shared/ids';
import type { Money } from '@giving/shared/money';
import type { CardGateway, CharityProjection, ChargeResult, PaymentWorkflow } from './ports';

/** The payment gateway settings the domain tests run with: the suggested fees (nz 1.9% + 30c, au 1.75% + 30c). */
export const gatewaySettings: PaymentGatewaySettings = {
  accounts: { Trust: { clientKey: 'ck_test_trust' }, Platform: { clientKey: 'pk_test_platform' } },
  transactionProcessingFees: DEFAULT_TRANSACTION_PROCESSING_FEES,
};

/** The fee a checkout would show for a card request (no voucher): what the server expects in transactionFeeCents. */
export const feeFor = (request: { country: 'nz' | 'au'; donationAmount: number; quantity: number; supportingAmount: number }, voucherCents = 0) =>
  transactionFeeCents(
    cardPartCents({ donationAmountCents: request.donationAmount, quantity: request.quantity, supportingAmountCents: request.supportingAmount, voucherCents }),
    gatewaySettings.transactionProcessingFees[request.country],
  );

/** A request with the fee the checkout would have shown for it (unless the overrides name one). */
const withFee = <T extends { country: 'nz' | 'au'; donationAmount: number; quantity: number; supportingAmount: number; transactionFeeCents?: number }>(
  request: T,
  overrides: { transactionFeeCents?: number },
): T & { transactionFeeCents: number } => ({ ...request, transactionFeeCents: overrides.transactionFeeCents ?? feeFor(request) });

/** Test data and port doubles for the donations domain tests (DynamoDB itself is always real). */
export const aGift = (overrides: Partial<Gift> = {}): Gift => ({
  id: newId(),
  title: 'Feed a kiwi chick for a week',
  description: 'Worms and grubs.',
  imageUrl: '/media/gift.svg',
  iconUrl: '/media/gift.svg',
  productUrl: `feed-a-kiwi-${newId().toLowerCase()}`,
  price: { cents: 2500, currency: 'NZD' },
  isActive: true,
  charity: { id: 'charity-1', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', logoImageUrl: '/media/logo.svg' },
  ...overrides,
});

/** A gift without a price ('Area of greatest need'): the donor chooses the amount per item. */
export const aGiftWithoutPrice = (overrides: Partial<Gift> = {}): Gift =>
  aGift({ title: 'Area of greatest need', price: { cents: 0, currency: overrides.price?.currency ?? 'NZD' }, ...overrides });

/** Donations' copy of a charity, as CharityProfilePublished fills it. */
export const aCharity = (overrides: Partial<CharityProjection> = {}): CharityProjection => {
  const id = newId();
  return {
    id,
    name: 'Kiwi Coast Rescue',
    charityUrl: `kiwi-coast-rescue-${id.toLowerCase()}`,
    country: 'nz',
    logoImageUrl: '/media/logo.svg',
    isActive: true,
    version: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
};

/** A general donation from a charity page. */
export const aCharityRequest = (charityId: string, overrides: Partial<CharityPaymentRequest> = {}): CharityPaymentRequest => withFee({
  pageType: 'CHARITY',
  country: 'nz',
  charityId,
  donationAmount: 2500,
  quantity: 1,
  supportingAmount: 200,
  paymentType: 'CARD',
  isRecurring: false,
  isAnonymous: false,
  receiptName: 'Jane Donor',
  donor: { firstName: 'Jane', lastName: 'Donor', email: 'jane@example.com' },
  card: { token: 'tok_test12345678', cardType: 'visa', last4: '4242' },
  ...overrides,
}, overrides);

export const aRequest = (giftId: string, overrides: Partial<GiftPaymentRequest> = {}): GiftPaymentRequest => withFee({
  pageType: 'GIFT',
  country: 'nz',
  giftId,
  // aGift's price: a priced gift is sold at its price.
  donationAmount: 2500,
  quantity: 2,
  supportingAmount: 0,
  paymentType: 'CARD',
  isRecurring: false,
  isAnonymous: false,
  receiptName: 'Jane Donor',
  donor: { firstName: 'Jane', lastName: 'Donor', email: 'jane@example.com' },
  card: { token: 'tok_test12345678', cardType: 'visa', last4: '4242' },
  ...overrides,
}, overrides);

/** A signed-in member's payment: the same request without `donor` (it comes from the token). */
export const aMemberRequest = (giftId: string, overrides: Partial<GiftPaymentRequest> = {}): MemberGiftPaymentRequest => {
  const { donor: _donor, ...request } = aRequest(giftId, overrides);
  return request;
};

/** The signed-in caller as the ID token names them (demo donor Dana). */
export const aSignedInMember = (overrides: Partial<{ memberId: string; email: string; givenName: string; familyName: string }> = {}) => ({
  memberId: `member-${newId()}`,
  email: 'dana.donor@demo.koha.nz',
  givenName: 'Dana',
  familyName: 'Whitfield',
  ...overrides,
});

/** Records the workflow starts a use case asks for. */
export function recordingWorkflow(): PaymentWorkflow & { started: string[] } {
  const started: string[] = [];
  return { started, start: async (trackingNumber) => void started.push(trackingNumber) };
}

/**
 * A gateway that answers from a script and counts charges per key, like the sandbox's idempotent API; it remembers
 * which merchant account and amount each key was charged with, and which account every call named.
 */
export function scriptedGateway(answers: {
  charge?: () => Promise<ChargeResult>;
  find?: ChargeResult;
}): CardGateway & { charges: Map<string, number>; refunds: Map<string, string>; charged: Map<string, { account: MerchantAccount; amount: Money }>; accounts: MerchantAccount[] } {
  const charges = new Map<string, number>();
  const charged = new Map<string, { account: MerchantAccount; amount: Money }>();
  const accounts: MerchantAccount[] = [];
  /** Refunded charge id by refund key: one entry per key, however often it is asked. */
  const refunds = new Map<string, string>();
  return {
    charges,
    charged,
    accounts,
    refunds,
    async refund({ account, idempotencyKey, chargeId }) {
      accounts.push(account);
      refunds.set(idempotencyKey, chargeId);
      return { refundId: `re_${idempotencyKey}` };
    },
    async charge({ account, idempotencyKey, amount }) {
      accounts.push(account);
      charges.set(idempotencyKey, (charges.get(idempotencyKey) ?? 0) + 1);
      charged.set(idempotencyKey, { account, amount });
      return answers.charge ? answers.charge() : { outcome: 'approved', chargeId: `ch_${idempotencyKey}` };
    },
    async cardFingerprint({ token }) {
      return `fp-${token}`;
    },
    async findCharge({ account }) {
      accounts.push(account);
      return answers.find;
    },
    async createCustomer({ idempotencyKey }) {
      return { customerId: `cus_${idempotencyKey}` };
    },
    async saveCard({ idempotencyKey }) {
      return { paymentMethodId: `pm_${idempotencyKey}`, cardType: 'visa', last4: '4242', expMonth: 12, expYear: 2039 };
    },
    async removeSavedCard() {},
    async deleteCustomer() {},
  };
}

/** The DomainError a call is refused with (the test fails if it resolves, or throws anything else). */
export async function refused(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}
