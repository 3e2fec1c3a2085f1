import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PayrollPledge } from '@giving/shared/contracts/payroll';
import { resetSessionForTests, setIdTokenProvider } from '../../../lib/session';
import { installFetchFake, json } from '../../../testing/fetch-fake';
import { renderWithRouter } from '../../../testing/render';
import { PayrollPledges } from './payroll-pledges';

/** The member's payroll pledges on /admin/user/donations/upcoming: listed, cancelled after a confirmation. */
const PLEDGES = '/api/donations/me/payroll-pledges';
const ACTIVE_ID = '01JACTIVE00000000000000000';

const aPledge = (overrides: Partial<PayrollPledge> = {}): PayrollPledge => ({
  pledgeId: ACTIVE_ID,
  pageType: 'GIFT',
  country: 'nz',
  workplace: { id: 'w1', name: 'Tasman Engineering' },
  charity: { id: 'c1', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue' },
  gift: { id: 'g1', title: 'Feed a kiwi chick for a week', productUrl: 'feed-a-kiwi-chick' },
  quantity: 2,
  amount: { cents: 2500, currency: 'NZD' },
  total: { cents: 5000, currency: 'NZD' },
  donationFrequency: 'EveryPayCycle',
  isAnonymous: false,
  status: 'Active',
  createdAt: '2026-11-21T09:00:00.000Z',
  ...overrides,
});

const cancelled = aPledge({
  pledgeId: '01JCANCELLED00000000000000',
  pageType: 'CHARITY',
  gift: undefined,
  quantity: 1,
  total: { cents: 1000, currency: 'NZD' },
  donationFrequency: 'OnceOff',
  status: 'Cancelled',
  cancelledAt: '2026-11-22T09:00:00.000Z',
});

beforeEach(() => {
  resetSessionForTests();
  setIdTokenProvider(async () => 'wiremu-id-token');
});

afterEach(() => {
  act(() => resetSessionForTests());
});

describe('PayrollPledges', () => {
  it('lists each pledge: what, charity, amount per deduction, how often, workplace and status', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', PLEDGES, json(200, { items: [aPledge(), cancelled] }));
    renderWithRouter(<PayrollPledges />);

    const table = await screen.findByRole('table', { name: 'Payroll donations' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent))).toEqual([
      ['Feed a kiwi chick for a week × 2', 'Kiwi Coast Rescue', '$50.00', 'Every pay cycle', 'Tasman Engineering', '21 Nov 2026', 'Active', 'Cancel Feed a kiwi chick for a week × 2'],
      ['General donation to Kiwi Coast Rescue', 'Kiwi Coast Rescue', '$10.00', 'Once', 'Tasman Engineering', '21 Nov 2026', 'Cancelled', ''],
    ]);
  });

  it('says so when there are none', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', PLEDGES, json(200, { items: [] }));
    renderWithRouter(<PayrollPledges />);
    expect(await screen.findByRole('heading', { name: 'No payroll donations' })).toBeTruthy();
  });

  it('cancels a pledge after asking, then shows it cancelled', async () => {
    const fetch = installFetchFake();
    let items = [aPledge()];
    fetch.on('GET', PLEDGES, () => json(200, { items }));
    fetch.on('DELETE', `${PLEDGES}/${ACTIVE_ID}`, () => {
      items = [aPledge({ status: 'Cancelled', cancelledAt: '2026-11-22T09:00:00.000Z' })];
      return new Response(null, { status: 204 });
    });
    const { user } = renderWithRouter(<PayrollPledges />);

    await user.click(await screen.findByRole('button', { name: 'Cancel Feed a kiwi chick for a week × 2' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this payroll donation?' });
    expect(dialog.textContent).toContain('Feed a kiwi chick for a week × 2 will no longer be taken from your pay.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel payroll donation' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fetch.callsTo('DELETE', `${PLEDGES}/${ACTIVE_ID}`)).toHaveLength(1);
    expect(await screen.findByText('Cancelled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Cancel Feed/ })).toBeNull();
  });
});
