import { TaskError } from '@giving/shared/lambda/task';
import type { CardGateway, ChargeResult } from '../domain/ports';

/**
 * The card gateway's server API (the sandbox gateway locally; a real provider with the same shape in AWS).
 * Transient failures throw GatewayUnavailable (retry); a reply that never came throws GatewayTimeout (reconcile).
 */
interface ChargeBody {
  id: string;
  status: 'succeeded' | 'declined';
  failure_message?: string;
}

export function httpCardGateway(options: { baseUrl: string; apiKey: string; timeoutMs?: number; fetch?: typeof fetch }): CardGateway {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 8000;

  async function call(path: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(`${options.baseUrl}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json', ...init.headers },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        throw new TaskError('GatewayTimeout', `card gateway did not answer within ${timeoutMs} ms`);
      }
      throw new TaskError('GatewayUnavailable', `card gateway unreachable: ${(error as Error).message}`);
    }
  }

  async function readCharge(response: Response): Promise<ChargeResult> {
    const body = (await response.json()) as ChargeBody;
    if (body.status === 'succeeded') return { outcome: 'approved', chargeId: body.id };
    return { outcome: 'declined', message: body.failure_message ?? 'Your card was declined.' };
  }

  function refuseUnexpected(response: Response, what: string): never {
    if (response.status === 429 || response.status >= 500) {
      throw new TaskError('GatewayUnavailable', `${what}: gateway answered ${response.status}`);
    }
    throw new Error(`${what}: gateway answered ${response.status}`);
  }

  return {
    async charge({ idempotencyKey, token, amount, description }) {
      const response = await call('/v1/charges', {
        method: 'POST',
        headers: { 'idempotency-key': idempotencyKey },
        body: JSON.stringify({ source: token, amount: amount.cents, currency: amount.currency.toLowerCase(), description }),
      });
      if (response.status === 200 || response.status === 201 || response.status === 402) return readCharge(response);
      refuseUnexpected(response, 'charge');
    },
    async findCharge(idempotencyKey) {
      const response = await call(`/v1/charges?idempotency_key=${encodeURIComponent(idempotencyKey)}`, { method: 'GET' });
      if (response.status !== 200) refuseUnexpected(response, 'charge lookup');
      const body = (await response.json()) as { data: ChargeBody[] };
      const charge = body.data[0];
      if (!charge) return undefined;
      return charge.status === 'succeeded'
        ? { outcome: 'approved', chargeId: charge.id }
        : { outcome: 'declined', message: charge.failure_message ?? 'Your card was declined.' };
    },
  };
}
