import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { CardToken, PaymentStatusResponse } from '@giving/shared/contracts/donations';
import { DEFAULT_TRANSACTION_PROCESSING_FEES, merchantAccountFor } from '@giving/shared/contracts/payment-gateway';
import type { CountryCode } from '@giving/shared/countries';
import { cardPartCents, transactionFeeCents } from '@giving/shared/fees';
import { tableName, type ServiceName } from '@giving/shared/manifest';
import { afterAll, beforeAll, inject } from 'vitest';
import { encryptedCardToken } from '../../tools/local/src/card-gateway/client-encryption';
import type { RunningPlatform } from '../../tools/local/src/platform';
import type { DemoRole } from '../../tools/local/src/seed/data';

/**
 * Acceptance tests run the real local platform in-process on their own ports (LOCAL_PORT_BASE) and their own tables in
 * the run's one DynamoDB Local, with a short gateway timeout so the lost-reply path takes seconds, not the production 8,
 * and raised edge rate limits.
 */
export async function startTestPlatform(filePortBase: number, options: { edgeRateLimitScale?: number } = {}): Promise<RunningPlatform> {
  // In a file of several suites, each suite gets the file's one platform; its stop is the file's (sharePlatform).
  if (shared) {
    if (options.edgeRateLimitScale !== undefined) throw new Error('a suite with rate limits of its own needs a platform of its own: keep it in a file by itself');
    return { ...shared, stop: async () => undefined };
  }
  // TEST_PORT_OFFSET moves every file's block, so two checkouts can run their acceptance tests side by side.
  const portBase = filePortBase + Number(process.env.TEST_PORT_OFFSET ?? 0);
  process.env.LOCAL_PORT_BASE = String(portBase);
  process.env.LOCAL_STATE_DIR = `.local/acceptance-${portBase}`;
  process.env.CARD_GATEWAY_TIMEOUT_MS = '1500';
  // The acceptance files' one DynamoDB Local (global setup), not a JVM per file: each file's tables under its own prefix.
  process.env.LOCAL_DYNAMODB_ENDPOINT = inject('acceptanceDynamodbEndpoint');
  process.env.LOCAL_TABLE_PREFIX = `acceptance${portBase}`;
  // Its own database in that DynamoDB Local (one per access key, each with its own lock).
  process.env.LOCAL_AWS_ACCESS_KEY_ID = `acceptance${portBase}`;
  const { startPlatform } = await import('../../tools/local/src/platform');
  // Each file sends hundreds of requests from one address: the web ACLs' limits are raised unless the file is about them.
  const platform = await startPlatform({ lostReplyDelayMs: 4000, queueVisibilitySeconds: 2, edgeRateLimitScale: options.edgeRateLimitScale ?? 1000 });
  // Files run side by side: one that landed on another block (the default 3000s) would fight a developer's platform or another file.
  if (new URL(platform.siteUrl).port !== String(portBase)) {
    await platform.stop();
    throw new Error(`the platform started on ${platform.siteUrl}, not on port ${portBase}`);
  }
  return platform;
}

let shared: RunningPlatform | undefined;

/**
 * One platform for all the suites of a test file (`<name>.suite.ts`, each imported inside a describe of its own, as
 * infra/lib/synth.test.ts does): a platform's start is most of a small acceptance file's time (a node process and a
 * cognito-local one starting cold, the demo data seeded), so suites whose data do not meet share one. The suites run
 * one after another, in the order the file imports them; a suite's own startTestPlatform answers this platform, and
 * its stop leaves it running for the next suite. One suite alone: `npx vitest run <file> -t '<suite>'`.
 */
export function sharePlatform(filePortBase: number): void {
  beforeAll(async () => {
    shared = await startTestPlatform(filePortBase);
  }, 120_000);
  afterAll(async () => {
    const platform = shared;
    shared = undefined;
    await platform?.stop();
  });
}

/** A service's table in the running test platform (its prefix is the file's). */
export const tableOf = (service: ServiceName): string => tableName(service, process.env.LOCAL_TABLE_PREFIX);

/** The Platform merchant account (Australia's payments). */
export const CARD_GATEWAY_SECRET = 'sk_test_local_platform';
export const CARD_GATEWAY_PUBLISHABLE = 'pk_test_local_platform';
/** The charitable Trust's merchant account (New Zealand's payments), whose card fields encrypt with its client key. */
export const CARD_GATEWAY_TRUST_SECRET = 'sk_test_trust_nz';
export const CARD_GATEWAY_TRUST_CLIENT_KEY = 'ck_test_trust_nz';
const SECRET_BY_ACCOUNT = { Trust: CARD_GATEWAY_TRUST_SECRET, Platform: CARD_GATEWAY_SECRET } as const;

/** The fee the checkout shows for a card part, at the local platform's rates (GET /donations/payment-gateway answers them). */
export const transactionFee = (cardCents: number, country: CountryCode = 'nz') => transactionFeeCents(cardCents, DEFAULT_TRANSACTION_PROCESSING_FEES[country]);

