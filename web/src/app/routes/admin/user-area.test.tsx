import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetSessionForTests } from '../../../lib/session';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { CHARITY_ID, MEMBER_ID, anAdminMenu, errorOf, renderConsole } from './testing';

// Unmount before the session resets, so nothing renders outside act().
afterEach(() => {
  cleanup();
  resetSessionForTests();
});

const profile = { id: MEMBER_ID, email: 'aroha@example.co.nz', firstName: 'Aroha', lastName: 'Ngata', adminRoles: [], createdAt: '2024-01-01T00:00:00Z' };
const aBadge = (n: number) => ({
  id: `B${n}`,
  name: ['First Gift', 'Regular Giver'][n - 1] ?? `Badge ${n}`,
  description: `Completed ${n} donations.`,
  icon: '🌱',
  donationCount: n,
  awardedAt: '2025-04-02T00:00:00Z',
});
const invitation = {
  id: 'I1',
  tenant: { kind: 'charity', id: CHARITY_ID, name: 'Kiwi Kids Trust' },
  email: 'aroha@example.co.nz',
  role: 'Charity.Admin',
  status: 'Pending',
  invitedBy: 'M9',
  createdAt: '2025-05-01T00:00:00Z',
  expiresAt: '2025-05-15T00:00:00Z',
};

function userArea(path: string) {
  const fetch = installFetchFake();
  fetch.on('GET', '/api/accounts/me/dashboard', json(200, { profile, badges: [aBadge(1)], completedDonations: 4, pendingInvitations: 1 }));
  fetch.on('GET', '/api/accounts/me/invitations', json(200, { items: [invitation] }));
  fetch.on('GET', '/api/accounts/me/badges', json(200, { items: [aBadge(1), aBadge(2)] }));
  fetch.on('GET', '/api/accounts/me/profile', json(200, profile));
  return { fetch, start: () => renderConsole(`/admin/user/${path}`, { fetch, permissions: ['User_ViewBadges'] }) };
}

