import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventSummary, FundraisingEvent, PageSummary } from '@giving/shared/contracts/fundraising';
import type { Campaign, CampaignStats, CampaignTransaction } from '@giving/shared/contracts/matching';
import { WORKPLACE_PERMISSIONS } from '@giving/shared/permissions';
import { resetSessionForTests } from '../../../lib/session';
import { installFetchFake, json, problem, type FetchFake } from '../../../testing/fetch-fake';
import { aGift } from '../../../testing/fixtures';
import { WORKPLACE_ID, anAdminMenu, errorOf, menuLabels, renderConsole } from '../../../app/routes/admin/testing';

const CAMPAIGNS_API = `/api/matching/workplace/${WORKPLACE_ID}/campaigns`;
const CAMPAIGN_ID = '01JCAMPAIGN000000000000001';
const NEW_ID = '01JCAMPAIGN000000000000002';
const ENGINEERING = '01JBVNT0000000000000000001';
const SALES = '01JBVNT0000000000000000002';

const aCampaign = (overrides: Partial<Campaign> = {}): Campaign => ({
  id: CAMPAIGN_ID,
  workplace: { id: WORKPLACE_ID, name: 'Tasman Engineering' },
  name: 'Kiwi chick match',
  description: '',
  givingType: 'Any',
  recurrenceType: 'Any',
  matchRatio: 1,
  memberCap: 50_000,
  entryCap: 0,
  campaignCap: 0,
  currency: 'NZD',
  matchType: 'Donation',
  memberType: 'Employee',
  moduleType: 'DollarHandle',
  items: [{ id: '01JGFT00000000000000000001', name: 'Feed a kiwi chick for a week' }],
  startsOn: '2026-01-01',
  endsOn: '2099-12-31',
  active: true,
  status: 'Active',
  restrictions: { employmentTypes: [], businessUnitIds: [] },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const workplace = {
  id: WORKPLACE_ID,
  name: 'Tasman Engineering',
  country: 'nz',
  businessUnits: [
    { id: ENGINEERING, name: 'Engineering' },
    { id: SALES, name: 'Sales' },
  ],
  memberCount: 40,
  createdAt: '2024-01-01T00:00:00Z',
};

const charity = { id: '01JCHARTY00000000000000007', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', logoImageUrl: '' };
const totals = { currency: 'NZD' as const, donatedAmount: 45_000, targetAmount: 100_000, donationsCount: 12, raisedPercentage: 45, onlineAmount: 45_000, offlineAmount: 0, matchedAmount: 0 };
const listed = { imageUrl: '', country: 'nz' as const, charity, endDate: '2099-12-31', isOnline: true, status: 'Open' as const, createdOn: '2026-01-10T00:00:00.000Z', ...totals };
const anEventSummary = (overrides: Partial<EventSummary> = {}): EventSummary => ({
  ...listed,
  id: '01JEVENT000000000000000001',
  eventUrl: 'round-the-bays',
  kind: 'MultiPage',
  title: 'Round the Bays',
  owner: { memberId: '01JMEMBER00000000000000009', name: 'Hemi Walker' },
  pagesCount: 2,
  ...overrides,
});
const aPageSummary = (overrides: Partial<PageSummary> = {}): PageSummary => ({
  ...listed,
  id: '01JPAGE0000000000000000001',
  pageUrl: 'aroha-runs',
  eventId: '01JEVENT000000000000000001',
  eventUrl: 'round-the-bays',
  title: 'Aroha runs the bays',
  owner: { memberId: '01JMEMBER00000000000000008', name: 'Aroha Ngata' },
  ...overrides,
});
const anEvent = (): FundraisingEvent => ({
  ...anEventSummary(),
  story: '',
  pages: [aPageSummary(), aPageSummary({ id: '01JPAGE0000000000000000002', pageUrl: 'tama-walks', title: 'Tama walks it', owner: { memberId: '01JMEMBER00000000000000007', name: 'Tama Reti' } })],
});

const menu = anAdminMenu({ corporateAssociations: [{ corporateId: WORKPLACE_ID, corporateName: 'Tasman Engineering', corporateRoles: [{ roleName: 'WorkplaceGiver.Admin' }] }] });

/** The matching screen with its campaigns and the workplace's business units answered; saves echo what was sent. */
function matchingScreen({ campaigns = [aCampaign()], permissions = WORKPLACE_PERMISSIONS, fetch = installFetchFake() }: { campaigns?: Campaign[]; permissions?: readonly string[]; fetch?: FetchFake } = {}) {
  fetch.on('GET', CAMPAIGNS_API, json(200, { items: campaigns }));
  fetch.on('GET', `/api/accounts/workplace/${WORKPLACE_ID}/settings`, json(200, workplace));
  fetch.on('GET', '/api/accounts/charities?country=nz', json(200, { items: [{ id: '01JCHARTY00000000000000009', name: 'Kiwi Kids Trust', charityUrl: 'kiwi-kids-trust', country: 'nz', logoImageUrl: '', description: '', causes: [] }] }));
  fetch.on('GET', '/api/donations/charities/kiwi-kids-trust/gifts', json(200, { items: [aGift()] }));
  fetch.on('POST', CAMPAIGNS_API, (request) => json(201, { ...aCampaign({ id: NEW_ID }), ...(request.body as object), restrictions: { employmentTypes: [], businessUnitIds: [] } }));
  fetch.on('PUT', new RegExp(`^${CAMPAIGNS_API}/[^/]+$`), (request) => {
    const id = request.url.split('/').pop()!;
    const stored = campaigns.find((campaign) => campaign.id === id) ?? aCampaign({ id });
    return json(200, { ...stored, ...(request.body as object) });
  });
  fetch.on('PUT', new RegExp(`^${CAMPAIGNS_API}/[^/]+/restrictions$`), (request) => json(200, request.body));
  const rendered = renderConsole(`/admin/workplace/${WORKPLACE_ID}/matching`, { fetch, menu, tenant: { workplaceId: WORKPLACE_ID }, permissions });
  return { ...rendered, fetch };
}

const restrictionsUrl = (id: string) => `${CAMPAIGNS_API}/${id}/restrictions`;

afterEach(() => {
  cleanup();
  resetSessionForTests();
});

describe('workplace console: matching', () => {
  it('lists the campaigns, switches one off, and creates one with the gifts chosen from a charity', async () => {
    const { fetch, user } = matchingScreen();

    const table = await screen.findByRole('table', { name: 'Matching campaigns' });
    expect(menuLabels('Workplace admin')).toContain('Matching');
    expect(within(table).getByRole('row', { name: /^Kiwi chick match 1 Jan 2026 – 31 Dec 2099 100% \$500\.00 per person Gifts Feed a kiwi chick for a week Permanent staff Active/ })).toBeTruthy();

    await user.click(within(table).getByRole('checkbox', { name: 'Active: Kiwi chick match' }));
    await waitFor(() => expect(fetch.callsTo('PUT', `${CAMPAIGNS_API}/${CAMPAIGN_ID}`)).toHaveLength(1));
    const put = fetch.callsTo('PUT', `${CAMPAIGNS_API}/${CAMPAIGN_ID}`)[0]!.body as Record<string, unknown>;
    expect(put).toMatchObject({ active: false, name: 'Kiwi chick match', matchRatio: 1, memberCap: 50_000, items: [{ id: '01JGFT00000000000000000001', name: 'Feed a kiwi chick for a week' }] });
    expect(put).not.toHaveProperty('status');
    expect(put).not.toHaveProperty('restrictions');

    await user.click(screen.getByRole('button', { name: 'New campaign' }));
    const form = await screen.findByRole('form', { name: 'New campaign' });
    expect(within(form).queryByLabelText('Cap per fundraiser ($)')).toBeNull();
    expect(within(form).getByText('No gifts chosen: every gift is matched.')).toBeTruthy();
    await user.type(within(form).getByLabelText('Name'), 'Winter match');
    await user.clear(within(form).getByLabelText('Match (%)'));
    await user.type(within(form).getByLabelText('Match (%)'), '50');
    await user.type(within(form).getByLabelText('Cap per person ($)'), '1,250.50');
    await user.type(within(form).getByLabelText('Ends'), '2099-06-30');
    await user.selectOptions(within(form).getByLabelText('Charity'), 'kiwi-kids-trust');
    await user.click(await within(form).findByRole('checkbox', { name: 'School lunches for a week' }));
    expect(within(form).getByRole('list', { name: 'Chosen gifts' }).textContent).toContain('School lunches for a week');
    await user.click(within(form).getByRole('button', { name: 'Save campaign' }));

    await waitFor(() => expect(fetch.callsTo('POST', CAMPAIGNS_API)).toHaveLength(1));
    expect(fetch.callsTo('POST', CAMPAIGNS_API)[0]!.body).toMatchObject({
      name: 'Winter match',
      matchRatio: 0.5,
      memberCap: 125_050,
      campaignCap: 0,
      entryCap: 0,
      moduleType: 'DollarHandle',
      memberType: 'Employee',
      items: [{ id: aGift().id, name: 'School lunches for a week' }],
      endsOn: '2099-06-30',
      active: true,
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New campaign' })).toBeNull());
    // Nobody was restricted: no restrictions call.
    expect(fetch.callsTo('PUT', restrictionsUrl(NEW_ID))).toHaveLength(0);
  });

  it('names the bad fields without calling the API', async () => {
    const { fetch, user } = matchingScreen({ campaigns: [] });
    expect(await screen.findByText('No matching campaigns yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New campaign' }));
    await user.click(screen.getByRole('button', { name: 'Save campaign' }));
    const form = await screen.findByRole('form', { name: 'New campaign' });
    expect(await within(form).findByText('Required Field!')).toBeTruthy();
    expect(within(form).getByText('Invalid Date!')).toBeTruthy();
    expect(fetch.callsTo('POST', CAMPAIGNS_API)).toHaveLength(0);
  });

  it('shows the campaigns and their figures, without changing them, to a member who may only view settings', async () => {
    matchingScreen({ permissions: ['Workplace_ViewSettings'] });
    const table = await screen.findByRole('table', { name: 'Matching campaigns' });
    expect((within(table).getByRole('checkbox', { name: 'Active: Kiwi chick match' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'New campaign' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Figures of Kiwi chick match' })).toBeTruthy();
  });

  describe('who is matched (restrictions)', () => {
    it('shows each campaign’s restrictions in the list by business unit name', async () => {
      matchingScreen({
        campaigns: [
          aCampaign({ restrictions: { employmentTypes: [], businessUnitIds: [ENGINEERING] } }),
          aCampaign({ id: NEW_ID, name: 'Everyone’s match', memberType: 'Any' }),
          aCampaign({ id: '01JCAMPAIGN000000000000003', name: 'Flexible match', memberType: 'Any', restrictions: { employmentTypes: ['Contractor', 'Casual'], businessUnitIds: [ENGINEERING, SALES] } }),
        ],
      });
      const table = await screen.findByRole('table', { name: 'Matching campaigns' });
      const who = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) }).querySelectorAll('td')[2]!.textContent;
      await waitFor(() => expect(who('Kiwi chick match')).toBe('Permanent staff in Engineering'));
      expect(who('Everyone’s match')).toBe('Everyone');
      expect(who('Flexible match')).toBe('Contract and casual staff in Engineering and Sales');
    });

    it('saves the employment types and business units chosen with their own call after the campaign', async () => {
      const campaign = aCampaign({ memberType: 'Any', restrictions: { employmentTypes: ['Permanent'], businessUnitIds: [] } });
      const { fetch, user } = matchingScreen({ campaigns: [campaign] });
      await user.click(await screen.findByRole('button', { name: 'Edit Kiwi chick match' }));
      const form = screen.getByRole('form', { name: 'Edit Kiwi chick match' });
      const types = within(form).getByRole('group', { name: 'Employment types' });
      expect((within(types).getByRole('checkbox', { name: 'Permanent' }) as HTMLInputElement).checked).toBe(true);
      await user.click(within(types).getByRole('checkbox', { name: 'Contractor' }));
      const units = within(form).getByRole('group', { name: 'Business units' });
      await user.click(await within(units).findByRole('checkbox', { name: 'Engineering' }));
      await user.click(within(form).getByRole('button', { name: 'Save campaign' }));

      await waitFor(() => expect(fetch.callsTo('PUT', restrictionsUrl(CAMPAIGN_ID))).toHaveLength(1));
      expect(fetch.callsTo('PUT', restrictionsUrl(CAMPAIGN_ID))[0]!.body).toEqual({ employmentTypes: ['Permanent', 'Contractor'], businessUnitIds: [ENGINEERING] });
      // The campaign first, its restrictions after it.
      const order = fetch.calls.filter((call) => call.method === 'PUT').map((call) => call.url);
      expect(order).toEqual([`${CAMPAIGNS_API}/${CAMPAIGN_ID}`, restrictionsUrl(CAMPAIGN_ID)]);
      expect(fetch.callsTo('PUT', `${CAMPAIGNS_API}/${CAMPAIGN_ID}`)[0]!.body).not.toHaveProperty('restrictions');
      await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Kiwi chick match' })).toBeNull());
    });

    it('matches permanent staff only in a staff campaign, and saves a new campaign’s business units once it exists', async () => {
      const { fetch, user } = matchingScreen({ campaigns: [] });
      await screen.findByText('No matching campaigns yet.');
      await user.click(screen.getByRole('button', { name: 'New campaign' }));
      const form = await screen.findByRole('form', { name: 'New campaign' });
      const types = within(form).getByRole('group', { name: 'Employment types' });
      expect(within(types).queryAllByRole('checkbox')).toHaveLength(0);
      expect(types.textContent).toContain('A staff campaign matches permanent employees only.');
      await user.selectOptions(within(form).getByLabelText('Whose donations'), 'Any');
      expect(within(types).getAllByRole('checkbox').map((box) => box.getAttribute('value'))).toEqual(['Permanent', 'Contractor', 'Casual']);
      await user.click(within(types).getByRole('checkbox', { name: 'Casual' }));
      // Back to staff: the employment types no longer apply, and none are sent.
      await user.selectOptions(within(form).getByLabelText('Whose donations'), 'Employee');
      await user.click(await within(form).findByRole('checkbox', { name: 'Sales' }));
      await user.type(within(form).getByLabelText('Name'), 'Sales match');
      await user.type(within(form).getByLabelText('Ends'), '2099-06-30');

      // The restrictions fail once: the campaign exists by then, so saving again updates it instead of creating another.
      fetch.sequence('PUT', restrictionsUrl(NEW_ID), [() => problem(503, { title: 'Service Unavailable' }), (request) => json(200, request.body)]);
      await user.click(within(form).getByRole('button', { name: 'Save campaign' }));
      expect(await within(form).findByText(/^The campaign was saved, but not who it matches: The service is temporarily unavailable/)).toBeTruthy();
      expect(fetch.callsTo('POST', CAMPAIGNS_API)).toHaveLength(1);
      expect(fetch.callsTo('POST', CAMPAIGNS_API)[0]!.body).toMatchObject({ name: 'Sales match', memberType: 'Employee' });

      await user.click(within(form).getByRole('button', { name: 'Save campaign' }));
      await waitFor(() => expect(fetch.callsTo('PUT', restrictionsUrl(NEW_ID))).toHaveLength(2));
      expect(fetch.callsTo('POST', CAMPAIGNS_API)).toHaveLength(1);
      expect(fetch.callsTo('PUT', `${CAMPAIGNS_API}/${NEW_ID}`)).toHaveLength(1);
      expect(fetch.callsTo('PUT', restrictionsUrl(NEW_ID))[1]!.body).toEqual({ employmentTypes: [], businessUnitIds: [SALES] });
      await waitFor(() => expect(screen.queryByRole('form', { name: 'New campaign' })).toBeNull());
    });
  });

  describe('fundraising campaigns', () => {
    const answerEvents = (fetch: FetchFake) => {
      fetch.on('GET', '/api/fundraising/events?country=nz', json(200, { items: [anEventSummary()] }));
      fetch.on('GET', '/api/fundraising/events/round-the-bays', json(200, anEvent()));
    };

    it('matches fundraising pages chosen from an event, with a cap per fundraiser in cents', async () => {
      const fetch = installFetchFake();
      answerEvents(fetch);
      const { user } = matchingScreen({ fetch, campaigns: [] });
      await screen.findByText('No matching campaigns yet.');
      await user.click(screen.getByRole('button', { name: 'New campaign' }));
      const form = await screen.findByRole('form', { name: 'New campaign' });
      await user.selectOptions(within(form).getByLabelText('Matches donations to'), 'Fundraising');
      expect(within(form).queryByLabelText('Charity')).toBeNull();
      const entryCap = within(form).getByLabelText('Cap per fundraiser ($)');
      expect(entryCap.getAttribute('aria-describedby')).toBeTruthy();
      expect(within(form).getByText('The most one fundraising page can be matched in all. Leave empty for no cap.')).toBeTruthy();
      expect(within(form).getByText('No pages chosen: every fundraising page is matched.')).toBeTruthy();
      await user.type(entryCap, '1,000');
      await user.type(within(form).getByLabelText('Name'), 'Round the Bays match');
      await user.type(within(form).getByLabelText('Ends'), '2099-06-30');

      const event = within(form).getByLabelText('Event');
      await waitFor(() => expect(within(event).getByRole('option', { name: 'Round the Bays · Kiwi Coast Rescue' })).toBeTruthy());
      await user.selectOptions(event, 'round-the-bays');
      await user.click(await within(form).findByRole('checkbox', { name: 'Tama walks it by Tama Reti' }));
      expect(within(form).getByRole('list', { name: 'Chosen pages' }).textContent).toContain('Tama walks it (Round the Bays)');
      await user.click(within(form).getByRole('button', { name: 'Choose all 2 pages' }));
      expect((within(form).getByRole('checkbox', { name: 'Aroha runs the bays by Aroha Ngata' }) as HTMLInputElement).checked).toBe(true);
      await user.click(within(form).getByRole('button', { name: 'Save campaign' }));

      await waitFor(() => expect(fetch.callsTo('POST', CAMPAIGNS_API)).toHaveLength(1));
      expect(fetch.callsTo('POST', CAMPAIGNS_API)[0]!.body).toMatchObject({
        name: 'Round the Bays match',
        moduleType: 'Fundraising',
        entryCap: 100_000,
        items: [
          { id: '01JPAGE0000000000000000002', name: 'Tama walks it (Round the Bays)' },
          { id: '01JPAGE0000000000000000001', name: 'Aroha runs the bays (Round the Bays)' },
        ],
      });
    });

    it('takes a whole event as one item: every page of it, those started later too', async () => {
      const fetch = installFetchFake();
      answerEvents(fetch);
      const { user } = matchingScreen({ fetch, campaigns: [] });
      await screen.findByText('No matching campaigns yet.');
      await user.click(screen.getByRole('button', { name: 'New campaign' }));
      const form = await screen.findByRole('form', { name: 'New campaign' });
      await user.selectOptions(within(form).getByLabelText('Matches donations to'), 'Fundraising');
      await user.type(within(form).getByLabelText('Name'), 'Round the Bays match');
      await user.type(within(form).getByLabelText('Ends'), '2099-06-30');
      const event = within(form).getByLabelText('Event');
      await waitFor(() => expect(within(event).getByRole('option', { name: 'Round the Bays · Kiwi Coast Rescue' })).toBeTruthy());
      await user.selectOptions(event, 'round-the-bays');
      await user.click(await within(form).findByRole('checkbox', { name: /^The whole event/ }));
      expect(within(form).getByRole('list', { name: 'Chosen pages' }).textContent).toContain('Round the Bays (every page)');
      await user.click(within(form).getByRole('button', { name: 'Save campaign' }));
      await waitFor(() => expect(fetch.callsTo('POST', CAMPAIGNS_API)).toHaveLength(1));
      expect((fetch.callsTo('POST', CAMPAIGNS_API)[0]!.body as { items: unknown[] }).items).toEqual([{ id: '01JEVENT000000000000000001', name: 'Round the Bays (every page)' }]);
    });

    it('shows the schema’s message on the cap per fundraiser when a gifts campaign keeps one', async () => {
      const fetch = installFetchFake();
      answerEvents(fetch);
      const { user } = matchingScreen({ fetch, campaigns: [] });
      await screen.findByText('No matching campaigns yet.');
      await user.click(screen.getByRole('button', { name: 'New campaign' }));
      const form = await screen.findByRole('form', { name: 'New campaign' });
      await user.selectOptions(within(form).getByLabelText('Matches donations to'), 'Fundraising');
      await user.type(within(form).getByLabelText('Cap per fundraiser ($)'), '100');
      await user.selectOptions(within(form).getByLabelText('Matches donations to'), 'DollarHandle');
      await user.type(within(form).getByLabelText('Name'), 'Gift match');
      await user.type(within(form).getByLabelText('Ends'), '2099-06-30');
      await user.click(within(form).getByRole('button', { name: 'Save campaign' }));

      const entryCap = within(form).getByLabelText('Cap per fundraiser ($)');
      await waitFor(() => expect(errorOf(entryCap)).toBe('Only fundraising campaigns have an entry cap.'));
      expect(document.activeElement).toBe(entryCap);
      expect(fetch.callsTo('POST', CAMPAIGNS_API)).toHaveLength(0);
    });

    it('lists a fundraising campaign’s module, pages and caps, and edits it with its pages kept', async () => {
      const campaign = aCampaign({ name: 'Bays match', moduleType: 'Fundraising', entryCap: 25_000, memberCap: 0, campaignCap: 1_000_000, items: [{ id: '01JPAGE0000000000000000001', name: 'Aroha runs the bays' }] });
      const fetch = installFetchFake();
      answerEvents(fetch);
      const { user } = matchingScreen({ fetch, campaigns: [campaign] });
      const table = await screen.findByRole('table', { name: 'Matching campaigns' });
      expect(within(table).getByRole('row', { name: /^Bays match 1 Jan 2026 – 31 Dec 2099 100% \$250\.00 per fundraiser \$10,000\.00 in total Fundraising Aroha runs the bays Permanent staff Active/ })).toBeTruthy();

      await user.click(within(table).getByRole('button', { name: 'Edit Bays match' }));
      const form = screen.getByRole('form', { name: 'Edit Bays match' });
      expect((within(form).getByLabelText('Matches donations to') as HTMLSelectElement).value).toBe('Fundraising');
      expect((within(form).getByLabelText('Cap per fundraiser ($)') as HTMLInputElement).value).toBe('250.00');
      expect(within(form).getByRole('list', { name: 'Chosen pages' }).textContent).toContain('Aroha runs the bays');
      await user.clear(within(form).getByLabelText('Cap per fundraiser ($)'));
      await user.click(within(form).getByRole('button', { name: 'Save campaign' }));
      await waitFor(() => expect(fetch.callsTo('PUT', `${CAMPAIGNS_API}/${CAMPAIGN_ID}`)).toHaveLength(1));
      expect(fetch.callsTo('PUT', `${CAMPAIGNS_API}/${CAMPAIGN_ID}`)[0]!.body).toMatchObject({ moduleType: 'Fundraising', entryCap: 0, items: [{ id: '01JPAGE0000000000000000001' }] });
    });
  });

  describe('figures', () => {
    const stats = (overrides: Partial<CampaignStats> = {}): CampaignStats => ({
      campaignId: CAMPAIGN_ID,
      currency: 'NZD',
      matchRatio: 1,
      matchedAmount: 123_450,
      donationsMatched: 3,
      campaignCap: 200_000,
      remainingCap: 76_550,
      ...overrides,
    });
    const MEMBER = '01JMEMBER00000000000000042';
    const aTransaction = (overrides: Partial<CampaignTransaction> = {}): CampaignTransaction => ({
      donationId: '01JDONATION000000000000001',
      memberId: MEMBER,
      amount: 5_000,
      currency: 'NZD',
      donationAmount: 5_000,
      givingType: 'CreditCard',
      matchType: 'Donation',
      charityName: 'Kiwi Kids Trust',
      giftId: '01JGFT00000000000000000001',
      matchedAt: '2026-03-12T01:30:00.000Z',
      ...overrides,
    });

    it('shows what a campaign has matched: the totals, what is left of its cap, and each match without the member', async () => {
      const fetch = installFetchFake();
      fetch.on('GET', `${CAMPAIGNS_API}/${CAMPAIGN_ID}/stats`, json(200, stats()));
      fetch.on(
        'GET',
        `${CAMPAIGNS_API}/${CAMPAIGN_ID}/transactions`,
        json(200, {
          items: [
            aTransaction({ donationId: '01JDONATION000000000000003', amount: 7_345, donationAmount: 1_234_500, givingType: 'PayrollGiving', matchType: 'Voucher', matchedAt: '2026-04-02T22:00:00.000Z' }),
            aTransaction({ donationId: '01JDONATION000000000000002', charityName: undefined, givingType: 'ExternalDonation' }),
            aTransaction(),
          ],
        }),
      );
      const { user } = matchingScreen({ fetch });
      await user.click(await screen.findByRole('button', { name: 'Figures of Kiwi chick match' }));

      const figures = screen.getByRole('region', { name: 'What Kiwi chick match has matched' });
      const tiles = await within(figures).findByRole('list', { name: 'Campaign figures' });
      expect(within(tiles).getAllByRole('listitem').map((tile) => tile.textContent)).toEqual(['$1,234.50Matched so far', '3Donations matched', '$765.50Left of the $2,000.00 cap']);
      expect(within(figures).getByRole('progressbar', { name: 'Campaign cap used' }).getAttribute('aria-valuetext')).toBe('$1,234.50 matched of $2,000.00');

      const matches = await within(figures).findByRole('table', { name: 'Matches' });
      expect(within(matches).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Date', 'Charity', 'Given', 'Matched', 'Giving type', 'Paid as']);
      expect(within(matches).getAllByRole('row').slice(1).map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
        ['3 Apr 2026', 'Kiwi Kids Trust', '$12,345.00', '$73.45', 'Payroll giving', 'Gift voucher'],
        ['12 Mar 2026', '—', '$50.00', '$50.00', 'External donation', 'Donation to the charity'],
        ['12 Mar 2026', 'Kiwi Kids Trust', '$50.00', '$50.00', 'Card', 'Donation to the charity'],
      ]);
      expect(figures.textContent).not.toContain(MEMBER);

      await user.click(within(figures).getByRole('button', { name: 'Close the figures' }));
      expect(screen.queryByRole('region', { name: 'What Kiwi chick match has matched' })).toBeNull();
    });

    it('says when a campaign has no cap and nothing matched yet', async () => {
      const fetch = installFetchFake();
      fetch.on('GET', `${CAMPAIGNS_API}/${CAMPAIGN_ID}/stats`, json(200, stats({ matchedAmount: 0, donationsMatched: 0, campaignCap: 0, remainingCap: null })));
      fetch.on('GET', `${CAMPAIGNS_API}/${CAMPAIGN_ID}/transactions`, json(200, { items: [] }));
      const { user } = matchingScreen({ fetch });
      await user.click(await screen.findByRole('button', { name: 'Figures of Kiwi chick match' }));
      const figures = screen.getByRole('region', { name: 'What Kiwi chick match has matched' });
      const tiles = await within(figures).findByRole('list', { name: 'Campaign figures' });
      expect(within(tiles).getAllByRole('listitem').map((tile) => tile.textContent)).toEqual(['$0.00Matched so far', '0Donations matched', 'No capLeft of the campaign cap']);
      expect(within(figures).queryByRole('progressbar')).toBeNull();
      expect(await within(figures).findByText('Nothing matched yet. Matches show here as your people’s donations come in.')).toBeTruthy();
    });
  });
});
