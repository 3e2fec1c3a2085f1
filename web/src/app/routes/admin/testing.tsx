import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { AdminMenu } from '@giving/shared/contracts/accounts';
import { setSession } from '../../../lib/session';
import { installFetchFake, json, type FetchFake } from '../../../testing/fetch-fake';
import { createTestQueryClient } from '../../../testing/render';
import { AppProvider } from '../../provider';
import { adminRoutes } from './index';

export const MEMBER_ID = '01JMEMBER00000000000000001';
export const CHARITY_ID = '01JCHARTY00000000000000001';
export const WORKPLACE_ID = '01JWRKP0000000000000000001';

export function anAdminMenu(overrides: Partial<AdminMenu> = {}): AdminMenu {
  return {
    primaryAccount: { id: MEMBER_ID, name: 'Aroha Ngata', type: 'account' },
    associations: [],
    adminRoles: [],
    corporateAssociations: [],
    charityAssociations: [],
    isAdmin: false,
    isContentAdmin: false,
    ...overrides,
  };
}

export const signIn = () => setSession({ status: 'signedIn', memberId: MEMBER_ID, email: 'aroha@example.co.nz', name: 'Aroha Ngata' });

/** Renders the console routes at `path`, inside a root like the app's (a public page beside them for links home). */
export function renderWithRoutes(path: string, { queryClient = createTestQueryClient() } = {}) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        HydrateFallback: () => null,
        children: [...adminRoutes(), { path: '/:country', element: <p>Public page</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router, queryClient, user: userEvent.setup() };
}

/** The permissions URL the page guard asks for in a tenant (or none). */
export const permissionsUrl = (tenant: { charityId?: string; workplaceId?: string } = {}) => {
  const query = new URLSearchParams(tenant as Record<string, string>).toString();
  return `/api/accounts/me/permissions${query ? `?${query}` : ''}`;
};

/**
 * A signed-in member on a console page: the account menu and the allowed list answered (in the tenant when given),
 * the console routes rendered at `path`. Add the screen's own answers to `fetch` before calling.
 */
export function renderConsole(
  path: string,
  {
    fetch = installFetchFake(),
    permissions,
    tenant,
    menu = anAdminMenu(),
  }: { fetch?: FetchFake; permissions: readonly string[]; tenant?: { charityId?: string; workplaceId?: string }; menu?: AdminMenu },
) {
  signIn();
  fetch.on('GET', '/api/accounts/me', json(200, menu));
  fetch.on('GET', permissionsUrl(tenant), json(200, { permissions }));
  return { fetch, ...renderWithRoutes(path) };
}

/** The console's side nav (named by the console's label). */
export const sideNav = (label: string) => screen.getByRole('navigation', { name: label });
export const menuLabels = (label: string) => within(sideNav(label)).getAllByRole('link').map((link) => link.textContent);

/** The error text linked to a field through aria-describedby. */
export function errorOf(field: HTMLElement): string | undefined {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return (
    ids
      .filter((id) => id.endsWith('-error'))
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ') || undefined
  );
}
