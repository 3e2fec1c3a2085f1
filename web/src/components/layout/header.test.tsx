import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { anAdminMenu, signedInAs } from '../../features/auth/testing';
import { resetSessionForTests, setLoginHandler, setLogoutHandler, setSession } from '../../lib/session';
import { installFetchFake, json, type FetchFake } from '../../testing/fetch-fake';
import { renderWithRouter } from '../../testing/render';
import { Header } from './header';

let fetch: FetchFake;

beforeEach(() => {
  resetSessionForTests();
  fetch = installFetchFake();
});

function renderHeader(role?: Parameters<typeof anAdminMenu>[0], name = 'Dana Whitfield') {
  if (role) {
    fetch.on('GET', '/api/accounts/me', json(200, anAdminMenu(role)));
    setSession(signedInAs(name));
  } else {
    setSession({ status: 'signedOut' });
  }
  return renderWithRouter(<Header />, { path: '/nz', routePath: '/:country', routes: [{ path: '*', element: <Header /> }] });
}

/** Opens the account menu and lists what it offers, in order. */
async function menuItems(user: ReturnType<typeof renderWithRouter>['user'], name: RegExp) {
  await user.click(await screen.findByRole('button', { name }));
  const button = screen.getByRole('button', { name });
  const panel = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
  await waitFor(() => expect(within(panel).queryByRole('status')).toBeNull()); // the admin menu has loaded
  return { panel, items: within(panel).getAllByRole('listitem').map((item) => item.firstElementChild?.textContent) };
}

