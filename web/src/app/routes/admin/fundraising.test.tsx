import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CHARITY_PERMISSIONS } from '@giving/shared/permissions';
import { OWNER, PAGE_ID, aPageSummary, anEventSummary } from '../../../features/fundraising/testing';
import { resetSessionForTests } from '../../../lib/session';
import { installFetchFake, json } from '../../../testing/fetch-fake';
import { aCharity } from '../../../testing/fixtures';
import { CHARITY_ID, anAdminMenu, menuLabels, renderConsole } from './testing';

afterEach(() => {
  cleanup();
  resetSessionForTests();
});

const rowOf = (table: HTMLElement, name: RegExp | string) => within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement;
const charityMenu = anAdminMenu({ charityAssociations: [{ charityId: CHARITY_ID, charityName: 'Kiwi Coast Rescue', roles: ['Charity.Admin'] }] });
const BASE = `/api/fundraising/charity/${CHARITY_ID}`;

describe('charity console: fundraising', () => {
  function charityScreen(permissions: readonly string[] = CHARITY_PERMISSIONS) {
    const fetch = installFetchFake();
    fetch.on('GET', `/api/accounts/charity/${CHARITY_ID}/settings`, json(200, { profile: aCharity({ id: CHARITY_ID, country: 'au' }) }));
    fetch.on('GET', `${BASE}/events`, json(200, { items: [anEventSummary({ isOnline: false, status: 'Offline' })] }));
    fetch.on('GET', `${BASE}/pages`, json(200, { items: [aPageSummary()] }));
    fetch.on(
      'GET',
      `${BASE}/offline-donations?status=Pending`,
      json(200, { items: [{ id: 'o1', pageId: PAGE_ID, pageTitle: 'Aroha runs the bays', amount: 2_550, currency: 'NZD', donorName: 'Cake stall', receivedOn: '2026-02-01', enteredBy: OWNER, status: 'Pending' }] }),
    );
    return { fetch, start: () => renderConsole(`/admin/charity/${CHARITY_ID}/fundraising`, { fetch, menu: charityMenu, tenant: { charityId: CHARITY_ID }, permissions }) };
  }

  it('is in the menu; lists events and pages with totals and status, and links to the create flow for the charity', async () => {
    charityScreen().start();
    const pages = await screen.findByRole('table', { name: 'Pages' });
    expect(menuLabels('Charity admin')).toContain('Fundraising');
    const page = rowOf(pages, /Aroha runs the bays/);
    expect(within(page).getByRole('link', { name: 'Aroha runs the bays' }).getAttribute('href')).toBe('/nz/fundraising/round-the-bays-2026/aroha-runs');
    expect(within(page).getByText('$450 of $1,000 (45%)')).toBeTruthy();
    expect(within(page).getByText('12 donations')).toBeTruthy();
    const event = rowOf(await screen.findByRole('table', { name: 'Events' }), /Round the Bays 2026/);
    expect(within(event).getByText('Offline', { selector: 'span' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Create a fundraising event' })).toHaveProperty('pathname', '/au/fundraising/create');
    expect(screen.getByRole('link', { name: 'Create a fundraising event' }).getAttribute('href')).toBe(`/au/fundraising/create?charityId=${CHARITY_ID}`);
  });

  it('takes a page offline and an event online, and confirms an offline gift', async () => {
    const { fetch, start } = charityScreen();
    fetch.on('PATCH', `${BASE}/pages/${PAGE_ID}/toggleOnlineStatus`, json(200, {}));
    fetch.on('PATCH', `${BASE}/events/${anEventSummary().id}/toggleOnlineStatus`, json(200, {}));
    fetch.on('POST', `${BASE}/offline-donations/o1/confirm`, json(200, {}));
    const { user } = start();
    const pages = await screen.findByRole('table', { name: 'Pages' });
    await user.click(within(pages).getByRole('button', { name: 'Take offline Aroha runs the bays' }));
    await waitFor(() => expect(fetch.callsTo('PATCH', `${BASE}/pages/${PAGE_ID}/toggleOnlineStatus`)[0]?.body).toEqual({ isOnline: false }));
    expect(await screen.findByText('“Aroha runs the bays” is now offline.')).toBeTruthy();

    await user.click(within(screen.getByRole('table', { name: 'Events' })).getByRole('button', { name: 'Put online Round the Bays 2026' }));
    await waitFor(() => expect(fetch.callsTo('PATCH', `${BASE}/events/${anEventSummary().id}/toggleOnlineStatus`)[0]?.body).toEqual({ isOnline: true }));

    const gifts = screen.getByRole('table', { name: 'Offline gifts to confirm' });
    expect(within(gifts).getByText('Cake stall')).toBeTruthy();
    await user.click(within(gifts).getByRole('button', { name: 'Confirm $25.50 for Aroha runs the bays' }));
    await waitFor(() => expect(fetch.callsTo('POST', `${BASE}/offline-donations/o1/confirm`)).toHaveLength(1));
  });

  it('staff who may only look get no toggles or confirmations', async () => {
    charityScreen(['Charity_DashboardView', 'Charity_FundraisingView']).start();
    const pages = await screen.findByRole('table', { name: 'Pages' });
    expect(within(pages).queryByRole('button')).toBeNull();
    expect(within(await screen.findByRole('table', { name: 'Offline gifts to confirm' })).queryByRole('button')).toBeNull();
  });
});

describe('user area: fundraising', () => {
  const INVITATION = {
    id: 'i1',
    email: 'aroha@example.co.nz',
    role: 'Admin',
    invitedBy: { memberId: 'm2', name: 'Tama Reti' },
    invitedOn: '2026-02-01T00:00:00.000Z',
    lastSentOn: '2026-02-01T00:00:00.000Z',
    target: { kind: 'page', id: 'p9', title: 'Tama walks it', eventUrl: 'round-the-bays-2026', pageUrl: 'tama-walks', country: 'nz' },
  };

  it('lists my pages and events with my role and totals, and “Manage” on those I manage, at their tools', async () => {
    const fetch = installFetchFake();
    fetch.on(
      'GET',
      '/api/fundraising/me',
      json(200, {
        events: [{ ...anEventSummary(), role: 'Admin' }],
        pages: [
          { ...aPageSummary(), role: 'Owner' },
          { ...aPageSummary({ id: 'p9', title: 'Tama walks it', pageUrl: 'tama-walks' }), role: 'Member' },
        ],
        invitations: [],
      }),
    );
    renderConsole('/admin/user/fundraising', { fetch, permissions: ['User_ViewFundraising'] });

    const pages = await screen.findByRole('table', { name: 'My pages' });
    expect(menuLabels('My Account')).toContain('Fundraising');
    const own = rowOf(pages, /Aroha runs the bays/);
    expect(within(own).getByText('Owner')).toBeTruthy();
    expect(within(own).getByText('$450 of $1,000 (45%)')).toBeTruthy();
    expect(within(own).getByRole('link', { name: 'Manage Aroha runs the bays' }).getAttribute('href')).toBe('/nz/fundraising/round-the-bays-2026/aroha-runs#manage');
    // A Member fundraises on it; they have no tools to go to.
    expect(within(rowOf(pages, /Tama walks it/)).queryByRole('link', { name: /^Manage/ })).toBeNull();
    const event = rowOf(screen.getByRole('table', { name: 'My events' }), /Round the Bays 2026/);
    expect(within(event).getByRole('link', { name: 'Manage Round the Bays 2026' }).getAttribute('href')).toBe('/nz/fundraising/round-the-bays-2026#manage');
  });

  it('declines an invitation here; accepting one takes me to what I joined (an Admin to its tools)', async () => {
    const fetch = installFetchFake();
    const mine = { events: [{ ...anEventSummary(), role: 'Owner' }], pages: [{ ...aPageSummary(), role: 'Owner' }] };
    const member = { ...INVITATION, id: 'i3', role: 'Member', target: { ...INVITATION.target, kind: 'event', id: 'e9', title: 'Coast to coast', eventUrl: 'coast', pageUrl: undefined } };
    fetch.sequence('GET', '/api/fundraising/me', [
      () => json(200, { ...mine, invitations: [INVITATION, { ...INVITATION, id: 'i2', target: { ...INVITATION.target, kind: 'event', title: 'Harbour swim', eventUrl: 'harbour', pageUrl: undefined } }, member] }),
      () => json(200, { ...mine, invitations: [INVITATION, member] }),
      () => json(200, { ...mine, invitations: [member] }),
    ]);
    fetch.on('PATCH', '/api/fundraising/me/invitations/i1', json(200, {}));
    fetch.on('PATCH', '/api/fundraising/me/invitations/i2', json(200, {}));
    fetch.on('PATCH', '/api/fundraising/me/invitations/i3', json(200, {}));
    const { user, router } = renderConsole('/admin/user/fundraising', { fetch, permissions: ['User_ViewFundraising'] });

    const invitations = await screen.findByRole('table', { name: 'Invitations' });
    expect(within(rowOf(invitations, /Tama walks it/)).getByRole('link', { name: 'Tama walks it' }).getAttribute('href')).toBe('/nz/fundraising/round-the-bays-2026/tama-walks');
    await user.click(within(invitations).getByRole('button', { name: 'Decline the invitation to Harbour swim' }));
    await waitFor(() => expect(fetch.callsTo('PATCH', '/api/fundraising/me/invitations/i2')[0]?.body).toEqual({ answer: 'Decline' }));
    expect(await screen.findByText('You declined the invitation to “Harbour swim”.')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Invitations' })).queryByText('Harbour swim')).toBeNull());

    await user.click(within(screen.getByRole('table', { name: 'Invitations' })).getByRole('button', { name: 'Accept the invitation to Tama walks it' }));
    await waitFor(() => expect(fetch.callsTo('PATCH', '/api/fundraising/me/invitations/i1')[0]?.body).toEqual({ answer: 'Accept' }));
    // Each acceptance answers, refetches and then navigates (lazy routes load their code): slow under a full run.
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.hash}`).toBe('/nz/fundraising/round-the-bays-2026/tama-walks#manage'), { timeout: 8_000 });

    const permissionChecks = fetch.callsTo('GET', '/api/accounts/me/permissions').length;
    await router.navigate('/admin/user/fundraising');
    // Back in the console, it checks the member's permissions again and draws the screen anew: a button found
    // before that (from the cached list) is gone by the time a slow machine clicks it.
    await waitFor(() => expect(fetch.callsTo('GET', '/api/accounts/me/permissions').length).toBeGreaterThan(permissionChecks), { timeout: 8_000 });
    await user.click(await screen.findByRole('button', { name: 'Accept the invitation to Coast to coast' }));
    await waitFor(() => expect(fetch.callsTo('PATCH', '/api/fundraising/me/invitations/i3')).toHaveLength(1), { timeout: 8_000 });
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.hash}`).toBe('/nz/fundraising/coast'), { timeout: 8_000 });
  }, 30_000);
});

describe('back office: fundraising', () => {
  it('lists every event and page of a country, searches them, and takes one offline', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', /^\/api\/fundraising\/backOffice\/events\?/, json(200, { items: [anEventSummary()] }));
    fetch.on('GET', /^\/api\/fundraising\/backOffice\/pages\?/, json(200, { items: [aPageSummary()] }));
    fetch.on('PATCH', `/api/fundraising/backOffice/pages/${PAGE_ID}/toggleOnlineStatus`, json(200, {}));
    const { user } = renderConsole('/admin/backoffice/fundraising', { fetch, permissions: ['BackOffice_ViewFundraising', 'BackOffice_ManageFundraising'] });

    expect(rowOf(await screen.findByRole('table', { name: 'Events' }), /Round the Bays 2026/)).toBeTruthy();
    expect(fetch.callsTo('GET', /backOffice\/events/)[0]?.url).toBe('/api/fundraising/backOffice/events?country=nz');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Australia');
    await user.type(screen.getByRole('searchbox', { name: 'Search fundraising' }), 'bays{Enter}');
    await waitFor(() => expect(fetch.callsTo('GET', /backOffice\/events/).at(-1)?.url).toBe('/api/fundraising/backOffice/events?country=au&q=bays'));

    await user.click(screen.getByRole('tab', { name: 'Pages' }));
    const pages = await screen.findByRole('table', { name: 'Pages' });
    await user.click(within(pages).getByRole('button', { name: 'Take offline Aroha runs the bays' }));
    await waitFor(() => expect(fetch.callsTo('PATCH', `/api/fundraising/backOffice/pages/${PAGE_ID}/toggleOnlineStatus`)[0]?.body).toEqual({ isOnline: false }));
  });

  it('viewers without the manage permission only look', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', /^\/api\/fundraising\/backOffice\/events\?/, json(200, { items: [anEventSummary()] }));
    renderConsole('/admin/backoffice/fundraising', { fetch, permissions: ['BackOffice_ViewFundraising'] });
    const events = await screen.findByRole('table', { name: 'Events' });
    expect(within(events).queryByRole('button')).toBeNull();
  });
});
