import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditEntry } from '@giving/shared/contracts/personal-data';
import { resetSessionForTests, setIdTokenProvider } from '../../../lib/session';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { renderWithRouter } from '../../../testing/render';
import { BackOfficeMembers } from './back-office-members';
import { AUDIT_ACTION_LABELS, changeText } from './member-history';

/** /admin/backoffice/members: a member's History (the audit trail of their records), opened from their row. */
const MEMBERS = '/api/accounts/backoffice/members';
const audit = (memberId: string, cursor?: string) => `${MEMBERS}/${memberId}/audit${cursor ? `?cursor=${cursor}` : ''}`;

const aMember = (n: number, overrides = {}) => ({
  id: `M${n}`,
  email: `person${n}@example.co.nz`,
  firstName: `Person${n}`,
  lastName: 'Smith',
  adminRoles: [] as string[],
  createdAt: '2025-01-01T00:00:00Z',
  ...overrides,
});

const anEntry = (n: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `A${n}`,
  at: `2026-11-${String(20 - n).padStart(2, '0')}T01:00:00.000Z`,
  memberId: 'M1',
  action: 'ProfileChanged',
  actor: { id: 'M1', name: 'Person1 Smith' },
  changes: [],
  ...overrides,
});

beforeEach(() => {
  resetSessionForTests();
  setIdTokenProvider(async () => 'alex-id-token');
});

afterEach(() => {
  act(() => resetSessionForTests());
});

function members() {
  const fetch = installFetchFake();
  fetch.on('GET', MEMBERS, json(200, { items: [aMember(1), aMember(2, { adminRoles: ['Administrator'] })] }));
  return fetch;
}

const historyButton = (name: string) => screen.findByRole('button', { name: `History of ${name}` });
const historyPanel = () => screen.getByRole('region', { name: /^History of/ });
const entriesText = (list: HTMLElement) => within(list).getAllByRole('listitem').filter((item) => item.parentElement === list).map((item) => item.textContent);