describe('the header’s account area (spec §2 Account)', () => {
  it('shows visitors a Login button that asks to sign in', async () => {
    const login = vi.fn();
    setLoginHandler(login);
    const { user } = renderHeader();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(login).toHaveBeenCalledWith({});
    expect(fetch.calls.filter((call) => call.url.startsWith('/api/accounts/me'))).toEqual([]); // no account calls for visitors
  });

  it('shows the site’s menu links, as the CMS edits them', async () => {
    fetch.on('GET', '/api/accounts/site/menu-links?country=nz', json(200, { items: [{ name: 'Charities', path: '/nz/charities' }, { name: 'Our story', path: 'https://koha.example/story' }] }));
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect((await within(nav).findByRole('link', { name: 'Charities' })).getAttribute('href')).toBe('/nz/charities');
    expect(within(nav).getByRole('link', { name: 'Our story' }).getAttribute('href')).toBe('https://koha.example/story');
  });

  it('offers a donor My Account and Logout only', async () => {
    const { user } = renderHeader('donor');
    const { items, panel } = await menuItems(user, /Dana Whitfield/);
    expect(items).toEqual(['My Account', 'Logout']);
    expect(within(panel).getByRole('link', { name: 'My Account' }).getAttribute('href')).toBe('/admin/user/dashboard');
  });

  it('offers the back office the Management Console and the CMS', async () => {
    const { user } = renderHeader('backOffice', 'Alex Morgan');
    const { items, panel } = await menuItems(user, /Alex Morgan/);
    expect(items).toEqual(['My Account', 'Management Console', 'CMS', 'Logout']);
    expect(within(panel).getByRole('link', { name: 'Management Console' }).getAttribute('href')).toBe('/admin/backoffice/dashboard');
    expect(within(panel).getByRole('link', { name: 'CMS' }).getAttribute('href')).toBe('/admin/cms');
  });

  it('offers a content admin the CMS but not the Management Console, and their workplace to switch to', async () => {
    const { user } = renderHeader('contentAdmin', 'Casey Brown');
    const { items, panel } = await menuItems(user, /Casey Brown/);
    expect(items).toEqual(['My Account', 'CMS', 'Logout', 'Switch accounts']);
    const switchButton = within(panel).getByRole('button', { name: 'Switch accounts' });
    expect(switchButton.getAttribute('aria-expanded')).toBe('false');
    await user.click(switchButton);
    expect(switchButton.getAttribute('aria-expanded')).toBe('true');
    const accounts = within(panel).getByRole('list', { name: 'Your charities and workplaces' });
    expect(within(accounts).getByRole('link', { name: /Tasman Engineering/ }).getAttribute('href')).toBe('/admin/workplace/wp-tasman/dashboard');
  });

  it('does not offer a workplace member (an employee without an admin role) the workplace console, which would refuse them', async () => {
    const { user } = renderHeader('workplaceMember', 'Wiremu Parata');
    const { items } = await menuItems(user, /Wiremu Parata/);
    expect(items).toEqual(['My Account', 'Logout']);
  });

  it('switches to a charity or a workplace dashboard', async () => {
    const { user, router } = renderHeader('workplaceAdmin', 'Grace Liu');
    const { panel } = await menuItems(user, /Grace Liu/);
    await user.click(within(panel).getByRole('button', { name: 'Switch accounts' }));
    const links = within(within(panel).getByRole('list', { name: 'Your charities and workplaces' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Kiwi Coast RescueCharity', '/admin/charity/ch-kiwi/dashboard'],
      ['Tasman EngineeringWorkplace', '/admin/workplace/wp-tasman/dashboard'],
    ]);
    await user.click(links[0] as HTMLElement);
    expect(router.state.location.pathname).toBe('/admin/charity/ch-kiwi/dashboard');
    expect(screen.getByRole('button', { name: /Grace Liu/ }).getAttribute('aria-expanded')).toBe('false');
  });

  it('is a keyboard disclosure: Enter opens it, Escape closes it and gives focus back', async () => {
    const { user } = renderHeader('donor');
    const button = await screen.findByRole('button', { name: /Dana Whitfield/ });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.tab();
    expect(document.activeElement?.textContent).toBe('My Account');
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes on a route change and on a click elsewhere', async () => {
    const { user, router } = renderHeader('donor');
    const button = await screen.findByRole('button', { name: /Dana Whitfield/ });
    await user.click(button);
    act(() => void router.navigate('/nz/charities'));
    await waitFor(() => expect(screen.getByRole('button', { name: /Dana Whitfield/ }).getAttribute('aria-expanded')).toBe('false'));
    await user.click(screen.getByRole('button', { name: /Dana Whitfield/ }));
    await user.click(screen.getByRole('link', { name: 'Koha' }));
    expect(screen.getByRole('button', { name: /Dana Whitfield/ }).getAttribute('aria-expanded')).toBe('false');
  });

  it('logs out through the auth feature', async () => {
    const logout = vi.fn(async () => undefined);
    setLogoutHandler(logout);
    const { user } = renderHeader('donor');
    const { panel } = await menuItems(user, /Dana Whitfield/);
    await user.click(within(panel).getByRole('button', { name: 'Logout' }));
    expect(logout).toHaveBeenCalledOnce();
  });

  it('keeps My Account and Logout when the admin menu cannot load', async () => {
    fetch.on('GET', '/api/accounts/me', json(500, { title: 'Internal' }));
    setSession(signedInAs());
    const { user } = renderWithRouter(<Header />, { path: '/nz', routePath: '/:country' });
    await user.click(await screen.findByRole('button', { name: /Dana Whitfield/ }));
    expect(await screen.findByText('We couldn’t load your consoles. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My Account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('opens one menu at a time: the phone menu closes when the account menu opens', async () => {
    const { user } = renderHeader('donor');
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    await user.click(await screen.findByRole('button', { name: /Dana Whitfield/ }));
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
  });
});

describe('the header’s search box (spec 1 §2 /search, §5 "Search submits on Enter or the search icon")', () => {
  function renderSearchHeader() {
    setSession({ status: 'signedOut' });
    // One route for every page under the country: the same header stays mounted when the page changes.
    const view = renderWithRouter(<Header />, { path: '/nz/charities', routePath: '/:country/*' });
    return { ...view, box: screen.getByRole('searchbox', { name: 'Search the site' }) };
  }

  it('reads the spec’s placeholder, and submits the words to /{country}/search?q= on Enter', async () => {
    const { user, router, box } = renderSearchHeader();
    expect(box.getAttribute('placeholder')).toBe('Search for Charities, Events and Causes to support');
    await user.type(box, '  kiwii chik ');
    expect(router.state.location.pathname).toBe('/nz/charities'); // typing alone searches nothing
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/nz/search');
    expect(router.state.location.search).toBe('?q=kiwii+chik');
  });

  it('submits on the search icon, which has an accessible name', async () => {
    const { user, router, box } = renderSearchHeader();
    await user.type(box, 'predator trap');
    await user.click(within(box.closest('form') as HTMLElement).getByRole('button', { name: 'Search' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/nz/search?q=predator+trap');
  });

  it('does nothing with an empty search', async () => {
    const { user, router, box } = renderSearchHeader();
    await user.type(box, '   ');
    await user.keyboard('{Enter}');
    await user.click(within(box.closest('form') as HTMLElement).getByRole('button', { name: 'Search' }));
    expect(router.state.location.pathname).toBe('/nz/charities');
    expect(router.state.historyAction).toBe('POP'); // nothing was pushed
  });

  it('sits behind a toggle on a phone, which puts the cursor in the box, and closes on a route change or Escape', async () => {
    const { user, router, box } = renderSearchHeader();
    const toggle = screen.getByRole('button', { name: 'Open search' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(box.closest('form')?.parentElement?.id);
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close search' }).getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(box);

    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open search' }).getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open search' }));

    await user.click(screen.getByRole('button', { name: 'Open search' }));
    act(() => void router.navigate('/nz/volunteering'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open search' }).getAttribute('aria-expanded')).toBe('false'));
  });

  it('opens one menu at a time: the search toggle closes the phone menu', async () => {
    const { user } = renderSearchHeader();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('button', { name: 'Open search' }));
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: 'Close search' }).getAttribute('aria-expanded')).toBe('true');
  });
});
