import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests, setLoginHandler, setSession } from '../../../lib/session';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { renderWithRouter } from '../../../testing/render';
import { PageGuard } from './page-guard';

const PATH = '/admin/charity/c-1/members?sort=name';

function renderGuard() {
  return renderWithRouter(
    <PageGuard tenant={{ charityId: 'c-1' }} check={{ anyOf: ['Charity_MemberView'] }}>
      <p>Secret members list</p>
    </PageGuard>,
    { path: PATH, routePath: '/admin/charity/:charityId/members', routes: [{ path: '/nz', element: <p>Home</p> }] },
  );
}

const signIn = () => setSession({ status: 'signedIn', memberId: 'm-1', email: 'aroha@example.co.nz', name: 'Aroha' });

// Unmount before the session resets, so nothing renders outside act().
afterEach(() => {
  cleanup();
  resetSessionForTests();
});

describe('PageGuard', () => {
  it('shows a spinner while the sign-in is being checked', () => {
    installFetchFake();
    setSession({ status: 'loading' });
    renderGuard();
    expect(screen.getByRole('status').textContent).toContain('Checking your sign-in');
    expect(screen.queryByText('Secret members list')).toBeNull();
  });

  it('asks signed-out visitors to log in, and comes back here afterwards', async () => {
    const fetch = installFetchFake();
    const login = vi.fn();
    setLoginHandler(login);
    setSession({ status: 'signedOut' });
    const { user } = renderGuard();

    expect(screen.getByRole('heading', { name: 'Please log in' })).toBeTruthy();
    expect(screen.getByText('You need to log in to view this page.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(login).toHaveBeenCalledWith({ returnTo: PATH });
    expect(fetch.calls).toHaveLength(0);
  });

  it('renders the page when the allowed list has what it needs', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/api/accounts/me/permissions?charityId=c-1', json(200, { permissions: ['Charity_DashboardView', 'Charity_MemberView'] }));
    signIn();
    renderGuard();
    expect(await screen.findByText('Secret members list')).toBeTruthy();
  });

  it('is a 403 when the allowed list lacks the permission', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/api/accounts/me/permissions?charityId=c-1', json(200, { permissions: ['Charity_DashboardView'] }));
    signIn();
    renderGuard();
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(screen.getByText(/You don’t have permission to view this page\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/nz');
    expect(screen.queryByText('Secret members list')).toBeNull();
  });

  it('is a 403 when the allowed list cannot be fetched (a 403 answer or any failure)', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/api/accounts/me/permissions?charityId=c-1', problem(403, { title: 'You do not have permission to do that.', code: 'Forbidden' }));
    signIn();
    renderGuard();
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
  });

  it('is a 403 when the server fails', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/api/accounts/me/permissions?charityId=c-1', problem(500, { title: 'Something went wrong on our side. Please try again.', code: 'Internal' }));
    signIn();
    renderGuard();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Access denied' })).toBeTruthy());
    expect(screen.queryByText('Secret members list')).toBeNull();
  });

  it('lets any signed-in member in when the page needs nothing', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/api/accounts/me/permissions', json(200, { permissions: [] }));
    signIn();
    renderWithRouter(
      <PageGuard>
        <p>Help text</p>
      </PageGuard>,
    );
    expect(await screen.findByText('Help text')).toBeTruthy();
  });
});