describe('a member’s history in the back office', () => {
  it('opens from the member’s row: each change, newest first, what it was, who made it and what changed', async () => {
    const fetch = members();
    fetch.on(
      'GET',
      audit('M1'),
      json(200, {
        entries: [
          anEntry(1, {
            action: 'ProfileChanged',
            changes: [
              { field: 'lastName', from: 'Smith', to: 'Jones' },
              { field: 'firstName', to: 'Mere' },
            ],
          }),
          anEntry(2, { action: 'AdministratorGranted', actor: { id: 'M9', name: 'Alex Morgan' } }),
          anEntry(3, { action: 'CharityRoleChanged', actor: { id: 'M8', name: 'Sam Tane' }, detail: 'Kiwi Coast Rescue', changes: [{ field: 'role', from: 'Charity.Viewer', to: 'Charity.Admin' }] }),
          anEntry(4, { action: 'MemberJoined', actor: { name: 'Koha' } }),
        ],
      }),
    );
    const { user } = renderWithRouter(<BackOfficeMembers />);

    // Every member has a History button, administrators too.
    expect(await historyButton('Person2 Smith')).toBeTruthy();
    await user.click(await historyButton('Person1 Smith'));

    const panel = historyPanel();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('History of Person1 Smith'));
    const list = await within(panel).findByRole('list', { name: 'History of Person1 Smith' });
    expect(entriesText(list)).toEqual([
      '19 Nov 2026, 2:00 pmDetails changed by Person1 SmithLast name: Smith → JonesFirst name: (empty) → Mere',
      '18 Nov 2026, 2:00 pmMade an administrator by Alex Morgan',
      '17 Nov 2026, 2:00 pmCharity role changed by Sam TaneKiwi Coast RescueRole: Charity.Viewer → Charity.Admin',
      '16 Nov 2026, 2:00 pmJoined Koha by Koha',
    ]);
    expect(within(list).getAllByRole('list', { name: 'What changed' })[0]?.textContent).toBe('Last name: Smith → JonesFirst name: (empty) → Mere');
    expect(fetch.callsTo('GET', audit('M1'))[0]?.headers.get('authorization')).toBe('Bearer alex-id-token');
    expect(screen.queryByRole('button', { name: /^Show more/ })).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Close the history of Person1 Smith' }));
    expect(screen.queryByRole('region', { name: /^History of/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'History of Person1 Smith' })));
  });

  it('shows more with the cursor the API gave, below what is already shown, until there is no more', async () => {
    const fetch = members();
    fetch.on('GET', audit('M1'), json(200, { entries: [anEntry(1), anEntry(2)], nextCursor: 'page-2' }));
    fetch.on('GET', audit('M1', 'page-2'), json(200, { entries: [anEntry(3, { action: 'DataExportRequested' })] }));
    const { user } = renderWithRouter(<BackOfficeMembers />);

    await user.click(await historyButton('Person1 Smith'));
    const panel = historyPanel();
    const list = await within(panel).findByRole('list', { name: 'History of Person1 Smith' });
    expect(entriesText(list)).toHaveLength(2);

    await user.click(within(panel).getByRole('button', { name: 'Show more of the history of Person1 Smith' }));
    await waitFor(() => expect(entriesText(list)).toHaveLength(3));
    expect(entriesText(list)[2]).toBe('17 Nov 2026, 2:00 pmAsked for their data by Person1 Smith');
    expect(fetch.callsTo('GET', audit('M1', 'page-2'))).toHaveLength(1);
    expect(within(panel).queryByRole('button', { name: /^Show more/ })).toBeNull();
  });

  it('says why more could not be shown, keeping what is shown', async () => {
    const fetch = members();
    fetch.on('GET', audit('M1'), json(200, { entries: [anEntry(1)], nextCursor: 'page-2' }));
    fetch.on('GET', audit('M1', 'page-2'), problem(503, { title: 'The service is temporarily unavailable. Please try again.', code: 'Unavailable' }));
    const { user } = renderWithRouter(<BackOfficeMembers />);

    await user.click(await historyButton('Person1 Smith'));
    const panel = historyPanel();
    await user.click(await within(panel).findByRole('button', { name: /^Show more/ }));
    expect((await within(panel).findByRole('alert')).textContent).toBe('We couldn’t load more of the history: The service is temporarily unavailable. Please try again.');
    expect(entriesText(within(panel).getByRole('list', { name: 'History of Person1 Smith' }))).toHaveLength(1);
  });

  it('says when nothing is recorded, and why a history could not be loaded', async () => {
    const fetch = members();
    fetch.on('GET', audit('M1'), json(200, { entries: [] }));
    fetch.on('GET', audit('M2'), problem(403, { title: 'You do not have permission to do that.', code: 'Forbidden' }));
    const { user } = renderWithRouter(<BackOfficeMembers />);

    await user.click(await historyButton('Person1 Smith'));
    expect(await within(historyPanel()).findByText('Nothing has been recorded for this member yet.')).toBeTruthy();

    // Another member's history replaces it.
    await user.click(screen.getByRole('button', { name: 'History of Person2 Smith' }));
    const alert = await within(historyPanel()).findByRole('alert');
    expect(historyPanel().textContent).toContain('History of Person2 Smith');
    expect(alert.textContent).toContain('We couldn’t load the history');
    expect(alert.textContent).toContain('You do not have permission to do that.');
  });
});

describe('the history’s words', () => {
  it('gives every audit action a plain-English label of its own', () => {
    const labels = AUDIT_ACTIONS.map((action) => AUDIT_ACTION_LABELS[action]);
    expect(labels.every((label) => label.length > 0 && !/[A-Z][a-z]+[A-Z]/.test(label))).toBe(true);
    expect(new Set(labels).size).toBe(AUDIT_ACTIONS.length);
    expect(AUDIT_ACTION_LABELS.AdministratorGranted).toBe('Made an administrator');
    expect(AUDIT_ACTION_LABELS.AccountDataErased).toBe('Data erased');
    expect(AUDIT_ACTION_LABELS.DataExportRequested).toBe('Asked for their data');
  });

  it('writes a change as field: before → after', () => {
    expect(changeText({ field: 'lastName', from: 'Smith', to: 'Jones' })).toBe('Last name: Smith → Jones');
    expect(changeText({ field: 'email', from: 'a@example.co.nz' })).toBe('E-mail: a@example.co.nz → (empty)');
    expect(changeText({ field: 'savedCards' })).toBe('Saved cards');
    // The server's own labels are shown as they are (it sends 'E-mail', 'Platform roles').
    expect(changeText({ field: 'E-mail', to: 'alex.morgan@koha.nz' })).toBe('E-mail: (empty) → alex.morgan@koha.nz');
    expect(changeText({ field: 'Platform roles', from: '', to: 'Administrator' })).toBe('Platform roles: (empty) → Administrator');
  });
});
