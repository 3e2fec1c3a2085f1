import { createHmac, randomBytes } from 'node:crypto';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import { newId } from '@giving/shared/ids';
import { cardBrand, cardDigits, padMonth, validateCard, type CardBrand, type CardErrors, type CardInput } from './validation';

/**
 * The sandbox gateway's memory: tokens, customers and their saved payment methods, charges and idempotent replies.
 * A token keeps the brand, last 4 digits, expiry, the card's fingerprint and the test behaviour of its number; the
 * number and CVC themselves are dropped as soon as the token exists (not kept, not logged), as a real gateway's vault
 * would keep them from its merchants. A payment method is a token vaulted for a customer, so it can be charged again later.
 *
 * Everything belongs to one merchant account (the one whose key made it), as with Stripe's connected accounts: another
 * account's secret key cannot see, charge, save or refund it ("No such token"), and idempotency keys are per account.
 */
export type TestBehaviour = keyof typeof TEST_CARDS;

export interface CardSummary {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  /**
   * The same card gives the same fingerprint within an account, whatever token carries it (as Stripe's
   * card.fingerprint): a keyed hash with the gateway's own secret, which merchants use to spot one card tried again
   * and again. Not the number, and nothing a merchant could turn back into it.
   */
  fingerprint: string;
}

export interface TokenRecord {
  id: string;
  /** The merchant account whose publishable or client key made it. */
  account: string;
  card: CardSummary;
  behaviour: TestBehaviour;
  created: number;
}

export interface Customer {
  id: string;
  object: 'customer';
  account: string;
  email: string | null;
  description: string | null;
  created: number;
  /** Set once the merchant deletes the customer: its e-mail and description are gone, and so are its saved cards. */
  deleted?: true;
}

/** A card saved for a customer. `deleted` once the merchant removes it: it can no longer be charged. */
export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  account: string;
  customer: string;
  card: CardSummary;
  created: number;
  deleted: boolean;
}

/** Whether the issuer says a declined card may work later (soft) or never (hard), as card networks' advice codes do. */
export type AdviceCode = 'try_again_later' | 'do_not_try_again';

export interface Charge {
  id: string;
  object: 'charge';
  /** The merchant account it was charged to. */
  account: string;
  amount: number;
  currency: 'nzd' | 'aud';
  description: string | null;
  status: 'succeeded' | 'declined';
  failure_code: string | null;
  failure_message: string | null;
  /** How the issuer answered; for a decline, whether to try the card again later. */
  outcome: { type: 'authorized' | 'issuer_declined'; advice_code: AdviceCode | null };
  idempotency_key: string;
  /** A token, or a saved payment method of `customer`. */
  source: string;
  customer: string | null;
  card: CardSummary;
  /** Unix seconds, as card gateways report them. */
  created: number;
  /** Set by a refund (always of the whole charge here). */
  refunded: boolean;
  amount_refunded: number;
}

/** A charge paid back to the card. */
export interface Refund {
  id: string;
  object: 'refund';
  account: string;
  charge: string;
  amount: number;
  currency: 'nzd' | 'aud';
  status: 'succeeded';
  idempotency_key: string;
  created: number;
}

export interface ChargeRequest {
  source: string;
  /** Set when `source` is a saved payment method: the customer it belongs to. */
  customer: string | null;
  amount: number;
  currency: 'nzd' | 'aud';
  description: string | null;
}

/** A reply as the HTTP layer sends it; `holdMs` delays it (the lost-reply test card). */
export interface GatewayReply {
  status: number;
  body: unknown;
  holdMs?: number;
  replayed?: boolean;
}

interface StoredReply {
  fingerprint: string;
  status: number;
  body: unknown;
}

const BEHAVIOURS = new Map<string, TestBehaviour>(Object.entries(TEST_CARDS).map(([behaviour, number]) => [number, behaviour as TestBehaviour]));

