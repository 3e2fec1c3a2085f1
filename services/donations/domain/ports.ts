import type { AdminGift } from '@giving/shared/contracts/dollar-handles';
import type { Gift, PaymentStatus } from '@giving/shared/contracts/donations';
import type { PayrollPledge } from '@giving/shared/contracts/payroll';
import type { RecurringStatus } from '@giving/shared/contracts/member-giving';
import type { MerchantAccount } from '@giving/shared/contracts/payment-gateway';
import type { CountryCode } from '@giving/shared/countries';
import type { TransactionProcessingFees } from '@giving/shared/fees';
import type { Money } from '@giving/shared/money';
import type { CharityCopy, CharityMembership, WorkplaceMembership } from '@giving/shared/copies';
import type { DonationRefunds } from './refunds';
import type { PricedMembership } from './charity-memberships';

/**
 * What a payment is for: a gift from a gift page, a general donation from a charity page (quantity 1), or a gift
 * voucher bought on the voucher page (quantity 1, no tip, the voucher's value as the amount; not a donation).
 */
export type PaymentTarget =
  | { pageType: 'GIFT'; giftId: string }
  | { pageType: 'CHARITY'; charityId: string }
  /** A donation to a fundraising page (quantity 1): its donor's message to the page, and whether the page shows it. */
  | { pageType: 'FUNDRAISE'; pageId: string; isMessageAnonymous: boolean; donorMessage?: string }
  /** A charity membership's fee (issue 17): joining or renewing `membershipId` on the plan; no tip, no fee on top. */
  | { pageType: 'MEMBERSHIP'; planId: string; charityId: string; membershipId: string; membershipNumber: string; renewal?: boolean }
  | {
      pageType: 'VOUCHER_PURCHASE';
      recipient?: VoucherRecipient;
      /** A workplace's order for its staff (quantity = recipients): one voucher per recipient, each e-mailed its code. */
      workplace?: { id: string; name: string };
      recipients?: (VoucherRecipient & { email: string })[];
    };
export type PaymentPageType = PaymentTarget['pageType'];
/** What a donation can be for (a voucher purchase and a membership fee are payments, not donations). */
export type DonationPageType = Exclude<PaymentPageType, 'VOUCHER_PURCHASE' | 'MEMBERSHIP'>;

/**
 * The card a payment is charged to: a new card's gateway token, or a saved card's gateway payment method id
 * (`token`) with the gateway customer it belongs to and our id for it. Never the number.
 */
export interface PaymentCard {
  token: string;
  cardType: string;
  last4: string;
  customerId?: string;
  savedCardId?: string;
}

/** Which monthly schedule, period (YYYY-MM) and charge date a payment charges, and which attempt it is (0 = first). */
export interface RecurringCharge {
  scheduleId: string;
  period: string;
  chargeOn: string;
  attempt: number;
}

/** A payment as the donations table keeps it. The card appears only as the gateway's token and its last 4 digits. */
export type Payment = PaymentRecord & PaymentTarget;

