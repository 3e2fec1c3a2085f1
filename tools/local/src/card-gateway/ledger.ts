import { randomBytes } from 'node:crypto';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import { newId } from '@giving/shared/ids';
import { cardBrand, cardDigits, padMonth, validateCard, type CardBrand, type CardErrors, type CardInput } from './validation';

/**
 * The sandbox gateway's memory: tokens, charges and idempotent replies. A token keeps the brand, last 4 digits,
 * expiry and the test behaviour of its number; the number and CVC themselves are dropped as soon as the token
 * exists (not kept, not hashed, not logged), as a real gateway's vault would keep them from its merchants.
 */
export type TestBehaviour = keyof typeof TEST_CARDS;

export interface CardSummary {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface TokenRecord {
  id: string;
  card: CardSummary;
  behaviour: TestBehaviour;
  created: number;
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  currency: 'nzd' | 'aud';
  description: string | null;
  status: 'succeeded' | 'declined';
  failure_code: string | null;
  failure_message: string | null;
  idempotency_key: string;
  source: string;
  card: CardSummary;
  /** Unix seconds, as card gateways report them. */
  created: number;
}

export interface ChargeRequest {
  source: string;
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
  body: Charge;
}

const BEHAVIOURS = new Map<string, TestBehaviour>(Object.entries(TEST_CARDS).map(([behaviour, number]) => [number, behaviour as TestBehaviour]));

const DECLINES: Partial<Record<TestBehaviour, { code: string; message: string }>> = {
  decline: { code: 'card_declined', message: 'Your card was declined.' },
  insufficientFunds: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
};

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Tokens are random, not sortable ids: whoever guesses one could charge the card behind it. */
function randomAlphanumeric(length: number): string {
  return Array.from(randomBytes(length), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}

export const errorBody = (type: string, message: string, extra: Record<string, unknown> = {}) => ({ error: { type, message, ...extra } });

export class Ledger {
  private readonly tokens = new Map<string, TokenRecord>();
  private readonly charges: Charge[] = [];
  private readonly replies = new Map<string, StoredReply>();
  /** Idempotency keys whose first attempt already failed with the transient test card. */
  private readonly transientFailures = new Set<string>();

  constructor(private readonly options: { lostReplyDelayMs: number; now?: () => Date }) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Validates the card as the hosted fields do and keeps only what a merchant may see. */
  tokenise(input: CardInput): { token: TokenRecord } | { errors: CardErrors } {
    const errors = validateCard(input, this.now());
    if (Object.keys(errors).length > 0) return { errors };
    const digits = cardDigits(input.number);
    const token: TokenRecord = {
      id: `tok_${randomAlphanumeric(24)}`,
      card: { brand: cardBrand(digits), last4: digits.slice(-4), expMonth: Number(padMonth(input.expMonth)), expYear: 2000 + Number(input.expYear.trim()) },
      behaviour: BEHAVIOURS.get(digits) ?? 'approve',
      created: Math.floor(this.now().getTime() / 1000),
    };
    this.tokens.set(token.id, token);
    return { token };
  }

  charge(idempotencyKey: string, request: ChargeRequest): GatewayReply {
    const fingerprint = JSON.stringify([request.source, request.amount, request.currency, request.description]);
    const stored = this.replies.get(idempotencyKey);
    if (stored) {
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
    const token = this.tokens.get(request.source);
    if (!token) {
      return { status: 400, body: errorBody('invalid_request_error', `No such token: '${request.source}'`, { code: 'resource_missing', param: 'source' }) };
    }
    if (token.behaviour === 'transientThenApprove' && !this.transientFailures.has(idempotencyKey)) {
      this.transientFailures.add(idempotencyKey);
      return { status: 503, body: errorBody('api_error', 'The card network is temporarily unavailable. Retry the request with the same idempotency key.') };
    }
    const decline = DECLINES[token.behaviour];
    const charge: Charge = {
      id: `ch_${newId(this.now().getTime())}`,
      object: 'charge',
      amount: request.amount,
      currency: request.currency,
      description: request.description,
      status: decline ? 'declined' : 'succeeded',
      failure_code: decline?.code ?? null,
      failure_message: decline?.message ?? null,
      idempotency_key: idempotencyKey,
      source: token.id,
      card: { ...token.card },
      created: Math.floor(this.now().getTime() / 1000),
    };
    const status = decline ? 402 : 200;
    this.charges.push(charge);
    this.replies.set(idempotencyKey, { fingerprint, status, body: charge });
    return { status, body: charge, holdMs: token.behaviour === 'lostReply' ? this.options.lostReplyDelayMs : undefined };
  }

  /** Newest first; with a key, the charge made under it (none when the gateway never received it). */
  listCharges(filter: { idempotencyKey?: string } = {}): Charge[] {
    const all = [...this.charges].reverse();
    return filter.idempotencyKey === undefined ? all : all.filter((c) => c.idempotency_key === filter.idempotencyKey);
  }

  getCharge(id: string): Charge | undefined {
    return this.charges.find((c) => c.id === id);
  }

  /** Everything the gateway holds, for tests and the dashboard to show there is no card number or CVC in it. */
  snapshot(): { tokens: TokenRecord[]; charges: Charge[]; idempotencyKeys: string[]; transientFailures: string[] } {
    return structuredClone({
      tokens: [...this.tokens.values()],
      charges: this.charges,
      idempotencyKeys: [...this.replies.keys()],
      transientFailures: [...this.transientFailures],
    });
  }
}
