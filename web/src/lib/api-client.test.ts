import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { installFetchFake, json, problem } from '../testing/fetch-fake';
import { ApiError, NetworkError, UnexpectedResponseError, api, errorMessageOf, isNotFound } from './api-client';

const thing = z.object({ id: z.string() });

describe('api client', () => {
  it('returns the body parsed by the contract schema', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/api/things/1', json(200, { id: '1', extra: true }));

    await expect(api.get('/things/1', thing)).resolves.toEqual({ id: '1' });
    expect(fetch.calls[0]?.headers.get('accept')).toBe('application/json');
  });

  it('turns a problem+json answer into an ApiError with its field errors, keyed without the body prefix', async () => {
    const fetch = installFetchFake();
    fetch.on(
      'POST',
      '/api/donations/payments',
      problem(400, {
        title: 'Your request has invalid fields.',
        code: 'ValidationFailed',
        detail: 'body.donor.email: Invalid Email!; body.quantity: Invalid Input!',
        errors: [
          { field: 'body.donor.email', message: 'Invalid Email!' },
          { field: 'body.quantity', message: 'Invalid Input!' },
          { field: 'body.quantity', message: 'a second message for the same field' },
          { field: 'Idempotency-Key', message: 'Required header.' },
        ],
      }),
    );

    const error = await api.post('/donations/payments', { any: 'body' }, thing).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.problem.code).toBe('ValidationFailed');
    expect(apiError.fieldMessages()).toEqual({
      'donor.email': 'Invalid Email!',
      quantity: 'Invalid Input!',
      'Idempotency-Key': 'Required header.',
    });
    expect(fetch.calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(fetch.calls[0]?.body).toEqual({ any: 'body' });
  });

  it('uses the problem detail as the message and recognises 404', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/api/things/2', problem(404, { title: 'We could not find that.', code: 'NotFound', detail: 'Gift was not found.' }));

    const error = await api.get('/things/2', thing).catch((e: unknown) => e);

    expect(isNotFound(error)).toBe(true);
    expect(errorMessageOf(error)).toBe('Gift was not found.');
  });

  it('makes a problem from an error that is not problem+json (e.g. a proxy page)', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/api/things/3', new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));

    const error = (await api.get('/things/3', thing).catch((e: unknown) => e)) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.problem.code).toBe('Internal');
    expect(error.fieldErrors).toEqual([]);
  });

  it('reports a request that got no answer as a NetworkError', async () => {
    installFetchFake();
    const error = await api.get('/unanswered', thing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
  });

  it('refuses a 2xx body that breaks the contract', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/api/things/4', json(200, { id: 4 }));
    await expect(api.get('/things/4', thing)).rejects.toBeInstanceOf(UnexpectedResponseError);
  });
});