interface PaymentRecord {
  trackingNumber: string;
  idempotencyKey: string;
  status: PaymentStatus;
  messages: string[];
  country: CountryCode;
  donationAmountCents: number;
  quantity: number;
  supportingAmountCents: number;
  message?: string;
  isAnonymous: boolean;
  receiptName: string;
  donor: { firstName: string; lastName: string; email: string };
  /** The signed-in member who gives (their Cognito sub); absent for a guest, whose donor is what they typed. */
  memberId?: string;
  /** The address the payment was made from (the edge's viewer address), for card-testing limits; absent for a monthly charge. */
  clientAddress?: string;
  /** Absent only for a gift voucher payment sent without a card (the server decides whether the voucher covers it). */
  card?: PaymentCard;
  /** Signed-in only: keep the card for the member once the payment is approved (always for a monthly gift's new card). */
  saveCard?: boolean;
  /** Signed-in only: this payment starts a monthly gift; its schedule is stored when it completes. */
  isRecurring?: boolean;
  /** A monthly gift's charge for one period, created by the charge-recurring-donations job. */
  recurringCharge?: RecurringCharge;
  /**
   * A gift voucher payment's voucher, as the keyed hash of its code (the code itself is never stored), and the part of
   * the total the donor was shown their card paying (with its fee) when the payment was accepted: the redemption takes
   * exactly the rest, or the payment fails (absent: a payment made before this was kept, or a voucher the workflow refuses).
   */
  voucher?: { codeHash: string; cardCents?: number };
  /** What the voucher paid, written in the same transaction that took it off the voucher's balance. */
  redemption?: { amount: Money };
  /** A voucher purchase's voucher once it exists (written with the payment's completion). */
  purchasedVoucher?: { codeHash: string };
  /** A workplace order's vouchers once they exist (written with the payment's completion), in the recipients' order. */
  purchasedVouchers?: { voucherId: string; codeHash: string }[];
  /** Set when a failure after the charge is being compensated: the payment can no longer complete. */
  compensating?: boolean;
  /**
   * The fee rates the donor agreed to when the payment was made (the country's at the time; for a monthly charge,
   * the country's when the job created it): the card is charged its part + the fee on that part. Absent: no fee
   * (a gift voucher purchase, or a payment made before fees).
   */
  transactionFees?: TransactionProcessingFees;
  /** Set when the payment is validated and priced on the server. */
  priced?: PricedPayment | PricedVoucherPurchase | PricedMembership;
  /** A voucher purchase's or membership fee's refunds, reserved and completed (a donation's are on the donation). */
  refunds?: DonationRefunds;
  chargeId?: string;
  createdAt: string;
  updatedAt: string;
}

/** A voucher purchase, priced on the server: the voucher's value, no tip. */
export interface PricedVoucherPurchase {
  amount: Money;
  tip: Money;
  total: Money;
  voucherPurchase: true;
}

export interface PricedPayment {
  amount: Money;
  tip: Money;
  total: Money;
  charity: Gift['charity'];
  /** Absent for a general donation to the charity. */
  gift?: { id: string; title: string; productUrl: string };
  /** A donation through a fundraising page: the page, as its donor saw it (the charity is the page's). */
  page?: FundraisingPageRef;
}

export interface FundraisingPageRef {
  id: string;
  title: string;
  pageUrl: string;
  eventUrl: string;
  /** The page's event (matching campaigns may list a whole event); absent on copies kept before it was. */
  eventId?: string;
  ownerName: string;
}

/**
 * Donations' copy of a fundraising page (fundraising's PageModified documents, newest version kept): what a donation
 * to it needs to check and to say. `isOnline` is the page's and its event's; `endDate` its last day in its country.
 */
export interface FundraisingPageCopy {
  id: string;
  title: string;
  pageUrl: string;
  eventUrl: string;
  eventId?: string;
  country: CountryCode;
  charityId: string;
  ownerName: string;
  ownerMemberId: string;
  workplaceId?: string;
  isOnline: boolean;
  endDate: string;
  version: number;
}

export interface FundraisingPageDirectory {
  get(pageId: string): Promise<FundraisingPageCopy | undefined>;
  /** Keeps this version unless a newer (or the same) one is kept: 'stale' then. */
  save(page: FundraisingPageCopy): Promise<'saved' | 'stale'>;
}

export interface Donation {
  donationId: string;
  trackingNumber: string;
  pageType: DonationPageType;
  country: CountryCode;
  priced: PricedPayment;
  quantity: number;
  message?: string;
  isAnonymous: boolean;
  receiptName: string;
  donorEmail: string;
  donorName: string;
  /** The signed-in member who gave; absent for a guest. */
  memberId?: string;
  /** PAYROLL: a workplace's confirmed payroll deduction (no card, no tip, no receipt: see payroll-donations.ts). */
  paymentType: 'CARD' | 'VOUCHER' | 'PAYROLL';
  /** The card's part (absent when a gift voucher paid it all). */
  card?: { cardType: string; last4: string };
  chargeId?: string;
  /** What a gift voucher paid; the card paid the rest of the total. */
  voucherAmount?: Money;
  /** The card transaction fee the donor covered, charged on top of the card's part (absent when none). Never the charity's. */
  transactionFee?: Money;
  /** A monthly gift's donation (its first month or a later one). */
  isRecurring?: boolean;
  /** A donation to a fundraising page: the donor's message to it, and whether only its owner may read it. */
  donorMessage?: string;
  isMessageAnonymous?: boolean;
  completedAt: string;
  /** Refunds reserved and completed against it (issue 17 item 5; domain/refunds.ts); absent: never refunded. */
  refunds?: DonationRefunds;
}