describe('user dashboard', () => {
  it('greets the member, shows their giving and badges, and accepts an invitation (refreshing the account menu)', async () => {
    const { fetch, start } = userArea('dashboard');
    fetch.on('POST', '/api/accounts/invitations/I1/accept', json(200, {}));
    const { user } = start();

    expect(await screen.findByText('Kia ora, Aroha! Thank you for giving.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'My Account' })).toBeTruthy();
    const tiles = screen.getByRole('list', { name: 'Your giving' });
    expect(within(tiles).getAllByRole('listitem').map((tile) => tile.textContent)).toEqual(['4Completed donations', '1Badges', '1Pending invitations']);
    expect(within(screen.getByRole('list', { name: 'Your badges' })).getByRole('heading', { name: 'First Gift' })).toBeTruthy();

    const invitations = await screen.findByRole('list', { name: 'Invitations' });
    expect(invitations.textContent).toContain('Kiwi Kids Trust invited you to join as an admin.');
    const menuCalls = fetch.callsTo('GET', '/api/accounts/me').length;
    fetch.on('GET', '/api/accounts/me/invitations', json(200, { items: [] }));
    fetch.on('GET', '/api/accounts/me', json(200, anAdminMenu({ charityAssociations: [{ charityId: CHARITY_ID, charityName: 'Kiwi Kids Trust', roles: ['Charity.Admin'] }] })));
    await user.click(within(invitations).getByRole('button', { name: 'Accept the invitation from Kiwi Kids Trust' }));

    expect(await screen.findByText(/You joined Kiwi Kids Trust\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to its dashboard' }).getAttribute('href')).toBe(`/admin/charity/${CHARITY_ID}/dashboard`);
    expect(fetch.callsTo('POST', '/api/accounts/invitations/I1/accept')).toHaveLength(1);
    await waitFor(() => expect(fetch.callsTo('GET', '/api/accounts/me').length).toBeGreaterThan(menuCalls));
    expect(await screen.findByText('No invitations waiting for you.')).toBeTruthy();
  });

  it('shows why an invitation could not be accepted', async () => {
    const { fetch, start } = userArea('dashboard');
    fetch.on('POST', '/api/accounts/invitations/I1/accept', problem(409, { title: 'That conflicts with the current state.', detail: 'This invitation has expired.', code: 'Conflict' }));
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Accept the invitation from Kiwi Kids Trust' }));
    expect(await screen.findByText('We couldn’t accept the invitation from Kiwi Kids Trust: This invitation has expired.')).toBeTruthy();
  });
});

describe('user badges', () => {
  it('shows each badge with its icon, name, description and date', async () => {
    const { start } = userArea('badges');
    start();
    const grid = await screen.findByRole('list', { name: 'Your badges' });
    const badges = within(grid).getAllByRole('listitem');
    expect(badges).toHaveLength(2);
    expect(within(badges[1] as HTMLElement).getByRole('heading', { name: 'Regular Giver' })).toBeTruthy();
    expect(within(badges[1] as HTMLElement).getByText('Completed 2 donations.')).toBeTruthy();
    expect(within(badges[1] as HTMLElement).getByText('🌱')).toBeTruthy();
    expect(badges[1]?.textContent).toContain('Awarded 2 Apr 2025');
  });

  it('says No badges yet, with a way to give', async () => {
    const { fetch, start } = userArea('badges');
    fetch.on('GET', '/api/accounts/me/badges', json(200, { items: [] }));
    start();
    expect(await screen.findByRole('heading', { name: 'No badges yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a charity to give to' }).getAttribute('href')).toBe('/nz/charities');
  });

  it('shows an error with a retry when the badges fail to load', async () => {
    const { fetch, start } = userArea('badges');
    fetch.sequence('GET', '/api/accounts/me/badges', [() => problem(503, { title: 'The service is temporarily unavailable. Please try again.', code: 'Unavailable' }), () => json(200, { items: [aBadge(1)] })]);
    const { user } = start();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The service is temporarily unavailable. Please try again.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'First Gift' })).toBeTruthy();
  });
});

describe('user settings', () => {
  it('saves the names, shows the API’s field errors, and keeps the e-mail read-only', async () => {
    const { fetch, start } = userArea('settings');
    fetch.sequence('PUT', '/api/accounts/me/profile', [
      () => problem(400, { title: 'Your request has invalid fields.', code: 'ValidationFailed', errors: [{ field: 'body.lastName', message: 'Maximum 50 characters!' }] }),
      () => json(200, profile),
    ]);
    const { user } = start();

    const form = await screen.findByRole('form', { name: 'Your details' });
    expect((within(form).getByLabelText('E-mail') as HTMLInputElement).readOnly).toBe(true);
    expect((within(form).getByLabelText('E-mail') as HTMLInputElement).value).toBe('aroha@example.co.nz');
    await user.clear(within(form).getByLabelText('First name'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf(within(form).getByLabelText('First name'))).toBe('Required Field!'));

    await user.type(within(form).getByLabelText('First name'), '  Mere ');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf(within(form).getByLabelText('Last name'))).toBe('Maximum 50 characters!'));
    expect(fetch.callsTo('PUT', '/api/accounts/me/profile')[0]?.body).toEqual({ firstName: 'Mere', lastName: 'Ngata' });

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your details were saved.')).toBeTruthy();
  });
});

describe('your data', () => {
  it('is in every member’s menu, at /admin/user/data, with its two sections', async () => {
    const { fetch, start } = userArea('data');
    fetch.on('GET', '/api/accounts/me/data-exports', json(200, { exports: [] }));
    start();

    expect(await screen.findByRole('heading', { level: 2, name: 'Your data' })).toBeTruthy();
    const link = within(screen.getByRole('navigation', { name: 'My Account' })).getByRole('link', { name: 'Your data' });
    expect(link.getAttribute('href')).toBe('/admin/user/data');
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('region', { name: 'Download my data' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Delete my account' })).toBeTruthy();
    expect(await screen.findByText('You haven’t asked for a copy of your data yet.')).toBeTruthy();
  });
});
