import type { Gift, PaymentStatus } from '@giving/shared/contracts/donations';
import type { CountryCode } from '@giving/shared/countries';
import type { Money } from '@giving/shared/money';

/** A payment as the donations table keeps it. The card appears only as the gateway's token and its last 4 digits. */
export interface Payment {
  trackingNumber: string;
  idempotencyKey: string;
  status: PaymentStatus;
  messages: string[];
  pageType: 'GIFT';
  country: CountryCode;
  giftId: string;
  donationAmountCents: number;
  quantity: number;
  supportingAmountCents: number;
  message?: string;
  isAnonymous: boolean;
  receiptName: string;
  donor: { firstName: string; lastName: string; email: string };
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
  gift: { id: string; title: string; productUrl: string };
}

export interface Donation {
  donationId: string;
  trackingNumber: string;
  pageType: 'GIFT';
  country: CountryCode;
  priced: PricedPayment;
  quantity: number;
  message?: string;
  isAnonymous: boolean;
  receiptName: string;
  donorEmail: string;
  donorName: string;
  paymentType: 'CARD';
  card: { cardType: string; last4: string };
  chargeId: string;
  completedAt: string;
}

export type NewPayment = Omit<Payment, 'status' | 'messages' | 'updatedAt' | 'priced' | 'chargeId'>;

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
