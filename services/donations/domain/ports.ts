import type { Gift, PaymentStatus } from '@giving/shared/contracts/donations';
import type { CountryCode } from '@giving/shared/countries';
import type { Money } from '@giving/shared/money';

/** What a payment is for: a gift from a gift page, or a general donation from a charity page (quantity 1). */
export type PaymentTarget = { pageType: 'GIFT'; giftId: string } | { pageType: 'CHARITY'; charityId: string };
export type PaymentPageType = PaymentTarget['pageType'];

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
  card: { token: string; cardType: string; last4: string };
  /** Set when the payment is validated and priced on the server. */
  priced?: PricedPayment;
  chargeId?: string;
  createdAt: string;
  updatedAt: string;
}

export interface PricedPayment {
  amount: Money;
  tip: Money;
  total: Money;
  charity: Gift['charity'];
  /** Absent for a general donation to the charity. */
  gift?: { id: string; title: string; productUrl: string };
}

export interface Donation {
  donationId: string;
  trackingNumber: string;
  pageType: PaymentPageType;
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
  paymentType: 'CARD';
  card: { cardType: string; last4: string };
  chargeId: string;
  completedAt: string;
}

export type NewPayment = Omit<PaymentRecord, 'status' | 'messages' | 'updatedAt' | 'priced' | 'chargeId'> & PaymentTarget;

export interface PaymentRepository {
  /**
   * Stores the payment and claims its idempotency key in one transaction.
   * Returns 'created', or the payment already holding this key (with its request fingerprint).
   */
  createOnce(payment: NewPayment, fingerprint: string): Promise<{ created: true } | { created: false; trackingNumber: string; fingerprint: string }>;
  get(trackingNumber: string): Promise<Payment | undefined>;
  /** Initiated/Processing -> Processing with the server's prices. Returns false when the payment already ended. */
  markProcessing(trackingNumber: string, priced: PricedPayment, at: Date): Promise<boolean>;
  /** Writes the donation and marks the payment Completed atomically; a repeat is a no-op. */
  complete(donation: Donation): Promise<void>;
  /** Marks an unfinished payment Failed with the donor-facing messages; a repeat is a no-op. */
  fail(trackingNumber: string, messages: string[], at: Date): Promise<void>;
  getDonation(donationId: string): Promise<Donation | undefined>;
  /** Payments still Processing whose last change is older than `before`. */
  listStuck(before: Date, limit: number): Promise<Payment[]>;
}

export interface GiftCatalog {
  getById(giftId: string): Promise<Gift | undefined>;
  getByUrl(charityUrl: string, productUrl: string): Promise<Gift | undefined>;
  listByCharity(charityUrl: string, limit: number): Promise<Gift[]>;
}

/**
 * What donations knows of a charity: the accounts service's CharityProfilePublished, kept in donations' own table.
 * `version` (the accounts stream's padded sequence number) orders the versions; the highest one wins.
 */
export interface CharityProjection {
  id: string;
  name: string;
  charityUrl: string;
  country: CountryCode;
  logoImageUrl: string;
  isActive: boolean;
  version: string;
}

export interface CharityDirectory {
  getById(charityId: string): Promise<CharityProjection | undefined>;
  getByUrl(charityUrl: string): Promise<CharityProjection | undefined>;
  /** Keeps this version unless a newer (or the same) one is already kept: 'stale' then, and nothing changes. */
  save(charity: CharityProjection): Promise<'saved' | 'stale'>;
}

export type ChargeResult =
  | { outcome: 'approved'; chargeId: string }
  | { outcome: 'declined'; message: string };

/** The card gateway. Charges are idempotent on the key: the same key never charges twice. */
export interface CardGateway {
  /** Throws GatewayUnavailable (safe to retry) or GatewayTimeout (outcome unknown: reconcile). */
  charge(request: { idempotencyKey: string; token: string; amount: Money; description: string }): Promise<ChargeResult>;
  /** What happened to the charge with this key, or undefined if the gateway never received it. */
  findCharge(idempotencyKey: string): Promise<ChargeResult | undefined>;
}

export interface PaymentWorkflow {
  /** Starts the payment workflow for this tracking number; starting it again is harmless. */
  start(trackingNumber: string): Promise<void>;
}

export type { Mailer } from '@giving/shared/mail';
