import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetSessionForTests } from '../../../lib/session';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { anAdminMenu, errorOf, renderConsole } from './testing';

// Unmount before the session resets, so nothing renders outside act().
afterEach(() => {
  cleanup();
  resetSessionForTests();
});

const cms = (permissions: string[]) => {
  const fetch = installFetchFake();
  fetch.on('GET', '/api/accounts/site/menu-links?country=nz', json(200, { items: [{ name: 'Volunteer', path: '/nz/volunteering' }, { name: 'Donate', path: '/nz/donating' }] }));
  fetch.on('GET', '/api/accounts/site/menu-links?country=au', json(200, { items: [] }));
  return { fetch, start: () => renderConsole('/admin/cms', { fetch, menu: anAdminMenu({ isContentAdmin: true }), permissions }) };
};

describe('CMS menu links', () => {
  it('edits, reorders and saves a country’s links, with the API’s field errors under the link', async () => {
    const { fetch, start } = cms(['BackOffice_ManageMenuLinks', 'BackOffice_ViewMenuLinks']);
    fetch.sequence('PUT', '/api/accounts/site/menu-links?country=nz', [
      () => problem(400, { title: 'Your request has invalid fields.', code: 'ValidationFailed', errors: [{ field: 'body.items.2.path', message: 'That page does not exist.' }] }),
      () => json(200, {}),
    ]);
    const { user, router } = start();

    const form = await screen.findByRole('form', { name: 'New Zealand menu links' });
    expect(router.state.location.pathname).toBe('/admin/cms/menu-links');
    expect((within(form).getByLabelText('Link 1 name') as HTMLInputElement).value).toBe('Volunteer');

    await user.click(screen.getByRole('button', { name: 'Add link' }));
    await user.type(within(form).getByLabelText('Link 3 name'), 'Gift cards');
    await user.clear(within(form).getByLabelText('Link 3 address'));
    await user.type(within(form).getByLabelText('Link 3 address'), 'gift cards');
    await user.click(within(form).getByRole('button', { name: 'Save menu links' }));
    await waitFor(() => expect(errorOf(within(form).getByLabelText('Link 3 address'))).toBe('Use a path starting with / or an https:// address.'));
    expect(fetch.callsTo('PUT', '/api/accounts/site/menu-links?country=nz')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Link 3 address'));
    await user.type(within(form).getByLabelText('Link 3 address'), '/nz/gift-card');
    await user.click(within(form).getByRole('button', { name: 'Save menu links' }));
    await waitFor(() => expect(errorOf(within(form).getByLabelText('Link 3 address'))).toBe('That page does not exist.'));

    await user.clear(within(form).getByLabelText('Link 3 address'));
    await user.type(within(form).getByLabelText('Link 3 address'), '/nz/charity/gift-vouchers/new-voucher');
    await user.click(within(form).getByRole('button', { name: 'Up link 2' }));
    await user.click(within(form).getByRole('button', { name: 'Save menu links' }));
    expect(await screen.findByText('The New Zealand menu links were saved.')).toBeTruthy();
    expect(fetch.callsTo('PUT', '/api/accounts/site/menu-links?country=nz')[1]?.body).toEqual({
      items: [
        { name: 'Donate', path: '/nz/donating' },
        { name: 'Volunteer', path: '/nz/volunteering' },
        { name: 'Gift cards', path: '/nz/charity/gift-vouchers/new-voucher' },
      ],
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Australia');
    expect(await screen.findByRole('form', { name: 'Australia menu links' })).toBeTruthy();
    expect(screen.getByText('No links yet. The menu shows only the built-in pages.')).toBeTruthy();
  });

  it('is a 403 for members who are not content admins', async () => {
    const { start } = cms([]);
    start();
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
  });
});
