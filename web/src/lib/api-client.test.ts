import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { installFetchFake, json, problem } from '../testing/fetch-fake';
import { ApiError, NetworkError, UnexpectedResponseError, api, errorMessageOf, isNotFound } from './api-client';
import { EARLY_READS_KEY, type EarlyReads } from './early-start';

const earlyReads = (answers: EarlyReads['answers'], next: EarlyReads['next'] = {}) => ((window as unknown as Record<string, EarlyReads>)[EARLY_READS_KEY] = { answers, next });

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[EARLY_READS_KEY];
  vi.useRealTimers();
});

describe('reads the early start made (lib/early-start.ts)', () => {
  it('takes the early answer for the same URL, once: the next read asks the API', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/api/things/1', json(200, { id: 'asked' }));
    earlyReads({ '/api/things/1': { response: Promise.resolve(json(200, { id: 'early' })), at: Date.now() } });
    await expect(api.get('/things/1', thing)).resolves.toEqual({ id: 'early' });
    expect(fetch.calls).toHaveLength(0);
    await expect(api.get('/things/1', thing)).resolves.toEqual({ id: 'asked' });
    expect(fetch.calls).toHaveLength(1);
  });

  it('an early error answer is the answer; an early read that failed to reach us, or is over 10 s old, is asked again', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/api/things/2', json(200, { id: 'asked' }));
    fetch.on('GET', '/api/things/3', json(200, { id: 'asked' }));
    earlyReads({
      '/api/things/1': { response: Promise.resolve(problem(404, { title: 'Not found.', code: 'NotFound' })), at: Date.now() },
      '/api/things/2': { response: Promise.reject(new TypeError('Failed to fetch')), at: Date.now() },
      '/api/things/3': { response: Promise.resolve(json(200, { id: 'stale' })), at: Date.now() - 10_001 },
    });
    await expect(api.get('/things/1', thing)).rejects.toBeInstanceOf(ApiError);
    await expect(api.get('/things/2', thing)).resolves.toEqual({ id: 'asked' });
    await expect(api.get('/things/3', thing)).resolves.toEqual({ id: 'asked' });
    expect(fetch.calls).toHaveLength(2);
  });

  it('a read the early start makes from another’s answer is waited for, not asked twice', async () => {
    const fetch = installFetchFake();
    let registered: () => void = () => undefined;
    const answers: EarlyReads['answers'] = {};
    earlyReads(answers, { '/api/campaigns/': new Promise<void>((resolve) => (registered = resolve)) });
    const read = api.get('/campaigns/01GIFT', thing);
    answers['/api/campaigns/01GIFT'] = { response: Promise.resolve(json(200, { id: 'early' })), at: Date.now() };
    registered();
    await expect(read).resolves.toEqual({ id: 'early' });
    expect(fetch.calls).toHaveLength(0);
  });

  it('writes never take an early answer', async () => {
    const fetch = installFetchFake();
    fetch.on('POST', '/api/things/1', json(200, { id: 'posted' }));
    earlyReads({ '/api/things/1': { response: Promise.resolve(json(200, { id: 'early' })), at: Date.now() } });
    await expect(api.post('/things/1', {}, thing)).resolves.toEqual({ id: 'posted' });
  });
});

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
