import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EVENT_ID, OWNER, aPageSummary, anEvent } from '../../features/fundraising/testing';
import { resetSessionForTests, setSession } from '../../lib/session';
import { installFetchFake, json } from '../../testing/fetch-fake';
import { runtimeConfig } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';

afterEach(() => resetSessionForTests());

const EVENT_URL = '/api/fundraising/events/round-the-bays-2026';
const EVENT = `/api/fundraising/events/${EVENT_ID}`;
const ME = `${EVENT}/me`;

function fakePlatform(me?: { role: 'Owner' | 'Admin' | 'Member' | null; canManage: boolean }) {
  const fetch = installFetchFake();
  fetch.on('GET', '/config.json', json(200, runtimeConfig));
  fetch.on('GET', EVENT_URL, json(200, anEvent()));
  if (me) {
    setSession({ status: 'signedIn', memberId: OWNER.memberId, email: 'aroha@example.co.nz', name: OWNER.name });
    fetch.on('GET', ME, json(200, me));
  }
  return fetch;
}

function ownerTools(fetch: ReturnType<typeof fakePlatform>) {
  fetch.on('GET', `${EVENT}/edit`, json(200, anEvent({ title: 'Round the Bays 2026', targetAmount: 500_000, imageUrl: '' })));
  fetch.on('GET', `${EVENT}/members`, json(200, { items: [{ ...OWNER, role: 'Owner', joinedOn: '2026-01-10T00:00:00.000Z' }, { memberId: 'm3', name: 'Hemi Walker', role: 'Admin', joinedOn: '2026-01-20T00:00:00.000Z' }] }));
  fetch.on(
    'GET',
    `${EVENT}/invitations`,
    json(200, {
      items: [
        {
          id: 'i1',
          email: 'mere@example.co.nz',
          role: 'Member',
          invitedBy: OWNER,
          invitedOn: '2026-02-01T00:00:00.000Z',
          lastSentOn: '2026-02-01T00:00:00.000Z',
          target: { kind: 'event', id: EVENT_ID, title: 'Round the Bays 2026', eventUrl: 'round-the-bays-2026', country: 'nz' },
        },
      ],
    }),
  );
  fetch.on(
    'GET',
    `${EVENT}/pages`,
    json(200, { items: [aPageSummary(), aPageSummary({ id: '01JPAGE0000000000000000003', pageUrl: 'kahu-swims', title: 'Kahu swims the harbour', isOnline: false, status: 'Offline' })] }),
  );
}

