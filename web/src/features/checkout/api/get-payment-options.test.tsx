import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PageType } from '@giving/shared/contracts/donations-public';
import { resetSessionForTests, setIdTokenProvider, setSession } from '../../../lib/session';
import { installFetchFake, json } from '../../../testing/fetch-fake';
import { renderWithRouter } from '../../../testing/render';
import { usePaymentOptions } from './get-payment-options';

/** The payment methods the checkout offers (spec §6): the guest rule without a call, the member's from the API. */
function Probe({ pageType }: { pageType: PageType }) {
  const { options, isPending } = usePaymentOptions(pageType);
  return <output>{isPending ? 'loading' : JSON.stringify(options)}</output>;
}

beforeEach(() => resetSessionForTests());
afterEach(() => act(() => resetSessionForTests()));

describe('usePaymentOptions', () => {
  it('gives a guest card or voucher at once, without calling the API', () => {
    const fetch = installFetchFake();
    setSession({ status: 'signedOut' });
    renderWithRouter(<Probe pageType="GIFT" />);
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({ card: true, voucher: true, payroll: false, recurring: false });
    expect(fetch.calls).toHaveLength(0);
  });

  it('asks the API for a signed-in member’s options on this page type', async () => {
    const fetch = installFetchFake();
    const answer = { card: true, voucher: true, payroll: true, recurring: true, workplace: { id: 'w1', name: 'Tasman Engineering' } };
    fetch.on('GET', '/api/donations/me/payment-options?pageType=CHARITY', json(200, answer));
    setSession({ status: 'signedIn', memberId: 'sub-wiremu', email: 'wiremu.parata@tasman-engineering.co.nz', name: 'Wiremu Parata' });
    setIdTokenProvider(async () => 'wiremu-id-token');
    renderWithRouter(<Probe pageType="CHARITY" />);
    expect(await screen.findByText(JSON.stringify(answer))).toBeTruthy();
    expect(fetch.calls[0]?.headers.get('authorization')).toBe('Bearer wiremu-id-token');
  });
});