/** A payment to store; the repository gives it its tracking number (which it derives from the idempotency key). */
export type NewPayment = Omit<PaymentRecord, 'trackingNumber' | 'status' | 'messages' | 'updatedAt' | 'priced' | 'chargeId'> & PaymentTarget;

export interface PaymentRepository {
  /**
   * Stores the payment as Initiated, once per idempotency key, in one conditional write.
   * Returns its new tracking number, or the payment already holding this key (with its request fingerprint).
   */
  createOnce(
    payment: NewPayment,
    fingerprint: string,
  ): Promise<{ created: true; trackingNumber: string } | { created: false; trackingNumber: string; fingerprint: string }>;
  /** The payment already holding this idempotency key (with its request fingerprint), if any. */
  findByKey(idempotencyKey: string): Promise<{ trackingNumber: string; fingerprint: string } | undefined>;
  get(trackingNumber: string): Promise<Payment | undefined>;
  /** Initiated/Processing -> Processing with the server's prices. Returns false when the payment already ended. */
  markProcessing(trackingNumber: string, priced: PricedPayment | PricedVoucherPurchase | PricedMembership, at: Date): Promise<boolean>;
  /**
   * Processing -> compensating (still Processing, but it can no longer complete), before a charge is refunded.
   * 'completed' when the donation was recorded after all (nothing to compensate), 'ended' when it already failed.
   */
  markCompensating(trackingNumber: string, at: Date): Promise<'compensating' | 'completed' | 'ended'>;
  /** Writes the donation and marks the payment Completed atomically; a repeat is a no-op. */
  complete(donation: Donation): Promise<void>;
  /** Writes a donation that had no payment here (a workplace's payroll deduction), once: 'exists' on a repeat. */
  recordDonation(donation: Donation): Promise<'recorded' | 'exists'>;
  /** Marks an unfinished payment Failed with the donor-facing messages; a repeat is a no-op. */
  fail(trackingNumber: string, messages: string[], at: Date): Promise<void>;
  getDonation(donationId: string): Promise<Donation | undefined>;
  /**
   * Every payment made with this donor e-mail (any case), signed in or as a guest, oldest first; read from an index
   * (eventually consistent), for a person's own data.
   */
  listByDonorEmail(email: string): Promise<Payment[]>;
  /** Payments still Processing whose last change is older than `before`. */
  listStuck(before: Date, limit: number): Promise<Payment[]>;
}

export interface GiftCatalog {
  getById(giftId: string): Promise<Gift | undefined>;
  getByUrl(charityUrl: string, productUrl: string): Promise<Gift | undefined>;
  listByCharity(charityUrl: string, limit: number): Promise<Gift[]>;
}

/**
 * What donations knows of a charity (CharityProfilePublished) and of a member's place in a workplace
 * (WorkplaceMembershipChanged), kept in donations' own table: the shared copies' types (shared/copies.ts).
 */
export type { CharityProjection, WorkplaceMembership, CharityMembership } from '@giving/shared/copies';
export type CharityDirectory = CharityCopy;

export interface MembershipDirectory {
  /** The workplaces the member still holds roles in, by workplace id. */
  workplacesOf(memberId: string): Promise<WorkplaceMembership[]>;
  /** Keeps this version unless a newer (or the same) one is already kept: 'stale' then, and nothing changes. */
  save(membership: WorkplaceMembership): Promise<'saved' | 'stale'>;
}

/** A payroll pledge as the donations table keeps it: the member's view plus who pledged and the cancellation's id. */
export type StoredPayrollPledge = PayrollPledge & { memberId: string; cancellationId?: string };