describe('/{country}/fundraising/{eventUrl}: its managers’ tools', () => {
  it('the owner edits the event from its edit read, and takes it offline, told its pages go with it', async () => {
    const fetch = fakePlatform({ role: 'Owner', canManage: true });
    ownerTools(fetch);
    fetch.on('PATCH', EVENT, json(200, anEvent()));
    fetch.on('PATCH', `${EVENT}/toggleOnlineStatus`, json(200, { eventId: EVENT_ID, isOnline: false }));
    const { user } = renderApp('/nz/fundraising/round-the-bays-2026');
    const tools = (await screen.findByRole('heading', { name: 'Manage this event' })).closest('section') as HTMLElement;
    expect(within(tools).getByText(/Taking it offline takes all its pages offline with it/)).toBeTruthy();

    await user.click(within(tools).getByRole('button', { name: 'Edit event' }));
    const edit = await within(tools).findByRole('form', { name: 'Edit event' });
    // Filled from GET .../edit, not from the public read.
    expect((within(edit).getByLabelText('Target ($)') as HTMLInputElement).value).toBe('5000');
    await user.clear(within(edit).getByLabelText('Title'));
    await user.type(within(edit).getByLabelText('Title'), 'Round the Bays 2027');
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fetch.callsTo('PATCH', EVENT)).toHaveLength(1));
    expect(fetch.callsTo('PATCH', EVENT)[0]?.body).toEqual({ title: 'Round the Bays 2027', story: anEvent().story, targetAmount: 500_000, endDate: '2026-12-31' });
    expect(await within(tools).findByText('Your event is saved.')).toBeTruthy();

    await user.click(within(tools).getByRole('button', { name: 'Take offline' }));
    await waitFor(() => expect(fetch.callsTo('PATCH', `${EVENT}/toggleOnlineStatus`)[0]?.body).toEqual({ isOnline: false }));
    expect(await within(tools).findByText(/Your event is offline, and its pages with it/)).toBeTruthy();
  });

  it('changes a member’s role and removes them; the Owner stays', async () => {
    const fetch = fakePlatform({ role: 'Admin', canManage: true });
    ownerTools(fetch);
    fetch.on('PATCH', `${EVENT}/members/m3`, json(200, {}));
    fetch.on('DELETE', `${EVENT}/members/m3`, new Response(null, { status: 204 }));
    const { user } = renderApp('/nz/fundraising/round-the-bays-2026');
    const tools = (await screen.findByRole('heading', { name: 'Manage this event' })).closest('section') as HTMLElement;

    const team = await within(tools).findByRole('list', { name: 'Team members' });
    expect(within(team).queryByLabelText('Role of Aroha Ngata')).toBeNull();
    expect(within(team).queryByRole('button', { name: 'Remove Aroha Ngata' })).toBeNull();
    await user.selectOptions(within(team).getByLabelText('Role of Hemi Walker'), 'Member');
    await waitFor(() => expect(fetch.callsTo('PATCH', `${EVENT}/members/m3`)[0]?.body).toEqual({ role: 'Member' }));
    await user.click(within(team).getByRole('button', { name: 'Remove Hemi Walker' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Hemi Walker?' });
    expect(within(dialog).getByText('They will no longer be on this event’s team.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(fetch.callsTo('DELETE', `${EVENT}/members/m3`)).toHaveLength(1));
  });

  it('invites, resends and withdraws invitations, and lists every page, offline ones too', async () => {
    const fetch = fakePlatform({ role: 'Owner', canManage: true });
    ownerTools(fetch);
    fetch.on('POST', `${EVENT}/invitations`, json(201, {}));
    fetch.on('POST', `${EVENT}/invitations/i1/resend`, new Response(null, { status: 204 }));
    fetch.on('DELETE', `${EVENT}/invitations/i1`, new Response(null, { status: 204 }));
    const { user } = renderApp('/nz/fundraising/round-the-bays-2026');
    const tools = (await screen.findByRole('heading', { name: 'Manage this event' })).closest('section') as HTMLElement;

    const invite = within(tools).getByRole('form', { name: 'Invite people' });
    await user.type(within(invite).getByLabelText('E-mail'), 'kahu@example.co.nz');
    await user.selectOptions(within(invite).getByLabelText('Role'), 'Member');
    await user.click(within(invite).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(fetch.callsTo('POST', `${EVENT}/invitations`)[0]?.body).toEqual({ invitees: [{ email: 'kahu@example.co.nz', role: 'Member' }] }));
    const waiting = await within(tools).findByRole('list', { name: 'Pending invitations' });
    await user.click(within(waiting).getByRole('button', { name: 'Resend the invitation to mere@example.co.nz' }));
    await waitFor(() => expect(fetch.callsTo('POST', `${EVENT}/invitations/i1/resend`)).toHaveLength(1));
    await user.click(within(waiting).getByRole('button', { name: 'Withdraw the invitation to mere@example.co.nz' }));
    await waitFor(() => expect(fetch.callsTo('DELETE', `${EVENT}/invitations/i1`)).toHaveLength(1));

    const pages = await within(tools).findByRole('table', { name: 'All pages of this event' });
    const offline = within(pages).getByRole('rowheader', { name: /Kahu swims the harbour/ }).closest('tr') as HTMLElement;
    expect(within(offline).getByRole('link', { name: 'Kahu swims the harbour' }).getAttribute('href')).toBe('/nz/fundraising/round-the-bays-2026/kahu-swims');
    expect(within(offline).getByText('Offline', { selector: 'span' })).toBeTruthy();
    expect(within(pages).getByRole('rowheader', { name: /Aroha runs the bays/ })).toBeTruthy();
  });

  it('a member who cannot manage it sees no tools, and visitors are not asked about', async () => {
    const fetch = fakePlatform({ role: 'Member', canManage: false });
    renderApp('/nz/fundraising/round-the-bays-2026');
    await screen.findByRole('heading', { level: 1, name: 'Round the Bays 2026' });
    await waitFor(() => expect(fetch.callsTo('GET', ME)).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Manage this event' })).toBeNull();
    expect(fetch.callsTo('GET', `${EVENT}/members`)).toHaveLength(0);

    resetSessionForTests();
    const visitor = fakePlatform();
    renderApp('/nz/fundraising/round-the-bays-2026');
    expect(await screen.findAllByRole('link', { name: 'Create your page for this event' })).toBeTruthy();
    expect(visitor.callsTo('GET', ME)).toHaveLength(0);
  });

  it('an administrator (canManage without a role) gets the tools', async () => {
    const fetch = fakePlatform({ role: null, canManage: true });
    ownerTools(fetch);
    renderApp('/nz/fundraising/round-the-bays-2026');
    expect(await screen.findByRole('heading', { name: 'Manage this event' })).toBeTruthy();
  });

  it('a “Manage” link (#manage) lands on the tools once they load', async () => {
    const fetch = fakePlatform({ role: 'Owner', canManage: true });
    ownerTools(fetch);
    renderApp('/nz/fundraising/round-the-bays-2026#manage');
    const heading = await screen.findByRole('heading', { name: 'Manage this event' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});

describe('/{country}/fundraising/{eventUrl} on a phone', () => {
  it('puts the title, totals and “Create your page” before the story and the leaderboard, in the DOM and so in focus order', async () => {
    fakePlatform();
    renderApp('/nz/fundraising/round-the-bays-2026');
    const title = await screen.findByRole('heading', { level: 1, name: 'Round the Bays 2026' });
    const totals = screen.getByRole('region', { name: 'Totals' });
    const create = screen.getByRole('link', { name: 'Create your page for this event' });
    const story = screen.getByText('Every year we run the bays for the coast.');
    const board = screen.getByRole('list', { name: 'Fundraisers by amount raised' });
    expect(inOrder(title, totals, story, board)).toBe(true);
    expect(totals.contains(create)).toBe(true);
  });
});

/** Whether the elements follow one another in document order. */
function inOrder(...elements: Element[]): boolean {
  return elements.every((element, i) => i === 0 || Boolean(elements[i - 1]!.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING));
}
