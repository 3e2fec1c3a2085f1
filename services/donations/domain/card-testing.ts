import { createHash } from 'node:crypto';
import type { Clock } from '@giving/shared/clock';
import { tooManyRequests } from '@giving/shared/errors';
import type { MerchantAccount } from '@giving/shared/contracts/payment-gateway';
import type { CardGateway, Payment } from './ports';

/**
 * Card-testing protection. Someone with a list of stolen card numbers tries them with small donations to learn which
 * work. After a handful of declines within an hour from one client address, on one card (the gateway's card
 * fingerprint, whatever token carries it) or for one e-mail, further payment attempts are refused with 429 and
 * Retry-After and never reach the gateway. Declines are counted by the payment workflow when the gateway declines a
 * card; the payment API refuses blocked attempts before storing anything, and the workflow checks again, from the
 * table, before every charge (so an attempt accepted in the second the API's view was stale is not charged either).
 * Bursts of requests (which decline only afterwards) are the web ACL's rate rules' to stop, in front of the API.
 */
export const CARD_TESTING = {
  /** Declines within the window after which attempts are refused. */
  declinesAllowed: { address: 5, email: 5, card: 3 },
  windowSeconds: 60 * 60,
  /** How long attempts are refused after the last decline that reached the limit. */
  blockSeconds: 60 * 60,
} as const;

export const CARD_TESTING_MESSAGE =
  'Too many card payments have been declined recently. For your security, please wait before trying again, or contact us if you need help.';

export type AttemptKind = keyof typeof CARD_TESTING.declinesAllowed;

/** What the limits are kept against: a hash of the address, the e-mail or the fingerprint (none of them is stored as it is). */
export interface AttemptKey {
  kind: AttemptKind;
  hash: string;
}

export interface CardTestingBlock extends AttemptKey {
  blockedUntil: string;
}

export interface CardTestingLedger {
  /** Counts the payment's decline against the key, once per payment, and answers the key's declines since `since`. */
  recordDecline(key: AttemptKey, trackingNumber: string, at: Date, since: Date): Promise<number>;
  /** Refuses the key's attempts until `until` (a later block replaces an earlier one). */
  block(key: AttemptKey, until: Date): Promise<void>;
  /** Blocks in force at `at`; `consistent` reads the newest (the workflow), otherwise it may lag a moment. */
  activeBlocks(at: Date, options?: { consistent?: boolean }): Promise<CardTestingBlock[]>;
}

export const attemptKey = (kind: AttemptKind, value: string): AttemptKey => ({
  kind,
  hash: createHash('sha256').update(`${kind}\u0000${kind === 'email' ? value.trim().toLowerCase() : value}`).digest('base64url').slice(0, 32),
});

/** Who is attempting a payment: the client's address, the donor's e-mail and, for a new card, its token. */
export interface Attempt {
  address?: string;
  email?: string;
  /** A new card's token in the payment's merchant account (saved cards were approved before: not counted). */
  card?: { account: MerchantAccount; token: string };
}

export type CardTestingDeps = {
  /** Blocks in force (the API reads them through recentBlocks; the workflow consistently). */
  blocks: () => Promise<CardTestingBlock[]>;
  gateway: Pick<CardGateway, 'cardFingerprint'>;
  clock: Clock;
};

/**
 * The block that refuses this attempt, if any. Nothing is asked of the gateway unless some card is blocked: in the
 * ordinary case (no blocks) this costs nothing but a look at the blocks.
 */
export async function blockOf(deps: CardTestingDeps, attempt: Attempt): Promise<CardTestingBlock | undefined> {
  const blocks = await deps.blocks();
  if (blocks.length === 0) return undefined;
  const byKey = new Map(blocks.map((block) => [`${block.kind}:${block.hash}`, block]));
  const find = (key: AttemptKey) => byKey.get(`${key.kind}:${key.hash}`);
  const direct = (attempt.address ? find(attemptKey('address', attempt.address)) : undefined) ?? (attempt.email ? find(attemptKey('email', attempt.email)) : undefined);
  if (direct || !attempt.card || !blocks.some((block) => block.kind === 'card')) return direct;
  const fingerprint = await deps.gateway.cardFingerprint(attempt.card);
  return fingerprint ? find(attemptKey('card', fingerprint)) : undefined;
}

/** The payment API: a blocked attempt is a 429 with Retry-After, and nothing is stored. */
export async function refuseCardTesting(deps: CardTestingDeps, attempt: Attempt): Promise<void> {
  const block = await blockOf(deps, attempt);
  if (block) throw tooManyRequests(CARD_TESTING_MESSAGE, (Date.parse(block.blockedUntil) - deps.clock.now().getTime()) / 1000);
}

/** Who made a stored payment, as its attempt (a monthly charge made by the job is no one's attempt). */
export function attemptOf(payment: Pick<Payment, 'clientAddress' | 'donor' | 'card' | 'recurringCharge'>, account: MerchantAccount): Attempt | undefined {
  if (payment.recurringCharge || !payment.clientAddress) return undefined;
  return {
    address: payment.clientAddress,
    email: payment.donor.email,
    ...(payment.card && !payment.card.customerId ? { card: { account, token: payment.card.token } } : {}),
  };
}

/**
 * The gateway declined the attempt's card: count the decline against its address, e-mail and card, once per
 * payment, and block a key that reached its limit within the window.
 */
export async function recordDeclinedAttempt(
  /** `limitScale` multiplies every limit (a test platform's browser tests all decline from one address); 1 in AWS. */
  deps: { ledger: CardTestingLedger; clock: Clock; limitScale?: number },
  trackingNumber: string,
  attempt: Attempt,
  cardFingerprint: string | undefined,
): Promise<void> {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - CARD_TESTING.windowSeconds * 1000);
  const keys = [
    attempt.address ? attemptKey('address', attempt.address) : undefined,
    attempt.email ? attemptKey('email', attempt.email) : undefined,
    cardFingerprint ? attemptKey('card', cardFingerprint) : undefined,
  ].filter((key): key is AttemptKey => key !== undefined);
  await Promise.all(
    keys.map(async (key) => {
      const declines = await deps.ledger.recordDecline(key, trackingNumber, now, since);
      if (declines >= CARD_TESTING.declinesAllowed[key.kind] * (deps.limitScale ?? 1)) await deps.ledger.block(key, new Date(now.getTime() + CARD_TESTING.blockSeconds * 1000));
    }),
  );
}

/** How long the payment API trusts the blocks it read: a new block reaches it within this time. */
export const RECENT_BLOCKS_MS = 1000;

/**
 * The payment API's view of the blocks: read at most once a second per container, so an ordinary payment costs one
 * write and no read. The workflow's own check before each charge reads the table, so this view is never what lets a
 * blocked card reach the gateway.
 */
export function recentBlocks(ledger: Pick<CardTestingLedger, 'activeBlocks'>, clock: Clock, maxAgeMs = RECENT_BLOCKS_MS): () => Promise<CardTestingBlock[]> {
  let seen: { blocks: Promise<CardTestingBlock[]>; at: number } | undefined;
  return () => {
    const now = clock.now();
    if (!seen || now.getTime() - seen.at >= maxAgeMs) {
      const blocks = ledger.activeBlocks(now);
      // A failed read is not remembered: the next request asks again.
      blocks.catch(() => (seen = undefined));
      seen = { blocks, at: now.getTime() };
    }
    const { blocks } = seen;
    return blocks.then((all) => all.filter((block) => Date.parse(block.blockedUntil) > now.getTime()));
  };
}
