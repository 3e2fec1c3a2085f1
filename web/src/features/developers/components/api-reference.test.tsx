import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetSessionForTests } from '../../../lib/session';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { answerCardSettings } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

/** The document the API serves: the committed docs/openapi.json, which tools/openapi keeps equal to the code. */
const document: unknown = JSON.parse(readFileSync(join(import.meta.dirname, '../../../../../docs/openapi.json'), 'utf8'));

function platform() {
  const fetch = installFetchFake();
  answerCardSettings(fetch);
  fetch.on('GET', '/api/openapi.json', json(200, document));
  return fetch;
}

afterEach(() => resetSessionForTests());

describe('the API reference (/developers/api)', () => {
  it('lists every operation by service, and opens one to show its auth, parameters, request body and answers', async () => {
    platform();
    const { user } = renderApp('/developers/api');
    expect(await screen.findByRole('heading', { level: 1, name: 'API reference' })).toBeTruthy();
    const donations = await screen.findByRole('region', { name: 'donations' });
    for (const service of ['accounts', 'donations', 'workplace', 'volunteering', 'fundraising', 'matching', 'search']) {
      expect(screen.getByRole('heading', { level: 2, name: service })).toBeTruthy();
    }
    const count = Object.values((document as { paths: Record<string, object> }).paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
    expect(screen.getByRole('status').textContent).toBe(`${count} of ${count} operations`);

    const payment = within(donations).getByText('/donations/payments', { selector: 'code' }).closest('details')!;
    expect(payment.textContent).toContain('POST');
    expect(payment.textContent).toContain('Public');
    await user.click(within(payment).getByText('/donations/payments'));
    const body = within(payment).getByRole('heading', { level: 3, name: 'Request body' });
    expect(body).toBeTruthy();
    expect(payment.textContent).toContain('Public: no sign-in needed.');
    expect(payment.textContent).toContain('Idempotency-Key (header, required)');
    expect(payment.textContent).toContain('CreatePaymentRequest');
    expect(payment.textContent).toContain('donationAmount integer, 100 to 100000000');
    expect(payment.textContent).toContain('202 Success.');
    expect(payment.textContent).toContain('CreatePaymentResponse');
    expect(payment.textContent).toContain("Rate limit 'payments'");
    expect(payment.textContent).toContain('400 A field is invalid');
  });

  it('says which permissions a console call needs, in which tenant', async () => {
    platform();
    const { user } = renderApp('/developers/api');
    const accounts = await screen.findByRole('region', { name: 'accounts' });
    const members = within(accounts)
      .getAllByText('/accounts/charity/{charityId}/members', { selector: 'code' })
      .map((code) => code.closest('details')!)
      .find((details) => details.textContent?.startsWith('GET'))!;
    expect(members.textContent).toContain('Signed in');
    await user.click(within(members).getByText('/accounts/charity/{charityId}/members'));
    expect(members.textContent).toContain('Needs any of these permissions in the charity named by {charityId}: Charity_MemberView.');
    expect(members.textContent).toContain('charityId (path, required) string, not empty, matches ^[0-9A-HJKMNP-TV-Z]{26}$');
    expect(members.textContent).toContain('403 Signed in, but without the permissions');
  });

  it('filters by path, words or permission', async () => {
    platform();
    const { user } = renderApp('/developers/api');
    const filter = await screen.findByRole('searchbox', { name: 'Filter by path, words or permission' });
    await user.type(filter, 'BackOffice_ViewPayments');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'volunteering' })).toBeNull());
    expect(screen.getByRole('region', { name: 'donations' }).textContent).toContain('/donations/backoffice/payments');
    expect(screen.getByRole('status').textContent).toMatch(/^\d+ of \d+ operations$/);
    await user.clear(filter);
    await user.type(filter, 'post vouchers lookup');
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^1 of /));
  });

  it('says so, with a way to try again, when the document cannot be loaded', async () => {
    const fetch = platform();
    fetch.on('GET', '/api/openapi.json', problem(503, { type: 'about:blank#Unavailable', title: 'The service is temporarily unavailable. Please try again.', status: 503, code: 'Unavailable' }));
    renderApp('/developers/api');
    expect(await screen.findByRole('heading', { name: 'We couldn’t load the API reference' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /try again/i })).toBeTruthy();
  });
});