export interface PayrollPledgeRepository {
  /**
   * Stores the pledge and claims the member's idempotency key in one transaction. Returns 'created', or the pledge
   * already holding this key (with its request fingerprint).
   */
  createOnce(pledge: StoredPayrollPledge, idempotencyKey: string, fingerprint: string): Promise<{ created: true } | { created: false; pledgeId: string; fingerprint: string }>;
  get(memberId: string, pledgeId: string): Promise<StoredPayrollPledge | undefined>;
  /** The member's pledges, newest first. */
  listByMember(memberId: string): Promise<StoredPayrollPledge[]>;
  /** Active -> Cancelled (conditional); a pledge already cancelled is left as it is. */
  cancel(memberId: string, pledgeId: string, cancellation: { id: string; at: string }): Promise<'cancelled' | 'already-cancelled' | 'not-found'>;
}

export type ChargeResult =
  | { outcome: 'approved'; chargeId: string }
  /**
   * `retryable` is the issuer's advice: a soft decline (insufficient funds) may succeed later, a hard one (stolen,
   * closed, a saved card that no longer exists) never will. Monthly gifts retry only soft declines.
   */
  | {
      outcome: 'declined';
      message: string;
      retryable?: boolean;
      /** The gateway's fingerprint of the declined card (the same card, whatever token), for card-testing limits. */
      cardFingerprint?: string;
    };

