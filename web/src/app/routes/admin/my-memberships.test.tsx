import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetSessionForTests } from '../../../lib/session';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { aMembership } from '../../../features/memberships/testing/membership-fixtures';
import { menuLabels, renderConsole } from './testing';

// Unmount before the session resets, so nothing renders outside act().
afterEach(() => {
  cleanup();
  resetSessionForTests();
});

const current = aMembership(1);
const life = aMembership(3, { charity: { id: '01JCHARTY00000000000000002', name: 'Forest & Bird', charityUrl: 'forest-and-bird' }, membershipNumber: 'FAB-000003' });
const cancelled = aMembership(2, { charity: { id: '01JCHARTY00000000000000003', name: 'Coastguard', charityUrl: 'coastguard' }, status: 'Cancelled', autoRenew: false });

function myMemberships(items = [current, life, cancelled]) {
  const fetch = installFetchFake();
  fetch.on('GET', '/api/memberships/me', json(200, { items }));
  return { fetch, start: () => renderConsole('/admin/user/memberships', { fetch, permissions: [] }) };
}

const cardOf = (charity: string) => screen.getByRole('article', { name: charity });

describe('my memberships (My Account)', () => {
  it('shows each membership: charity, plan and fee, status, number, paid until or for life', async () => {
    myMemberships().start();
    const list = await screen.findByRole('list', { name: 'Your memberships' });
    expect(menuLabels('My Account')).toContain('Memberships');
    expect(within(list).getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)).toEqual(['Kiwi Kids Trust', 'Forest & Bird', 'Coastguard']);
    const kiwi = cardOf('Kiwi Kids Trust');
    expect(within(kiwi).getByRole('link', { name: 'Kiwi Kids Trust' }).getAttribute('href')).toBe('/nz/charity/kiwi-kids-trust');
    expect(kiwi.textContent).toContain('Supporter ($40.00 a year)');
    expect(within(kiwi).getByText('Current')).toBeTruthy();
    expect(within(kiwi).getByText('KKT-000001')).toBeTruthy();
    expect(within(kiwi).getByText('Paid until 28 February 2027, then renews')).toBeTruthy();
    expect(within(cardOf('Forest & Bird')).getByText('For life')).toBeTruthy();
    expect(within(cardOf('Forest & Bird')).getByText('$250.00 once, for life', { exact: false })).toBeTruthy();
    const coastguard = cardOf('Coastguard');
    expect(within(coastguard).getByText('Cancelled')).toBeTruthy();
    expect(within(coastguard).getByText('Ends 28 February 2027')).toBeTruthy();
    expect(within(coastguard).queryByRole('button', { name: /Cancel membership/ })).toBeNull();
  });

  it('says what to do when there are none', async () => {
    myMemberships([]).start();
    expect(await screen.findByText('No memberships yet')).toBeTruthy();
  });

  it('shows the membership card with the number as a QR code, made only when the card opens', async () => {
    const { start } = myMemberships();
    const { user } = start();
    await screen.findByRole('list', { name: 'Your memberships' });
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    await user.click(within(cardOf('Kiwi Kids Trust')).getByRole('button', { name: 'Show card for Kiwi Kids Trust' }));
    const dialog = await screen.findByRole('dialog', { name: 'Membership card' });
    expect(dialog.textContent).toContain('Aroha Ngata');
    expect(within(dialog).getByText('KKT-000001')).toBeTruthy();
    const qr = await within(dialog).findByRole('img', { name: 'QR code of membership number KKT-000001' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+,\d+h1v1h-1z/);
    // Put away with a button (a phone has no Escape key).
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Membership card' })).toBeNull());
  });

  it('cancels after asking, explaining it stays until the paid period ends and will not renew', async () => {
    const { fetch, start } = myMemberships();
    fetch.on('DELETE', `/api/memberships/me/${current.membershipId}`, new Response(null, { status: 204 }));
    const { user } = start();
    await screen.findByRole('list', { name: 'Your memberships' });
    await user.click(within(cardOf('Kiwi Kids Trust')).getByRole('button', { name: 'Cancel membership of Kiwi Kids Trust' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this membership?' });
    expect(dialog.textContent).toContain(
      'You stay a member of Kiwi Kids Trust until 28 February 2027, the end of the period you have paid for. It will not renew, and your card will not be charged again.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(fetch.callsTo('DELETE', `/api/memberships/me/${current.membershipId}`)).toHaveLength(0);

    fetch.on('GET', '/api/memberships/me', json(200, { items: [{ ...current, status: 'Cancelled', autoRenew: false, cancelledAt: '2026-11-26T01:00:00Z' }, life, cancelled] }));
    await user.click(within(cardOf('Kiwi Kids Trust')).getByRole('button', { name: 'Cancel membership of Kiwi Kids Trust' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel membership' }));
    expect(await screen.findByText('Your membership of Kiwi Kids Trust will not renew.')).toBeTruthy();
    await waitFor(() => expect(within(cardOf('Kiwi Kids Trust')).getByText('Ends 28 February 2027')).toBeTruthy());
    expect(fetch.callsTo('DELETE', `/api/memberships/me/${current.membershipId}`)).toHaveLength(1);
  });

  it('keeps the dialog open with the API’s message when cancelling fails', async () => {
    const { fetch, start } = myMemberships();
    fetch.on('DELETE', `/api/memberships/me/${current.membershipId}`, problem(404, { title: 'Not found.', code: 'NotFound', detail: 'That membership was not found.' }));
    const { user } = start();
    await screen.findByRole('list', { name: 'Your memberships' });
    await user.click(within(cardOf('Kiwi Kids Trust')).getByRole('button', { name: 'Cancel membership of Kiwi Kids Trust' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel membership' }));
    expect(await within(screen.getByRole('alertdialog')).findByText('That membership was not found.')).toBeTruthy();
  });
});
