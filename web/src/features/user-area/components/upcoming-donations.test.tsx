import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecurringDonationView } from '@giving/shared/contracts/member-giving';
import { resetSessionForTests, setIdTokenProvider } from '../../../lib/session';
import { installFetchFake, json } from '../../../testing/fetch-fake';
import { renderWithRouter } from '../../../testing/render';
import { UpcomingDonations } from './upcoming-donations';

/** /admin/user/donations/upcoming: the member's monthly donations, cancelled after a confirmation, beside other sections. */
const SCHEDULES = '/api/donations/me/recurring-donations';
const SCHEDULE_ID = '01JSCHEDULE000000000000000';

const aSchedule = (overrides: Partial<RecurringDonationView> = {}): RecurringDonationView => ({
  scheduleId: SCHEDULE_ID,
  frequency: 'Monthly',
  status: 'Active',
  pageType: 'GIFT',
  country: 'nz',
  charity: { id: 'c1', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue' },
  gift: { id: 'g1', title: 'Feed a kiwi chick for a week', productUrl: 'feed-a-kiwi-chick' },
  quantity: 2,
  amount: { cents: 1500, currency: 'NZD' },
  tip: { cents: 200, currency: 'NZD' },
  total: { cents: 3200, currency: 'NZD' },
  nextChargeOn: '2026-12-21',
  dayOfMonth: 21,
  failedAttempts: 0,
  card: { cardType: 'visa', last4: '4242' },
  createdAt: '2026-11-21T09:00:00.000Z',
  ...overrides,
});

const general = aSchedule({
  scheduleId: '01JGENERAL0000000000000000',
  pageType: 'CHARITY',
  gift: undefined,
  quantity: 1,
  total: { cents: 2000, currency: 'NZD' },
  nextChargeOn: '2026-12-02',
  failedAttempts: 1,
  card: { cardType: 'mastercard', last4: '4444' },
});

beforeEach(() => {
  resetSessionForTests();
  setIdTokenProvider(async () => 'dana-id-token');
});

afterEach(() => {
  act(() => resetSessionForTests());
});

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));

describe('UpcomingDonations', () => {
  it('lists each monthly donation: what, charity, amount, next date (retrying shown), the card’s last 4 digits; and the other sections', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', SCHEDULES, json(200, { items: [aSchedule(), general] }));
    fetch.on('GET', '/api/donations/me/payroll-pledges', json(200, { items: [] }));
    renderWithRouter(<UpcomingDonations />);

    expect(screen.getByRole('heading', { level: 2, name: 'Upcoming donations' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Monthly donations' });
    expect(rowsOf(table)).toEqual([
      ['Feed a kiwi chick for a week × 2', 'Kiwi Coast Rescue', '$32.00', '21 Dec 2026', 'Visa •••• 4242', 'Cancel Feed a kiwi chick for a week × 2'],
      ['General donation to Kiwi Coast Rescue', 'Kiwi Coast Rescue', '$20.00', '2 Dec 2026 Retrying', 'Mastercard •••• 4444', 'Cancel General donation to Kiwi Coast Rescue'],
    ]);
    expect(table.textContent).not.toMatch(/\d{12,}/);
    expect(screen.getByRole('region', { name: 'Payroll donations' })).toBeTruthy();
  });

  it('cancels only after confirming, then reloads the list', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', SCHEDULES, json(200, { items: [aSchedule()] }));
    fetch.on('DELETE', `${SCHEDULES}/${SCHEDULE_ID}`, new Response(null, { status: 204 }));
    const { user } = renderWithRouter(<UpcomingDonations />);

    await user.click(await screen.findByRole('button', { name: 'Cancel Feed a kiwi chick for a week × 2' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this monthly donation?' });
    expect(dialog.textContent).toContain('Feed a kiwi chick for a week × 2 for Kiwi Coast Rescue will no longer be charged to your card each month.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(fetch.callsTo('DELETE', `${SCHEDULES}/${SCHEDULE_ID}`)).toHaveLength(0);

    fetch.on('GET', SCHEDULES, json(200, { items: [] }));
    await user.click(screen.getByRole('button', { name: 'Cancel Feed a kiwi chick for a week × 2' }));
    await user.click(screen.getByRole('button', { name: 'Cancel monthly donation' }));

    expect(await screen.findByRole('heading', { name: 'No monthly donations' })).toBeTruthy();
    expect(fetch.callsTo('DELETE', `${SCHEDULES}/${SCHEDULE_ID}`)).toHaveLength(1);
    expect(fetch.callsTo('DELETE', `${SCHEDULES}/${SCHEDULE_ID}`)[0]?.headers.get('authorization')).toBe('Bearer dana-id-token');
  });

  it('shows an empty state with a way to find a charity, and a failure with a retry', async () => {
    const fetch = installFetchFake();
    fetch.sequence('GET', SCHEDULES, [() => new Response('oops', { status: 503 }), () => json(200, { items: [] })]);
    fetch.on('GET', '/api/donations/me/payroll-pledges', json(200, { items: [] }));
    const { user } = renderWithRouter(<UpcomingDonations />);

    expect(await screen.findByRole('heading', { name: 'We couldn’t load your monthly donations' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No monthly donations' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Find a charity to give to' }).getAttribute('href')).toBe('/nz/charities'));
  });
});
