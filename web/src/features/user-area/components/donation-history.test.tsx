import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DonationHistoryItem } from '@giving/shared/contracts/member-giving';
import { resetSessionForTests, setIdTokenProvider } from '../../../lib/session';
import { installFetchFake, json } from '../../../testing/fetch-fake';
import { renderWithRouter } from '../../../testing/render';
import { DonationHistory } from './donation-history';

/** /admin/user/donations/history: completed donations, newest first, a page at a time. */
const HISTORY = '/api/donations/me/donations';

const aDonation = (n: number, overrides: Partial<DonationHistoryItem> = {}): DonationHistoryItem => ({
  donationId: `01JDONATION${String(n).padStart(15, '0')}`,
  trackingNumber: `01JDONATION${String(n).padStart(15, '0')}`,
  completedAt: `2026-11-${String(20 - n).padStart(2, '0')}T22:00:00.000Z`,
  pageType: 'GIFT',
  country: 'nz',
  charity: { id: 'c1', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue' },
  gift: { id: 'g1', title: 'Feed a kiwi chick for a week', productUrl: 'feed-a-kiwi-chick' },
  quantity: 1,
  amount: { cents: 2500, currency: 'NZD' },
  tip: { cents: 0, currency: 'NZD' },
  total: { cents: 2500, currency: 'NZD' },
  paymentType: 'CARD',
  card: { cardType: 'visa', last4: '4242' },
  isRecurring: false,
  ...overrides,
});

beforeEach(() => {
  resetSessionForTests();
  setIdTokenProvider(async () => 'dana-id-token');
});

afterEach(() => {
  act(() => resetSessionForTests());
});

describe('DonationHistory', () => {
  it('lists date, charity, what was given, amount, how it was paid and the tracking number; Load more brings older ones', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', HISTORY, json(200, { items: [aDonation(1, { isRecurring: true }), aDonation(2, { pageType: 'CHARITY', gift: undefined, paymentType: 'VOUCHER', card: undefined })], nextCursor: 'page2' }));
    fetch.on('GET', `${HISTORY}?cursor=page2`, json(200, { items: [aDonation(3, { total: { cents: 1234, currency: 'NZD' }, card: { cardType: 'mastercard', last4: '4444' } })] }));
    const { user } = renderWithRouter(<DonationHistory />);

    const table = await screen.findByRole('table', { name: 'Donation history' });
    const rows = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));
    expect(rows()).toEqual([
      ['20 Nov 2026', 'Kiwi Coast Rescue', 'Feed a kiwi chick for a week Monthly', '$25.00', 'Visa •••• 4242', aDonation(1).trackingNumber],
      ['19 Nov 2026', 'Kiwi Coast Rescue', 'General donation to Kiwi Coast Rescue', '$25.00', 'Gift voucher', aDonation(2).trackingNumber],
    ]);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText(aDonation(3).trackingNumber)).toBeTruthy();
    expect(rows()[2]).toEqual(['18 Nov 2026', 'Kiwi Coast Rescue', 'Feed a kiwi chick for a week', '$12.34', 'Mastercard •••• 4444', aDonation(3).trackingNumber]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows an empty state when the member has given nothing yet', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', HISTORY, json(200, { items: [] }));
    renderWithRouter(<DonationHistory />);
    expect(await screen.findByRole('heading', { name: 'No donations yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a charity to give to' })).toBeTruthy();
  });
});