/** A payment request with the transaction fee the checkout would show for it (less a gift voucher's part, if any). */
export function withFee<T extends { country: CountryCode; donationAmount: number; quantity: number; supportingAmount: number }>(request: T, voucherCents = 0): T & { transactionFeeCents: number } {
  const card = cardPartCents({ donationAmountCents: request.donationAmount, quantity: request.quantity, supportingAmountCents: request.supportingAmount, voucherCents });
  return { ...request, transactionFeeCents: transactionFee(card, request.country) };
}

/**
 * What acceptance tests ask of a running platform, in one place: card tokens from the sandbox gateway, payment
 * status until it settles, the gateway's charges, the mail outbox, the bus's captured events and sign-in tokens.
 */
export function platformClient(platform: RunningPlatform) {
  const json = async <T>(url: string, init?: RequestInit): Promise<T> => (await (await fetch(url, init)).json()) as T;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  return {
    /**
     * A card token from the sandbox gateway's hosted-fields API, as the browser would get it for the country: for nz
     * the Trust account's (card number and CVC encrypted with its key), for au the platform's (publishable key).
     */
    async cardToken(number: string, name = 'Jane Donor', country: CountryCode = 'nz'): Promise<CardToken> {
      const card = { number, name, expMonth: '12', expYear: '30', cvc: number.startsWith('3') ? '1234' : '123' };
      const body =
        merchantAccountFor(country) === 'Trust'
          ? await encryptedCardToken(platform.urls.cardGateway, CARD_GATEWAY_TRUST_CLIENT_KEY, card)
          : await json<{ id: string; card: { brand: CardToken['cardType']; last4: string } }>(`${platform.urls.cardGateway}/v1/tokens`, {
              method: 'POST',
              headers: { authorization: `Bearer ${CARD_GATEWAY_PUBLISHABLE}`, 'content-type': 'application/json' },
              body: JSON.stringify(card),
            });
      return { token: body.id, cardType: body.card.brand, last4: body.card.last4 };
    },
    /** Polls the payment's status until Completed or Failed (or the timeout), as the checkout does. */
    async settle(trackingNumber: string, timeoutMs = 20_000): Promise<PaymentStatusResponse> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const status = await json<PaymentStatusResponse>(`${platform.siteUrl}/api/donations/payments/${trackingNumber}/status`);
        if (status.paymentProcessingStatus === 'Completed' || status.paymentProcessingStatus === 'Failed' || Date.now() > deadline) return status;
        await pause(200);
      }
    },
    /** The gateway's charges for one idempotency key (our tracking number), in the country's merchant account. */
    async chargesFor(trackingNumber: string, country: CountryCode = 'nz'): Promise<{ amount: number; currency: string; status: string; account: string }[]> {
      return (
        await json<{ data: { amount: number; currency: string; status: string; account: string }[] }>(`${platform.urls.cardGateway}/v1/charges?idempotency_key=${trackingNumber}`, {
          headers: { authorization: `Bearer ${SECRET_BY_ACCOUNT[merchantAccountFor(country)]}` },
        })
      ).data;
    },
    /** The outbox's messages to an address, waiting up to 10 s for the first. */
    async receiptsFor(email: string): Promise<{ subject: string; text: string }[]> {
      for (let i = 0; i < 50; i++) {
        const { messages } = await json<{ messages: { subject: string; text: string }[] }>(`${platform.urls.mail}/api/messages?to=${encodeURIComponent(email)}`);
        if (messages.length) return messages;
        await pause(200);
      }
      return [];
    },
    /** Every event of one type the local bus has seen. */
    async eventsOf(detailType: string): Promise<CapturedEvent[]> {
      const body = await json<{ events?: unknown[] } | unknown[]>(`${platform.urls.eventBridge}/_local/events?detailType=${detailType}`);
      return (Array.isArray(body) ? body : (body.events ?? [])) as CapturedEvent[];
    },
    /** A demo user's Cognito ID token (USER_PASSWORD_AUTH against cognito-local). */
    async idToken(email: string, password: string): Promise<string> {
      const cognito = new CognitoIdentityProviderClient({ endpoint: platform.urls.cognito, region: 'ap-southeast-2', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
      const auth = await cognito.send(
        new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: platform.cognito.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
      );
      cognito.destroy();
      const token = auth.AuthenticationResult?.IdToken;
      if (!token) throw new Error(`${email} could not sign in`);
      return token;
    },
  };
}

export type CapturedEvent = { detail: { metadata: { id: string }; data: Record<string, unknown> } };

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads until `done` says yes or the time is up, and answers the last value read either way: the test's own expect
 * then says what was wrong. For what the platform does after answering (queues, streams, the search indexer).
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000, everyMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await pause(everyMs);
  }
}

export interface ApiCall {
  method?: string;
  /** Whose ID token goes with the call (none: a visitor). */
  role?: DemoRole;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** JSON calls to the platform's API (/api/...) as a visitor or a demo role, answering the status and the parsed body. */
export function apiCaller(platform: () => RunningPlatform, tokens: ReadonlyMap<DemoRole, string>) {
  return async <T = Record<string, unknown>>(path: string, init: ApiCall = {}): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${platform().siteUrl}/api${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.role ? { authorization: `Bearer ${tokens.get(init.role)}` } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
}
