import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { CardToken, PaymentStatusResponse } from '@giving/shared/contracts/donations';
import type { RunningPlatform } from '../../tools/local/src/platform';

/**
 * Acceptance tests run the real local platform in-process on their own ports (LOCAL_PORT_BASE), with a short
 * gateway timeout so the lost-reply path takes seconds, not the production 8.
 */
export async function startTestPlatform(portBase: number): Promise<RunningPlatform> {
  process.env.LOCAL_PORT_BASE = String(portBase);
  process.env.LOCAL_STATE_DIR = `.local/acceptance-${portBase}`;
  process.env.CARD_GATEWAY_TIMEOUT_MS = '1500';
  const { startPlatform } = await import('../../tools/local/src/platform');
  return startPlatform({ lostReplyDelayMs: 4000, queueVisibilitySeconds: 2 });
}

export const CARD_GATEWAY_SECRET = 'sk_test_local_platform';
export const CARD_GATEWAY_PUBLISHABLE = 'pk_test_local_platform';

/**
 * What acceptance tests ask of a running platform, in one place: card tokens from the sandbox gateway, payment
 * status until it settles, the gateway's charges, the mail outbox, the bus's captured events and sign-in tokens.
 */
export function platformClient(platform: RunningPlatform) {
  const json = async <T>(url: string, init?: RequestInit): Promise<T> => (await (await fetch(url, init)).json()) as T;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  return {
    /** A card token from the sandbox gateway's hosted-fields API, as the browser would get it. */
    async cardToken(number: string, name = 'Jane Donor'): Promise<CardToken> {
      const body = await json<{ id: string; card: { brand: CardToken['cardType']; last4: string } }>(`${platform.urls.cardGateway}/v1/tokens`, {
        method: 'POST',
        headers: { authorization: `Bearer ${CARD_GATEWAY_PUBLISHABLE}`, 'content-type': 'application/json' },
        body: JSON.stringify({ number, name, expMonth: '12', expYear: '30', cvc: '123' }),
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
    /** The gateway's charges for one idempotency key (our tracking number). */
    async chargesFor(trackingNumber: string): Promise<{ amount: number; status: string }[]> {
      return (await json<{ data: { amount: number; status: string }[] }>(`${platform.urls.cardGateway}/v1/charges?idempotency_key=${trackingNumber}`, {
        headers: { authorization: `Bearer ${CARD_GATEWAY_SECRET}` },
      })).data;
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
