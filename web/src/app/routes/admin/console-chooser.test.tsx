import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminMenu } from '@giving/shared/contracts/accounts';
import { resetSessionForTests, setSession } from '../../../lib/session';
import { installFetchFake, json } from '../../../testing/fetch-fake';
import { renderApp } from '../../../testing/render';
import { anAdminMenu, signIn } from './testing';

// Unmount before the session resets, so nothing renders outside act().
afterEach(() => {
  cleanup();
  resetSessionForTests();
});

const HARBOUR = '01JWRKP0000000000000000001';
const TASMAN = '01JWRKP0000000000000000002';
const KIWI = '01JCHARTY00000000000000001';
const PAWS = '01JCHARTY00000000000000002';

const workplace = (corporateId: string, corporateName: string, roleName: string) => ({ corporateId, corporateName, corporateRoles: [{ roleName }] });
const charity = (charityId: string, charityName: string, roles: string[]) => ({ charityId, charityName, roles });

/** The whole app's routes (the consoles joined on the first admin address), with the member's account menu answered. */
function openAs(path: string, menu: AdminMenu) {
  const fetch = installFetchFake();
  fetch.on('GET', '/api/accounts/me', json(200, menu));
  signIn();
  return { fetch, ...renderApp(path) };
}

describe('a console’s address without an id', () => {
  it('takes a member with one workplace console straight to it, under the country they came with', async () => {
    // An employee elsewhere has no console there: only Harbour Bank's counts.
    const { router } = openAs('/nz/admin/workplace', anAdminMenu({ corporateAssociations: [workplace(HARBOUR, 'Harbour Bank', 'WorkplaceGiver.Admin'), workplace(TASMAN, 'Tasman Engineering', 'WorkplaceGiver.Employee')] }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/nz/admin/workplace/${HARBOUR}/dashboard`));
    expect(screen.queryByRole('heading', { name: 'Gift not found' })).toBeNull();
  });

  it('lets a member with several charity consoles choose one', async () => {
    const { router } = openAs('/admin/charity', anAdminMenu({ charityAssociations: [charity(KIWI, 'Kiwi Coast Rescue', ['Charity.Admin']), charity(PAWS, 'Paw Pals', ['Charity.Admin'])] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a charity' })).toBeTruthy();
    const links = within(screen.getByRole('list', { name: 'Choose a charity' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Kiwi Coast Rescue', `/admin/charity/${KIWI}/dashboard`],
      ['Paw Pals', `/admin/charity/${PAWS}/dashboard`],
    ]);
    expect(router.state.location.pathname).toBe('/admin/charity');
  });

  it('tells a member who manages no workplace so, not that a gift is missing', async () => {
    openAs('/au/admin/workplace', anAdminMenu({ corporateAssociations: [workplace(TASMAN, 'Tasman Engineering', 'WorkplaceGiver.Employee')] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'No workplace to manage' })).toBeTruthy();
    expect(screen.getByText(/ask one of your workplace’s administrators to give you an admin role/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to My Account' }).getAttribute('href')).toBe('/admin/user/dashboard');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/au');
  });

  it('asks a visitor to log in first', async () => {
    const fetch = installFetchFake();
    setSession({ status: 'signedOut' });
    renderApp('/nz/admin/charity');
    expect(await screen.findByRole('heading', { level: 1, name: 'Please log in' })).toBeTruthy();
    expect(fetch.callsTo('GET', '/api/accounts/me')).toHaveLength(0);
  });

  it('answers an unknown country with not found', async () => {
    installFetchFake();
    signIn();
    renderApp('/xx/admin/workplace');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});

describe('an address under /admin that is no console', () => {
  it('is not found, not taken for a gift', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/api/accounts/me', json(200, anAdminMenu()));
    signIn();
    renderApp('/nz/admin/payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(fetch.callsTo('GET', '/api/donations/gifts/admin/payments')).toHaveLength(0);
  });
});
