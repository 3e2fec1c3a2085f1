import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Campaign } from '@giving/shared/contracts/matching';
import { WORKPLACE_PERMISSIONS } from '@giving/shared/permissions';
import { resetSessionForTests } from '../../../lib/session';
import { installFetchFake, json } from '../../../testing/fetch-fake';
import { aGift } from '../../../testing/fixtures';
import { WORKPLACE_ID, anAdminMenu, menuLabels, renderConsole } from '../../../app/routes/admin/testing';

const CAMPAIGNS_API = `/api/matching/workplace/${WORKPLACE_ID}/campaigns`;

const aCampaign = (overrides: Partial<Campaign> = {}): Campaign => ({
  id: '01JCAMPAIGN000000000000001',
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

const menu = anAdminMenu({ corporateAssociations: [{ corporateId: WORKPLACE_ID, corporateName: 'Tasman Engineering', corporateRoles: [{ roleName: 'WorkplaceGiver.Admin' }] }] });

afterEach(() => {
  cleanup();
  resetSessionForTests();
});

describe('workplace console: matching', () => {
  it('lists the campaigns, switches one off, and creates one with the gifts chosen from a charity', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', CAMPAIGNS_API, json(200, { items: [aCampaign()] }));
    fetch.on('PUT', `${CAMPAIGNS_API}/${aCampaign().id}`, (request) => json(200, { ...aCampaign(), ...(request.body as object), status: 'Inactive' }));
    fetch.on('POST', CAMPAIGNS_API, (request) => json(201, { ...aCampaign({ id: '01JCAMPAIGN000000000000002' }), ...(request.body as object) }));
    fetch.on('GET', '/api/accounts/charities?country=nz', json(200, { items: [{ id: '01JCHARTY00000000000000009', name: 'Kiwi Kids Trust', charityUrl: 'kiwi-kids-trust', country: 'nz', logoImageUrl: '', description: '', causes: [] }] }));
    fetch.on('GET', '/api/donations/charities/kiwi-kids-trust/gifts', json(200, { items: [aGift()] }));
    const { user } = renderConsole(`/admin/workplace/${WORKPLACE_ID}/matching`, { fetch, menu, tenant: { workplaceId: WORKPLACE_ID }, permissions: WORKPLACE_PERMISSIONS });

    const table = await screen.findByRole('table', { name: 'Matching campaigns' });
    expect(menuLabels('Workplace admin')).toContain('Matching');
    expect(within(table).getByRole('row', { name: /Kiwi chick match 100% \$500\.00 Feed a kiwi chick for a week/ })).toBeTruthy();

    await user.click(within(table).getByRole('checkbox', { name: 'Active: Kiwi chick match' }));
    await waitFor(() => expect(fetch.callsTo('PUT', `${CAMPAIGNS_API}/${aCampaign().id}`)).toHaveLength(1));
    const put = fetch.callsTo('PUT', `${CAMPAIGNS_API}/${aCampaign().id}`)[0]!.body as Record<string, unknown>;
    expect(put).toMatchObject({ active: false, name: 'Kiwi chick match', matchRatio: 1, memberCap: 50_000, items: [{ id: '01JGFT00000000000000000001', name: 'Feed a kiwi chick for a week' }] });
    expect(put).not.toHaveProperty('status');

    await user.click(screen.getByRole('button', { name: 'New campaign' }));
    const form = screen.getByRole('form', { name: 'New campaign' });
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
  });

  it('names the bad fields without calling the API', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', CAMPAIGNS_API, json(200, { items: [] }));
    fetch.on('GET', '/api/accounts/charities?country=nz', json(200, { items: [] }));
    const { user } = renderConsole(`/admin/workplace/${WORKPLACE_ID}/matching`, { fetch, menu, tenant: { workplaceId: WORKPLACE_ID }, permissions: WORKPLACE_PERMISSIONS });
    expect(await screen.findByText('No matching campaigns yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New campaign' }));
    await user.click(screen.getByRole('button', { name: 'Save campaign' }));
    const form = screen.getByRole('form', { name: 'New campaign' });
    expect(await within(form).findByText('Required Field!')).toBeTruthy();
    expect(within(form).getByText('Invalid Date!')).toBeTruthy();
    expect(fetch.callsTo('POST', CAMPAIGNS_API)).toHaveLength(0);
  });

  it('shows the campaigns without changing them to a member who may only view settings', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', CAMPAIGNS_API, json(200, { items: [aCampaign()] }));
    renderConsole(`/admin/workplace/${WORKPLACE_ID}/matching`, { fetch, menu, tenant: { workplaceId: WORKPLACE_ID }, permissions: ['Workplace_ViewSettings'] });
    const table = await screen.findByRole('table', { name: 'Matching campaigns' });
    expect((within(table).getByRole('checkbox', { name: 'Active: Kiwi chick match' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'New campaign' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Edit/ })).toBeNull();
  });
});
