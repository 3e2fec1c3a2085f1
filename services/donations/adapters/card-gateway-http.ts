import type { MerchantAccount } from '@giving/shared/contracts/payment-gateway';
import { TaskError } from '@giving/shared/lambda/task';
import type { CardGateway, ChargeResult, SavedPaymentMethod } from '../domain/ports';
import { CARD_TOKEN_UNKNOWN_MESSAGE, SAVED_CARD_GONE_MESSAGE } from '../domain/saved-cards';

/**
 * The card gateway's server API (the sandbox gateway locally; a real provider with the same shape in AWS).
 * Transient failures throw GatewayUnavailable (retry); a reply that never came throws GatewayTimeout (reconcile).
 * Each call is made with the secret key of the merchant account it names (the Trust's or the platform's).
 */
interface ChargeBody {
  id: string;
  status: 'succeeded' | 'declined';
  failure_message?: string;
  /** The issuer's advice on a decline: try_again_later (soft) or do_not_try_again (hard). */
  outcome?: { advice_code?: string | null };
  card?: { fingerprint?: string };
}

interface PaymentMethodBody {
  id: string;
  card: { brand: string; last4: string; expMonth: number; expYear: number };
}

interface ErrorBody {
  error?: { code?: string; param?: string };
}

export function httpCardGateway(options: {
  baseUrl: string;
  /**
   * Secret keys by merchant account, or how to read each at the moment of the call (the secrets loaded from
   * Secrets Manager); a call for an account without one fails before anything is sent.
   */
  apiKeys: Partial<Record<MerchantAccount, string | (() => string)>>;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): CardGateway {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 8000;

  async function call(account: MerchantAccount, path: string, init: RequestInit): Promise<Response> {
    const given = options.apiKeys[account];
    const apiKey = typeof given === 'function' ? given() : given;
    if (!apiKey) throw new Error(`no card gateway secret key for the ${account} account`);
    try {
      return await doFetch(`${options.baseUrl}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...init.headers },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        throw new TaskError('GatewayTimeout', `card gateway did not answer within ${timeoutMs} ms`);
      }
      throw new TaskError('GatewayUnavailable', `card gateway unreachable: ${(error as Error).message}`);
    }
  }

  const resultOf = (body: ChargeBody): ChargeResult =>
    body.status === 'succeeded'
      ? { outcome: 'approved', chargeId: body.id }
      : {
          outcome: 'declined',
          message: body.failure_message ?? 'Your card was declined.',
          retryable: body.outcome?.advice_code === 'try_again_later',
          ...(body.card?.fingerprint ? { cardFingerprint: body.card.fingerprint } : {}),
        };

  async function readCharge(response: Response): Promise<ChargeResult> {
    return resultOf((await response.json()) as ChargeBody);
  }

  function refuseUnexpected(response: Response, what: string): never {
    if (response.status === 429 || response.status >= 500) {
      throw new TaskError('GatewayUnavailable', `${what}: gateway answered ${response.status}`);
    }
    throw new Error(`${what}: gateway answered ${response.status}`);
  }

  return {
    async charge({ account, idempotencyKey, token, customerId, amount, description }) {
      const response = await call(account, '/v1/charges', {
        method: 'POST',
        headers: { 'idempotency-key': idempotencyKey },
        body: JSON.stringify({ source: token, ...(customerId ? { customer: customerId } : {}), amount: amount.cents, currency: amount.currency.toLowerCase(), description }),
      });
      if (response.status === 200 || response.status === 201 || response.status === 402) return readCharge(response);
      // A saved card removed at the gateway, or a token this account does not know (made for another merchant
      // account's card fields, or long expired), can never be charged: a hard decline, not an outage.
      if (response.status === 400) {
        const { error } = (await response.clone().json()) as ErrorBody;
        if (error?.code === 'resource_missing' && error.param === 'source') {
          return { outcome: 'declined', message: customerId ? SAVED_CARD_GONE_MESSAGE : CARD_TOKEN_UNKNOWN_MESSAGE, retryable: false };
        }
      }
      refuseUnexpected(response, 'charge');
    },
    async findCharge({ account, idempotencyKey }) {
      const response = await call(account, `/v1/charges?idempotency_key=${encodeURIComponent(idempotencyKey)}`, { method: 'GET' });
      if (response.status !== 200) refuseUnexpected(response, 'charge lookup');
      const body = (await response.json()) as { data: ChargeBody[] };
      const charge = body.data[0];
      return charge ? resultOf(charge) : undefined;
    },
    async cardFingerprint({ account, token }) {
      const response = await call(account, `/v1/tokens/${encodeURIComponent(token)}`, { method: 'GET' });
      if (response.status === 404) return undefined;
      if (response.status !== 200) refuseUnexpected(response, 'token lookup');
      return ((await response.json()) as { card?: { fingerprint?: string } }).card?.fingerprint;
    },
    async refund({ account, idempotencyKey, chargeId, amount }) {
      const response = await call(account, '/v1/refunds', {
        method: 'POST',
        headers: { 'idempotency-key': idempotencyKey },
        body: JSON.stringify({ charge: chargeId, ...(amount ? { amount: amount.cents } : {}) }),
      });
      // A refusal (already refunded, more than is left) is final: a retry would be refused the same way.
      if (response.status === 400 || response.status === 404) throw new TaskError('GatewayRefused', `refund: gateway answered ${response.status}`);
      if (response.status !== 200) refuseUnexpected(response, 'refund');
      return { refundId: ((await response.json()) as { id: string }).id };
    },
    async createCustomer({ account, idempotencyKey, email, reference }) {
      const response = await call(account, '/v1/customers', {
        method: 'POST',
        headers: { 'idempotency-key': idempotencyKey },
        body: JSON.stringify({ email, description: reference }),
      });
      if (response.status !== 200) refuseUnexpected(response, 'create customer');
      return { customerId: ((await response.json()) as { id: string }).id };
    },
    async saveCard({ account, idempotencyKey, customerId, token }): Promise<SavedPaymentMethod> {
      const response = await call(account, `/v1/customers/${encodeURIComponent(customerId)}/payment_methods`, {
        method: 'POST',
        headers: { 'idempotency-key': idempotencyKey },
        body: JSON.stringify({ source: token }),
      });
      if (response.status !== 200) refuseUnexpected(response, 'save card');
      const method = (await response.json()) as PaymentMethodBody;
      return { paymentMethodId: method.id, cardType: method.card.brand, last4: method.card.last4, expMonth: method.card.expMonth, expYear: method.card.expYear };
    },
    async removeSavedCard({ account, customerId, paymentMethodId }) {
      const response = await call(account, `/v1/customers/${encodeURIComponent(customerId)}/payment_methods/${encodeURIComponent(paymentMethodId)}`, { method: 'DELETE' });
      // 404: already removed (or never saved here); either way it is gone.
      if (response.status !== 200 && response.status !== 404) refuseUnexpected(response, 'remove saved card');
    },
    async deleteCustomer({ account, customerId }) {
      const response = await call(account, `/v1/customers/${encodeURIComponent(customerId)}`, { method: 'DELETE' });
      // 404: already deleted (or never made here); either way it is gone.
      if (response.status !== 200 && response.status !== 404) refuseUnexpected(response, 'delete customer');
    },
  };
}
