import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicCampaign } from '@giving/shared/contracts/matching';
import { installFetchFake, json } from '../../../testing/fetch-fake';
import { aCharity, aGift, answerCardSettings } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

const GIFT = aGift();
const CAMPAIGNS_API = `/api/matching/campaigns/product/${GIFT.id}`;

export const aPublicCampaign = (overrides: Partial<PublicCampaign> = {}): PublicCampaign => ({
  id: '01JCAMPAIGN000000000000001',
  name: 'Kiwi chick match',
  description: 'Every gift our people give is doubled.',
  workplaceName: 'Tasman Engineering',
  givingType: 'Any',
  recurrenceType: 'Any',
  matchRatio: 1,
  memberCap: 50_000,
  entryCap: 0,
  campaignCap: 1_000_000,
  currency: 'NZD',
  matchType: 'Donation',
  memberType: 'Employee',
  endsOn: '2099-12-31',
  ...overrides,
});

function giftPage(campaigns: unknown[]) {
  const fetch = installFetchFake();
  answerCardSettings(fetch);
  fetch.on('GET', '/api/donations/gifts/kiwi-kids-trust/school-lunches', json(200, GIFT));
  fetch.on('GET', '/api/accounts/charities/kiwi-kids-trust?country=nz', json(200, aCharity()));
  fetch.on('GET', '/api/donations/charities/kiwi-kids-trust/gifts', json(200, { items: [GIFT] }));
  fetch.on('GET', CAMPAIGNS_API, json(200, { items: campaigns }));
  return { fetch, ...renderApp('/nz/kiwi-kids-trust/school-lunches') };
}

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('matching banners on the gift page (spec 1 §2, spec 2 §2, §6, §9)', () => {
  it('lists each campaign above the gift: its rules with the ratio as percent, caps as currency and staff for employees', async () => {
    giftPage([aPublicCampaign(), aPublicCampaign({ id: '01JCAMPAIGN000000000000002', name: 'Payroll boost', memberType: 'Any', givingType: 'PayrollGiving', matchRatio: 0.5, memberCap: 0, campaignCap: 12_345_678 })]);
    const first = await screen.findByRole('complementary', { name: 'Matching campaign: Kiwi chick match' });
    expect(first.textContent).toContain('Tasman Engineering matches staff donations 100%, up to $500.00 per person, up to $10,000.00 in total.');
    expect(first.textContent).toContain('Every gift our people give is doubled.');
    const second = screen.getByRole('complementary', { name: 'Matching campaign: Payroll boost' });
    expect(second.textContent).toContain('Tasman Engineering matches payroll donations 50%, up to $123,456.78 in total.');
    // Above the gift: the banners come before the gift's heading in the page.
    const heading = screen.getByRole('heading', { level: 1, name: 'School lunches for a week' });
    expect(first.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('the gift is drawn with its banners, never before them: they would push it down the screen (issue 12)', async () => {
    const fetch = installFetchFake();
    answerCardSettings(fetch);
    fetch.on('GET', '/api/donations/gifts/kiwi-kids-trust/school-lunches', json(200, GIFT));
    let answer: (response: Response) => void = () => undefined;
    fetch.on('GET', CAMPAIGNS_API, () => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp('/nz/kiwi-kids-trust/school-lunches');
    await waitFor(() => expect(fetch.callsTo('GET', CAMPAIGNS_API)).toHaveLength(1));
    // The route's code may still be loading (a slow machine): the gift's own placeholder comes once it has.
    expect(await screen.findByText('Loading gift')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'School lunches for a week' })).toBeNull();
    answer(json(200, { items: [aPublicCampaign()] }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'School lunches for a week' });
    const banner = screen.getByRole('complementary', { name: 'Matching campaign: Kiwi chick match' });
    expect(banner.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('‘Dismiss notification’ hides a banner for the rest of the session', async () => {
    const { user } = giftPage([aPublicCampaign()]);
    const banner = await screen.findByRole('complementary', { name: 'Matching campaign: Kiwi chick match' });
    await user.click(within(banner).getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByRole('complementary', { name: /Matching campaign/ })).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('matching.dismissed') ?? '[]')).toEqual([aPublicCampaign().id]);
    cleanup();
    giftPage([aPublicCampaign()]);
    await screen.findByRole('heading', { level: 1, name: 'School lunches for a week' });
    await waitFor(() => expect(screen.getByRole('form', { name: 'Give this gift' })).toBeTruthy());
    expect(screen.queryByRole('complementary', { name: /Matching campaign/ })).toBeNull();
  });

  it('shows nothing when the gift has no campaigns, or a campaign does not match the contract', async () => {
    const { fetch } = giftPage([{ id: 'broken' }]);
    await screen.findByRole('heading', { level: 1, name: 'School lunches for a week' });
    await waitFor(() => expect(fetch.callsTo('GET', CAMPAIGNS_API)).toHaveLength(1));
    expect(screen.queryByRole('complementary', { name: /Matching campaign/ })).toBeNull();
  });
});