interface Decline {
  code: string;
  message: string;
  advice: AdviceCode;
}

const INSUFFICIENT_FUNDS: Decline = { code: 'insufficient_funds', message: 'Your card has insufficient funds.', advice: 'try_again_later' };

/** Declines of a card whatever way it is charged. */
const DECLINES: Partial<Record<TestBehaviour, Decline>> = {
  decline: { code: 'card_declined', message: 'Your card was declined.', advice: 'do_not_try_again' },
  insufficientFunds: INSUFFICIENT_FUNDS,
};

/** Declines of a card only once it is saved (the first, new-card charge is approved), for recurring charges. */
const SAVED_CARD_DECLINES: Partial<Record<TestBehaviour, Decline>> = {
  savedCardInsufficientFunds: INSUFFICIENT_FUNDS,
  savedCardInsufficientFundsOnce: INSUFFICIENT_FUNDS,
  savedCardStolen: { code: 'stolen_card', message: 'Your card was declined.', advice: 'do_not_try_again' },
};

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Tokens are random, not sortable ids: whoever guesses one could charge the card behind it. */
function randomAlphanumeric(length: number): string {
  return Array.from(randomBytes(length), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}

export const errorBody = (type: string, message: string, extra: Record<string, unknown> = {}) => ({ error: { type, message, ...extra } });

const missing = (param: string, message: string): GatewayReply => ({
  status: 400,
  body: errorBody('invalid_request_error', message, { code: 'resource_missing', param }),
});
const invalidParam = (param: string, message: string): GatewayReply => ({ status: 400, body: errorBody('invalid_request_error', message, { param }) });

/** A saved payment method as the ledger keeps it: the card's test behaviour stays with it, as with a token. */
interface StoredPaymentMethod extends PaymentMethod {
  behaviour: TestBehaviour;
  /** Charges made on it (for the cards that decline only their first saved charge). */
  charged: number;
}

const publicPaymentMethod = ({ behaviour: _behaviour, charged: _charged, ...method }: StoredPaymentMethod): PaymentMethod => method;

export class Ledger {
  private readonly tokens = new Map<string, TokenRecord>();
  private readonly customers = new Map<string, Customer>();
  private readonly paymentMethods = new Map<string, StoredPaymentMethod>();
  private readonly charges: Charge[] = [];
  private readonly refunds: Refund[] = [];
  private readonly replies = new Map<string, StoredReply>();
  /** Idempotency keys whose first attempt already failed with the transient test card. */
  private readonly transientFailures = new Set<string>();

  /** The gateway's own key for card fingerprints (a new one each run: nothing outlives the sandbox's memory). */
  private readonly fingerprintKey = randomBytes(32);

  constructor(private readonly options: { lostReplyDelayMs: number; now?: () => Date }) {}

  private fingerprintOf(account: string, digits: string): string {
    return createHmac('sha256', this.fingerprintKey).update(`${account}\u0000${digits}`).digest('base64url').slice(0, 16);
  }

  /** A token as the merchant's secret key sees it (GET /v1/tokens/{id}): the card's summary with its fingerprint. */
  getToken(account: string, id: string): GatewayReply {
    const token = this.tokenOf(account, id);
    if (!token) return { ...missing('token', `No such token: '${id}'`), status: 404 };
    return { status: 200, body: { id: token.id, object: 'token', card: token.card, created: token.created } };
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Idempotency keys are per merchant account, as real gateways' are. */
  private static replyKey(account: string, idempotencyKey: string): string {
    return `${account}\u0000${idempotencyKey}`;
  }

  /** Validates the card as the hosted fields do and keeps only what a merchant may see. */
  tokenise(account: string, input: CardInput): { token: TokenRecord } | { errors: CardErrors } {
    const errors = validateCard(input, this.now());
    if (Object.keys(errors).length > 0) return { errors };
    const digits = cardDigits(input.number);
    const token: TokenRecord = {
      id: `tok_${randomAlphanumeric(24)}`,
      account,
      card: {
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        expMonth: Number(padMonth(input.expMonth)),
        expYear: 2000 + Number(input.expYear.trim()),
        fingerprint: this.fingerprintOf(account, digits),
      },
      behaviour: BEHAVIOURS.get(digits) ?? 'approve',
      created: Math.floor(this.now().getTime() / 1000),
    };
    this.tokens.set(token.id, token);
    return { token };
  }

  /**
   * An idempotent request: the reply stored under this key when it was made with the same parameters, a 409 when
   * the key was used for something else (keys are shared by every endpoint, as real gateways' are), else undefined.
   */
  private replay(account: string, idempotencyKey: string, fingerprint: string): GatewayReply | undefined {
    const stored = this.replies.get(Ledger.replyKey(account, idempotencyKey));
    if (!stored) return undefined;
    if (stored.fingerprint !== fingerprint) {
      return {
        status: 409,
        body: errorBody(
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        ),
      };
    }
    return { status: stored.status, body: stored.body, replayed: true };
  }

  /** A customer to save cards for; idempotent by key. */
  createCustomer(account: string, idempotencyKey: string, request: { email: string | null; description: string | null }): GatewayReply {
    const fingerprint = JSON.stringify(['customer', request.email, request.description]);
    const replayed = this.replay(account, idempotencyKey, fingerprint);
    if (replayed) return replayed;
    const customer: Customer = { id: `cus_${randomAlphanumeric(14)}`, object: 'customer', account, ...request, created: this.unixNow() };
    this.customers.set(customer.id, customer);
    this.replies.set(Ledger.replyKey(account, idempotencyKey), { fingerprint, status: 200, body: customer });
    return { status: 200, body: customer };
  }

  /** Saves a token's card for a customer as a payment method that can be charged again; idempotent by key. */
  savePaymentMethod(account: string, idempotencyKey: string, customerId: string, source: string): GatewayReply {
    const fingerprint = JSON.stringify(['payment_method', customerId, source]);
    const replayed = this.replay(account, idempotencyKey, fingerprint);
    if (replayed) return replayed;
    if (!this.customerOf(account, customerId)) return missing('customer', `No such customer: '${customerId}'`);
    const token = this.tokenOf(account, source);
    if (!token) return missing('source', `No such token: '${source}'`);
    const method: StoredPaymentMethod = {
      id: `pm_${randomAlphanumeric(24)}`,
      object: 'payment_method',
      account,
      customer: customerId,
      card: { ...token.card },
      created: this.unixNow(),
      deleted: false,
      behaviour: token.behaviour,
      charged: 0,
    };
    this.paymentMethods.set(method.id, method);
    const body = publicPaymentMethod(method);
    this.replies.set(Ledger.replyKey(account, idempotencyKey), { fingerprint, status: 200, body });
    return { status: 200, body };
  }

  /** The customer's saved payment methods, newest first (deleted ones are gone). */
  listPaymentMethods(account: string, customerId: string): GatewayReply {
    if (!this.customerOf(account, customerId)) return missing('customer', `No such customer: '${customerId}'`);
    const data = [...this.paymentMethods.values()].filter((m) => m.customer === customerId && !m.deleted).reverse().map(publicPaymentMethod);
    return { status: 200, body: { object: 'list', data } };
  }

  /** Removes a saved payment method; removing it again answers the same. */
  deletePaymentMethod(account: string, customerId: string, paymentMethodId: string): GatewayReply {
    const method = this.paymentMethods.get(paymentMethodId);
    if (!method || method.account !== account || method.customer !== customerId) return { ...missing('id', `No such payment method: '${paymentMethodId}'`), status: 404 };
    method.deleted = true;
    return { status: 200, body: { id: method.id, object: 'payment_method', deleted: true } };
  }

  /** Deletes a customer (what it held of the person: its e-mail and description) and every card saved for it. */
  deleteCustomer(account: string, customerId: string): GatewayReply {
    const customer = this.customerOf(account, customerId);
    if (!customer) return { ...missing('id', `No such customer: '${customerId}'`), status: 404 };
    customer.deleted = true;
    customer.email = null;
    customer.description = null;
    for (const method of this.paymentMethods.values()) if (method.account === account && method.customer === customerId) method.deleted = true;
    return { status: 200, body: { id: customer.id, object: 'customer', deleted: true } };
  }

  charge(account: string, idempotencyKey: string, request: ChargeRequest): GatewayReply {
    const fingerprint = JSON.stringify([request.source, request.customer, request.amount, request.currency, request.description]);
    const replayed = this.replay(account, idempotencyKey, fingerprint);
    if (replayed) return replayed;
    const source = this.chargeSource(account, request);
    if ('status' in source) return source;
    const { card, behaviour, method } = source;
    const replyKey = Ledger.replyKey(account, idempotencyKey);
    if (behaviour === 'transientThenApprove' && !this.transientFailures.has(replyKey)) {
      this.transientFailures.add(replyKey);
      return { status: 503, body: errorBody('api_error', 'The card network is temporarily unavailable. Retry the request with the same idempotency key.') };
    }
    const decline = DECLINES[behaviour] ?? (method ? this.savedCardDecline(method) : undefined);
    if (method) method.charged++;
    const charge: Charge = {
      id: `ch_${newId(this.now().getTime())}`,
      object: 'charge',
      account,
      amount: request.amount,
      currency: request.currency,
      description: request.description,
      status: decline ? 'declined' : 'succeeded',
      failure_code: decline?.code ?? null,
      failure_message: decline?.message ?? null,
      outcome: decline ? { type: 'issuer_declined', advice_code: decline.advice } : { type: 'authorized', advice_code: null },
      idempotency_key: idempotencyKey,
      source: request.source,
      customer: request.customer,
      card: { ...card },
      created: this.unixNow(),
      refunded: false,
      amount_refunded: 0,
    };
    const status = decline ? 402 : 200;
    this.charges.push(charge);
    this.replies.set(replyKey, { fingerprint, status, body: charge });
    return { status, body: charge, holdMs: behaviour === 'lostReply' ? this.options.lostReplyDelayMs : undefined };
  }

  /** The account's token with this id: another account's is as unknown as one never made. */
  private tokenOf(account: string, id: string): TokenRecord | undefined {
    const token = this.tokens.get(id);
    return token?.account === account ? token : undefined;
  }

  /** The account's customer with this id, unless deleted: another account's is as unknown as one never made. */
  private customerOf(account: string, id: string): Customer | undefined {
    const customer = this.customers.get(id);
    return customer?.account === account && !customer.deleted ? customer : undefined;
  }

  /** A token, or a customer's saved (not deleted) payment method, of this account; a 400 naming the parameter otherwise. */
  private chargeSource(account: string, request: ChargeRequest): { card: CardSummary; behaviour: TestBehaviour; method?: StoredPaymentMethod } | GatewayReply {
    if (request.customer === null) {
      const token = this.tokenOf(account, request.source);
      if (token) return { card: token.card, behaviour: token.behaviour };
      if (this.paymentMethods.get(request.source)?.account === account) {
        return invalidParam('customer', 'A saved payment method is charged with the customer it belongs to.');
      }
      return missing('source', `No such token: '${request.source}'`);
    }
    if (!this.customerOf(account, request.customer)) return missing('customer', `No such customer: '${request.customer}'`);
    const method = this.paymentMethods.get(request.source);
    if (!method || method.account !== account || method.customer !== request.customer || method.deleted) {
      return missing('source', `No such payment method: '${request.source}'`);
    }
    return { card: method.card, behaviour: method.behaviour, method };
  }

  private savedCardDecline(method: StoredPaymentMethod): Decline | undefined {
    if (method.behaviour === 'savedCardInsufficientFundsOnce' && method.charged > 0) return undefined;
    return SAVED_CARD_DECLINES[method.behaviour];
  }

  private unixNow(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  /**
   * Refunds a paid charge, in full or (with an amount) in part; idempotent by key (a retried refund answers the first
   * reply). A declined charge, or an amount beyond what is left of the charge, is refused: a charge is never paid back
   * more than it took, whatever the keys.
   */
  refund(account: string, idempotencyKey: string, chargeId: string, amount?: number): GatewayReply {
    const fingerprint = JSON.stringify(['refund', chargeId, amount ?? 'all']);
    const replayed = this.replay(account, idempotencyKey, fingerprint);
    if (replayed) return replayed;
    const charge = this.getCharge(account, chargeId);
    if (!charge) return missing('charge', `No such charge: '${chargeId}'`);
    if (charge.status !== 'succeeded') return invalidParam('charge', `Charge ${chargeId} was declined, so there is nothing to refund.`);
    const left = charge.amount - charge.amount_refunded;
    if (charge.refunded || left <= 0) {
      return { status: 400, body: errorBody('invalid_request_error', `Charge ${chargeId} has already been refunded.`, { code: 'charge_already_refunded', param: 'charge' }) };
    }
    const refunding = amount ?? left;
    if (refunding > left) {
      return {
        status: 400,
        body: errorBody('invalid_request_error', `Refund amount (${refunding}) is greater than unrefunded amount on charge (${left}).`, { code: 'amount_too_large', param: 'amount' }),
      };
    }
    charge.amount_refunded += refunding;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund: Refund = {
      id: `re_${newId(this.now().getTime())}`,
      object: 'refund',
      account,
      charge: charge.id,
      amount: refunding,
      currency: charge.currency,
      status: 'succeeded',
      idempotency_key: idempotencyKey,
      created: this.unixNow(),
    };
    this.refunds.push(refund);
    this.replies.set(Ledger.replyKey(account, idempotencyKey), { fingerprint, status: 200, body: refund });
    return { status: 200, body: refund };
  }

  /** The account's refunds, newest first; with a charge id, that charge's refunds. */
  listRefunds(account: string, filter: { chargeId?: string } = {}): Refund[] {
    const all = this.refunds.filter((r) => r.account === account).reverse();
    return filter.chargeId === undefined ? all : all.filter((r) => r.charge === filter.chargeId);
  }

  /**
   * Newest first; with an account, only its charges (the API always passes one; the dashboard shows every account's);
   * with a key, the charge made under it (none when the gateway never received it).
   */
  listCharges(filter: { account?: string; idempotencyKey?: string } = {}): Charge[] {
    return [...this.charges]
      .reverse()
      .filter((c) => (filter.account === undefined || c.account === filter.account) && (filter.idempotencyKey === undefined || c.idempotency_key === filter.idempotencyKey));
  }

  getCharge(account: string, id: string): Charge | undefined {
    return this.charges.find((c) => c.id === id && c.account === account);
  }

  /** Everything the gateway holds, for tests and the dashboard to show there is no card number or CVC in it. */
  snapshot(): {
    tokens: TokenRecord[];
    customers: Customer[];
    paymentMethods: PaymentMethod[];
    charges: Charge[];
    idempotencyKeys: string[];
    transientFailures: string[];
  } {
    return structuredClone({
      tokens: [...this.tokens.values()],
      customers: [...this.customers.values()],
      paymentMethods: [...this.paymentMethods.values()].map(publicPaymentMethod),
      charges: this.charges,
      idempotencyKeys: [...this.replies.keys()].map((key) => key.slice(key.indexOf('\u0000') + 1)),
      transientFailures: [...this.transientFailures].map((key) => key.slice(key.indexOf('\u0000') + 1)),
    });
  }
}