/** A card saved at the gateway for a customer (what a member's saved card points at); never the number. */
export interface SavedPaymentMethod {
  paymentMethodId: string;
  cardType: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * The card gateway. Charges are idempotent on the key: the same key never charges twice. Every call names the
 * merchant account it is for (the payment's country's, or the saved card's): tokens, customers, saved cards and
 * charges belong to one account, and the gateway knows nothing of them under another account's key.
 */
export interface CardGateway {
  /** Throws GatewayUnavailable (safe to retry) or GatewayTimeout (outcome unknown: reconcile). */
  charge(request: {
    account: MerchantAccount;
    idempotencyKey: string;
    /** A card token, or a saved payment method id together with its `customerId`. */
    token: string;
    customerId?: string;
    amount: Money;
    description: string;
  }): Promise<ChargeResult>;
  /** What happened to the charge with this key, or undefined if the gateway never received it. */
  findCharge(request: { account: MerchantAccount; idempotencyKey: string }): Promise<ChargeResult | undefined>;
  /** The fingerprint of a card token's card (the same card gives the same one); undefined for a token the account does not know. */
  cardFingerprint(request: { account: MerchantAccount; token: string }): Promise<string | undefined>;
  /**
   * Refunds a charge in full, or `amount` of it; the same key never refunds twice. Throws GatewayUnavailable (safe to
   * retry), or GatewayRefused when the gateway will not refund it (already refunded, more than is left): retrying
   * cannot help.
   */
  refund(request: { account: MerchantAccount; idempotencyKey: string; chargeId: string; amount?: Money }): Promise<{ refundId: string }>;
  /** A gateway customer to save a member's cards under; the same key always answers the same customer. */
  createCustomer(request: { account: MerchantAccount; idempotencyKey: string; email: string; reference: string }): Promise<{ customerId: string }>;
  /** Vaults a card token for the customer; the same key always answers the same saved card. */
  saveCard(request: { account: MerchantAccount; idempotencyKey: string; customerId: string; token: string }): Promise<SavedPaymentMethod>;
  /** Deletes a saved card at the gateway; deleting one already gone is not an error. */
  removeSavedCard(request: { account: MerchantAccount; customerId: string; paymentMethodId: string }): Promise<void>;
  /** Deletes a customer (its e-mail with it) and its saved cards at the gateway; deleting one already gone is not an error. */
  deleteCustomer(request: { account: MerchantAccount; customerId: string }): Promise<void>;
}

export interface PaymentWorkflow {
  /** Starts the payment workflow for this tracking number; starting it again is harmless. */
  start(trackingNumber: string): Promise<void>;
}

export type { Mailer } from '@giving/shared/mail';

/* ------------------------------------------------------------------------------------------------------------
 * Gift vouchers: bought by card, redeemed in checkout against a balance kept by conditional writes.
 * ---------------------------------------------------------------------------------------------------------- */

export interface VoucherRecipient {
  name?: string;
  email?: string;
}

/** A gift voucher as the donations table keeps it: its code only as a keyed hash (and the last 2 characters). */
export interface Voucher {
  /** The tracking number of the payment that bought it. */
  voucherId: string;
  codeHash: string;
  /** Which derivation of the code this is (0 unless an earlier one was taken by another voucher). */
  codeVariant: number;
  codeLast2: string;
  country: CountryCode;
  value: Money;
  balance: Money;
  expiresAt: string;
  createdAt: string;
  buyer: { email: string; firstName: string; lastName: string; memberId?: string };
  recipient?: VoucherRecipient;
  message?: string;
  /** Bought by a workplace for one of its people: the workplace, and the order (payment) it was one of. */
  workplace?: { id: string; name: string; orderNumber: string };
}

/** A redemption of one payment, keyed by its tracking number: there is at most one per payment. */
export interface VoucherRedemption {
  trackingNumber: string;
  codeHash: string;
  amount: Money;
  redeemedAt: string;
  reversedAt?: string;
}

export interface VoucherRepository {
  /**
   * Creates the bought voucher and completes its purchase payment in one transaction. 'codeTaken' when another
   * voucher already has this code (derive the next variant); 'ended' when the payment is no longer Processing.
   */
  completePurchase(voucher: Voucher, purchase: { trackingNumber: string; chargeId: string }): Promise<'created' | 'codeTaken' | 'ended'>;
  /**
   * The same for a workplace's order: every voucher (at most 99) and the payment's completion in one transaction.
   * 'codeTaken' names the positions whose code another voucher has.
   */
  completeOrder(
    vouchers: Voucher[],
    purchase: { trackingNumber: string; chargeId: string },
  ): Promise<{ outcome: 'created' } | { outcome: 'codeTaken'; positions: number[] } | { outcome: 'ended' }>;
  /**
   * Stores a voucher no payment bought (a workplace's match paid as a voucher), once: 'exists' when this voucher is
   * already stored (a retry), 'codeTaken' when another voucher has its code (derive the next variant).
   */
  issue(voucher: Voucher): Promise<'created' | 'exists' | 'codeTaken'>;
  /** A workplace's vouchers, newest first, a page at a time. */
  listByWorkplace(workplaceId: string, query: { cursor?: string }, limit: number): Promise<{ items: Voucher[]; nextCursor?: string }>;
  /** Every voucher of a workplace, for its totals (value, balance, expiry only). */
  balancesOfWorkplace(workplaceId: string): Promise<Pick<Voucher, 'value' | 'balance' | 'expiresAt'>[]>;
  getByCodeHash(codeHash: string): Promise<Voucher | undefined>;
  /**
   * Takes `amount` off the voucher's balance, records the redemption under the tracking number and writes it on the
   * payment, in one transaction conditioned on the balance (never below zero), the expiry and the payment being
   * Processing. 'repeat' when this payment already redeemed (its redemption is returned); 'balanceChanged' when the
   * balance or expiry no longer allows it (read again).
   */
  redeem(request: { codeHash: string; trackingNumber: string; amount: Money; at: Date }): Promise<
    { outcome: 'redeemed' } | { outcome: 'repeat'; redemption: VoucherRedemption } | { outcome: 'balanceChanged' } | { outcome: 'paymentEnded' }
  >;
  getRedemption(trackingNumber: string): Promise<VoucherRedemption | undefined>;
  /** Gives a payment's redemption back to its voucher, once: 'none' when the payment redeemed nothing. */
  reverse(trackingNumber: string, at: Date): Promise<'reversed' | 'alreadyReversed' | 'none'>;
  /** A refund's voucher part back onto the voucher this payment redeemed, once per refund id ('none': it redeemed none). */
  returnPart(trackingNumber: string, refundId: string, amount: number, at: Date): Promise<'returned' | 'already' | 'none'>;
  /** Vouchers bought with this e-mail, newest first. */
  listByBuyerEmail(email: string): Promise<Voucher[]>;
  /** Every voucher, newest first, a page at a time; `q` keeps those whose buyer e-mail contains it. */
  search(query: { q?: string; cursor?: string }, limit: number): Promise<{ items: Voucher[]; nextCursor?: string }>;
}

/** Counts calls per key in fixed windows; refuses beyond the limit (the voucher lookup's brute-force guard). */
export interface RateLimiter {
  /** Counts one use of `key`; refused when its window is full, with the seconds until the window ends. */
  allow(key: string, at: Date): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
}

/* ------------------------------------------------------------------------------------------------------------
 * The charity's side: managing gifts, charity roles for the console routes, the donation report and remittance.
 * ---------------------------------------------------------------------------------------------------------- */

/** A gift as the consoles manage it, with the revision its next write is conditioned on (optimistic concurrency). */
export interface GiftRecord {
  gift: AdminGift;
  revision: number;
}

export interface GiftAdminStore {
  getRecord(giftId: string): Promise<GiftRecord | undefined>;
  /**
   * Stores a new gift at its page address, unique per charity (a conditional write). 'taken' when the charity already
   * has a gift there; 'repeat' with that gift when it was created by this same request (`createKey`) before.
   */
  create(
    gift: AdminGift,
    createKey: string,
  ): Promise<{ outcome: 'created' } | { outcome: 'taken' } | { outcome: 'repeat'; gift: AdminGift }>;
  /**
   * Replaces the gift read as `current` with `next` (moving it when its page address changed): 'taken' when the new
   * address is another gift's, 'changed' when the gift was written since `current` was read.
   */
  replace(current: GiftRecord, next: AdminGift): Promise<'saved' | 'taken' | 'changed'>;
  /** Every gift of the charity, active or not. */
  listByCharityId(charityId: string): Promise<AdminGift[]>;
  /** Every charity's gifts, a page at a time; `q` matches the title or the charity's name, `charityId` keeps one charity's. */
  search(query: { q?: string; charityId?: string; cursor?: string }, limit: number): Promise<{ items: AdminGift[]; nextCursor?: string }>;
  /** Every gift of every charity with the revision it was read at, once each (ReIndexCharityGifts). */
  listAll(): Promise<GiftRecord[]>;
}

/** Public images in the media bucket (gift pictures): shared/media.ts. */
export type { MediaStore } from '@giving/shared/media';

/** What donations knows of a member's roles in a tenant (shared/copies.ts), read by the console routes' guard. */
export interface TenantRoleDirectory {
  rolesOf(memberId: string, tenant: { kind: 'charity' | 'workplace'; id: string }): Promise<string[]>;
  /** Keeps this version unless a newer (or the same) one is already kept: 'stale' then, and nothing changes. */
  saveCharityMembership(membership: CharityMembership): Promise<'saved' | 'stale'>;
}

/** The report's filters as instants: [fromIso, toIso) on completedAt. */
export interface DonationReportFilter {
  fromIso?: string;
  toIso?: string;
  /** A gift id, or 'general' for donations to the charity itself. */
  giftId?: string;
  paymentType?: string;
}

export interface DonationReportSource {
  /** A page of the charity's donations, newest first. */
  page(charityId: string, filter: DonationReportFilter, limit: number, cursor?: string): Promise<{ items: Donation[]; nextCursor?: string }>;
  /** How many donations match and what they add up to (cents; never the tip). */
  totals(charityId: string, filter: DonationReportFilter): Promise<{ count: number; cents: number }>;
  /** Every matching donation, newest first, or 'too-many' past `max`. */
  all(charityId: string, filter: DonationReportFilter, max: number): Promise<Donation[] | 'too-many'>;
}

export interface LedgerMonth {
  month: string;
  donationCount: number;
  receivedCents: number;
  /** Refunded in the month (the donations' parts only). */
  refundedCents: number;
  paidCents: number;
}

export interface StoredPayout {
  payoutId: string;
  charityId: string;
  amount: Money;
  reference: string;
  paidAt: string;
  recordedAt: string;
  recordedBy: string;
}

export interface CharityLedgerState {
  currency?: Money['currency'];
  receivedCents: number;
  refundedCents: number;
  paidCents: number;
  owedCents: number;
  months: LedgerMonth[];
  payouts: StoredPayout[];
}

/** A completed donation as the ledger counts it: in its local month and day (its country's), by what it was given to. */
export interface CountedDonation {
  donationId: string;
  charityId: string;
  /** 'YYYY-MM' and 'YYYY-MM-DD', local. */
  month: string;
  day: string;
  amount: Money;
  gift?: { id: string; title: string };
  page?: { id: string; title: string; ownerName: string; eventUrl: string; pageUrl: string };
}

/** One day's or one gift's or page's running figures in one currency, as the dashboards read them. */
export interface StatsLine {
  currency: Money['currency'];
  donations: number;
  cents: number;
}

/**
 * The dashboards' running figures, kept by the ledger's countDonation (atomic ADDs in its once-only transaction):
 * per charity and for the whole platform per local day and currency, and per charity per month for each gift and page.
 */
export interface GivingStats {
  /** The charity's days from `fromDay` to `toDay` (inclusive, 'YYYY-MM-DD'), a line per day and currency. */
  charityDays(charityId: string, fromDay: string, toDay: string): Promise<(StatsLine & { day: string })[]>;
  /** Every day's line of the platform between the days. */
  platformDays(fromDay: string, toDay: string): Promise<(StatsLine & { day: string })[]>;
  /** The charity's gifts and pages given to in a month, each with its figures. */
  charityMonthTargets(
    charityId: string,
    month: string,
  ): Promise<{ gifts: (StatsLine & { giftId: string; title: string })[]; pages: (StatsLine & { pageId: string; title: string; ownerName: string; eventUrl: string; pageUrl: string })[] }>;
}

/**
 * What each charity is owed: completed donations add to it (once each), payouts take from it, never below zero
 * (a condition in the payout's transaction).
 */
export interface CharityLedger {
  /**
   * Counts a completed donation once: 'already' when it was counted before (a redelivered stream record). In the same
   * transaction it adds to the dashboards' running figures (`GivingStats`): its charity's and the platform's day, and
   * its gift's or page's month.
   */
  countDonation(entry: CountedDonation): Promise<'counted' | 'already'>;
  /**
   * Records a payout and takes it from what is owed, in one transaction claiming the idempotency key: 'repeat' with
   * the payout this key recorded before (and that request's fingerprint); 'more-than-owed' and nothing written.
   */
  recordPayout(
    payout: StoredPayout,
    month: string,
    idempotencyKey: string,
    fingerprint: string,
  ): Promise<{ outcome: 'recorded' } | { outcome: 'repeat'; payout: StoredPayout; fingerprint: string } | { outcome: 'more-than-owed' }>;
  get(charityId: string, payoutLimit: number): Promise<CharityLedgerState>;
}

/**
 * A member's saved card: what the gateway vaulted, never the number. `cardId` is the tracking number of the payment
 * that saved it, so saving it again (a retried workflow step) finds the same card.
 */
export interface SavedCard {
  memberId: string;
  cardId: string;
  cardType: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The gateway customer and payment method it is charged as. */
  customerId: string;
  paymentMethodId: string;
  /** The merchant account it is saved with: it pays only there. Absent on cards saved before accounts: Platform. */
  account?: MerchantAccount;
  savedAt: string;
}

export interface SavedCardRepository {
  /** The member's gateway customer in this merchant account, if one was made. */
  getCustomer(memberId: string, account: MerchantAccount): Promise<string | undefined>;
  /** Keeps the member's gateway customer in this account unless one is kept already; answers the one kept. */
  keepCustomer(memberId: string, account: MerchantAccount, customerId: string): Promise<string>;
  /** Keeps the card unless it is kept already (same id): a repeat is a no-op. */
  save(card: SavedCard): Promise<void>;
  get(memberId: string, cardId: string): Promise<SavedCard | undefined>;
  /** The member's saved cards, oldest first. */
  list(memberId: string): Promise<SavedCard[]>;
  /** Removes the card; a repeat is a no-op. */
  remove(memberId: string, cardId: string): Promise<void>;
}

/** A monthly gift's schedule: what to give each month, from which saved card, and when the next charge is due. */
export interface RecurringDonation {
  scheduleId: string;
  memberId: string;
  status: RecurringStatus;
  target: Extract<PaymentTarget, { pageType: 'GIFT' | 'CHARITY' | 'FUNDRAISE' }>;
  country: CountryCode;
  /** As priced when the gift started (for the member's list; each month is priced again before it is charged). */
  charity: { id: string; name: string; charityUrl: string };
  gift?: { id: string; title: string; productUrl: string };
  /** A monthly donation through a fundraising page. */
  page?: FundraisingPageRef;
  donationAmountCents: number;
  quantity: number;
  supportingAmountCents: number;
  total: Money;
  message?: string;
  isAnonymous: boolean;
  receiptName: string;
  donor: { firstName: string; lastName: string; email: string };
  savedCardId: string;
  card: { cardType: string; last4: string };
  /** The day of the month it recurs on (a shorter month charges on its last day). */
  dayOfMonth: number;
  /** The current period's charge date (YYYY-MM-DD in the country's time zone). */
  nextChargeOn: string;
  /** Failed attempts in the current period (soft declines retried on a back-off). */
  attempts: number;
  /** When the job next tries: nextChargeOn, or a retry day after it. */
  nextAttemptOn: string;
  lastChargedPeriod?: string;
  /** Why it stopped (hard decline, retries spent, gift gone), and whether the donor has been told. */
  stoppedReason?: string;
  stopNoticeSent?: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Where a schedule is in its current period: every transition is conditional on it, so a repeat changes nothing. */
export interface SchedulePosition {
  memberId: string;
  scheduleId: string;
  nextChargeOn: string;
  attempts: number;
}

export interface RecurringDonationRepository {
  /** Stores a new Active schedule unless it exists (its id is the first payment's tracking number). */
  create(schedule: RecurringDonation): Promise<void>;
  get(memberId: string, scheduleId: string): Promise<RecurringDonation | undefined>;
  listByMember(memberId: string): Promise<RecurringDonation[]>;
  /** Active schedules whose next attempt is on or before `day` (a Query on the sparse due index). */
  listDue(day: string, limit: number): Promise<RecurringDonation[]>;
  /** Stopped schedules whose donor has not been told yet (the sparse notice index). */
  listStopNoticesDue(limit: number): Promise<RecurringDonation[]>;
  /** The period was charged: on to the next charge date, if the schedule is still Active at this position. */
  advance(at: SchedulePosition, next: { nextChargeOn: string; period: string }, now: Date): Promise<boolean>;
  /** A soft decline: one more attempt, tried on `nextAttemptOn`, if the schedule is still at this position. */
  retryLater(at: SchedulePosition, nextAttemptOn: string, now: Date): Promise<boolean>;
  /** Stops it with the reason the donor will read, if still Active at this position; the notice is then due. */
  stop(at: SchedulePosition, reason: string, now: Date): Promise<boolean>;
  markStopNoticeSent(memberId: string, scheduleId: string): Promise<void>;
  /** Active -> Cancelled. */
  cancel(memberId: string, scheduleId: string, now: Date): Promise<'cancelled' | 'not-active' | 'not-found'>;
}

/** The member's completed donations, newest first (a Query on the member index the donation write fills). */
export interface DonationHistory {
  listByMember(memberId: string, page: { limit: number; cursor?: string }): Promise<{ items: Donation[]; nextCursor?: string }>;
  /** All of them completed in [fromIso, toIso) (or ever, with no range), oldest first: a tax year's, for its statement. */
  listCompleted(memberId: string, range?: { fromIso: string; toIso: string }): Promise<Donation[]>;
}
