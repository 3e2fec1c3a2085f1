import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminMenu } from '@giving/shared/contracts/accounts';
import { FUNDRAISING_MESSAGES } from '@giving/shared/contracts/fundraising';
import { anAdminMenu as aDemoMenu } from '../../features/auth/testing';
import { CHARITY, OTHER_CHARITY, OWNER, PAGE_ID, aPage, aPageSummary, anEvent } from '../../features/fundraising/testing';
import { resetSessionForTests, setSession } from '../../lib/session';
import { installFetchFake, json, type FetchFake } from '../../testing/fetch-fake';
import { answerCardSettings, runtimeConfig } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';

afterEach(() => resetSessionForTests());

/** A demo role's account menu; a charity admin's roles are in `charityId`. */
function anAdminMenu(role: 'backOffice' | 'charityAdmin', charityId = CHARITY.id): AdminMenu {
  const menu = aDemoMenu(role);
  return { ...menu, charityAssociations: menu.charityAssociations.map((charity) => ({ ...charity, charityId })) };
}

const PAGE_URL = '/api/fundraising/events/round-the-bays-2026/pages/aroha-runs';
const DONORS = `/api/fundraising/pages/${PAGE_ID}/donors`;
const COMMENTS = `/api/fundraising/pages/${PAGE_ID}/comments`;
const ME = `/api/fundraising/pages/${PAGE_ID}/me`;
const TEAM = (what: string) => `/api/fundraising/pages/${PAGE_ID}/${what}`;

function fakePlatform(page = aPage()) {
  const fetch = installFetchFake();
  // An open page shows its checkout (fundraising-give.test.tsx), which reads the card gateway's settings.
  answerCardSettings(fetch);
  fetch.on('GET', PAGE_URL, json(200, page));
  fetch.on(
    'GET',
    DONORS,
    json(200, {
      items: [
        { id: 'd1', name: 'Anonymous', amount: 5_000, currency: 'NZD', donatedOn: '2026-02-01T01:00:00.000Z', kind: 'Online' },
        { id: 'd2', name: 'Mere Tapsell', amount: 2_000, currency: 'NZD', message: 'Go Aroha!', donatedOn: '2026-01-30T01:00:00.000Z', kind: 'Online' },
      ],
    }),
  );
  fetch.on('GET', COMMENTS, json(200, { items: [{ id: 'c1', pageId: PAGE_ID, author: { memberId: 'm9', name: 'Tama Reti' }, text: 'Kia kaha!', createdOn: '2026-02-02T00:00:00.000Z' }] }));
  return fetch;
}

function manager(fetch: FetchFake, role: 'Owner' | 'Admin' | 'Member' | null) {
  setSession({ status: 'signedIn', memberId: OWNER.memberId, email: 'aroha@example.co.nz', name: OWNER.name });
  fetch.on('GET', ME, json(200, role ? { memberId: OWNER.memberId, name: OWNER.name, role, joinedOn: '2026-01-12T00:00:00.000Z' } : null));
  fetch.on('GET', TEAM('members'), json(200, { items: [{ ...OWNER, role: 'Owner', joinedOn: '2026-01-12T00:00:00.000Z' }, { memberId: 'm3', name: 'Hemi Walker', role: 'Member', joinedOn: '2026-01-20T00:00:00.000Z' }] }));
  fetch.on('GET', TEAM('invitations'), json(200, { items: [] }));
  fetch.on('GET', TEAM('offline-donations'), json(200, { items: [] }));
}

describe('/{country}/fundraising/{eventUrl}/{pageUrl}', () => {
  it('shows the page: title, owner, charity, event, story, totals with the percentage and its donors (Anonymous, messages)', async () => {
    fakePlatform(aPage({ onlineAmount: 40_000, offlineAmount: 3_000, matchedAmount: 2_000 }));
    renderApp('/nz/fundraising/round-the-bays-2026/aroha-runs');

    expect(await screen.findByRole('heading', { level: 1, name: 'Aroha runs the bays' })).toBeTruthy();
    expect(screen.getByText(/Aroha Ngata is fundraising for/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kiwi Coast Rescue' }).getAttribute('href')).toBe('/nz/charity/kiwi-coast-rescue');
    expect(screen.getByRole('link', { name: 'Round the Bays 2026' }).getAttribute('href')).toBe('/nz/fundraising/round-the-bays-2026');
    expect(screen.getByText('Every dollar plants a pīngao.')).toBeTruthy();
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('$450')).toBeTruthy();
    expect(within(totals).getByText(/raised of \$1,000 target/)).toBeTruthy();
    expect(within(totals).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('45');
    expect(within(totals).getByText('45%')).toBeTruthy();
    expect(within(totals).getByText(/12 donations/)).toBeTruthy();
    // Online, offline and matched apart.
    const kinds = within(totals).getByLabelText('Raised by kind');
    expect(within(kinds).getByText('$400')).toBeTruthy();
    expect(within(kinds).getByText('$30')).toBeTruthy();
    expect(within(kinds).getByText('$20')).toBeTruthy();
    expect(document.title).toBe('Aroha runs the bays · Koha');

    const donors = await screen.findByRole('list', { name: 'Donors' });
    const [anonymous, named] = within(donors).getAllByRole('listitem') as HTMLElement[];
    expect(within(anonymous!).getByText('Anonymous')).toBeTruthy();
    expect(within(anonymous!).getByText('$50')).toBeTruthy();
    expect(within(named!).getByText('Mere Tapsell')).toBeTruthy();
    expect(within(named!).getByText('Go Aroha!')).toBeTruthy();
    expect(within(await screen.findByRole('list', { name: 'Comments' })).getByText('Kia kaha!')).toBeTruthy();
    // Visitors: the share bar, a way to log in to comment, and no owner tools.
    expect(within(screen.getByRole('region', { name: 'Share' })).getByRole('heading', { name: 'Share this page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in to comment' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Manage this page' })).toBeNull();
  });

  it('shows only the raised total when everything came online', async () => {
    fakePlatform();
    renderApp('/nz/fundraising/round-the-bays-2026/aroha-runs');
    await screen.findByRole('heading', { level: 1, name: 'Aroha runs the bays' });
    expect(screen.queryByLabelText('Raised by kind')).toBeNull();
  });

  it('an ended page says it takes no more donations; an offline one says so too', async () => {
    const fetch = fakePlatform(aPage({ status: 'Ended' }));
    renderApp('/nz/fundraising/round-the-bays-2026/aroha-runs');
    expect(await screen.findByText(FUNDRAISING_MESSAGES.pageEnded)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Totals' })).getByText('Ended')).toBeTruthy();

    fetch.on('GET', PAGE_URL, json(200, aPage({ status: 'Offline', isOnline: false })));
    renderApp('/nz/fundraising/round-the-bays-2026/aroha-runs');
    expect(await screen.findByText(FUNDRAISING_MESSAGES.pageOffline)).toBeTruthy();
  });

  it('a missing page says it is no longer available', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/config.json', json(200, runtimeConfig));
    fetch.on('GET', PAGE_URL, json(404, { type: 'about:blank', title: 'Not found', status: 404, code: 'NotFound' }));
    renderApp('/nz/fundraising/round-the-bays-2026/aroha-runs');
    expect(await screen.findByRole('heading', { name: 'Fundraising page not found' })).toBeTruthy();
    expect(screen.getByText(FUNDRAISING_MESSAGES.pageNotFound)).toBeTruthy();
  });

  it('a member sees no owner tools; the comment author may remove their own comment', async () => {
    const fetch = fakePlatform();
    manager(fetch, 'Member');
    fetch.on('GET', COMMENTS, json(200, { items: [{ id: 'c1', pageId: PAGE_ID, author: OWNER, text: 'Thanks all!', createdOn: '2026-02-02T00:00:00.000Z' }, { id: 'c2', pageId: PAGE_ID, author: { memberId: 'm9', name: 'Tama Reti' }, text: 'Kia kaha!', createdOn: '2026-02-01T00:00:00.000Z' }] }));
    fetch.on('DELETE', `${COMMENTS}/c1`, new Response(null, { status: 204 }));
    const { user } = renderApp('/nz/fundraising/round-the-bays-2026/aroha-runs');
    const comments = await screen.findByRole('list', { name: 'Comments' });
    await waitFor(() => expect(fetch.callsTo('GET', ME)).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Manage this page' })).toBeNull();
    expect(within(comments).getAllByRole('button', { name: /^Remove/ })).toHaveLength(1);

    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Halfway there');
    fetch.on('POST', COMMENTS, json(201, { id: 'c3', pageId: PAGE_ID, author: OWNER, text: 'Halfway there', createdOn: '2026-02-03T00:00:00.000Z' }));
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    await waitFor(() => expect(fetch.callsTo('POST', COMMENTS)[0]?.body).toEqual({ text: 'Halfway there' }));

    await user.click(within(comments).getByRole('button', { name: 'Remove the comment by Aroha Ngata' }));
    await waitFor(() => expect(fetch.callsTo('DELETE', `${COMMENTS}/c1`)).toHaveLength(1));
  });

  it('the owner edits the page, takes it offline, invites by e-mail with a role, changes a role and enters an offline gift', async () => {
    const fetch = fakePlatform();
    manager(fetch, 'Owner');
    fetch.on('PATCH', `/api/fundraising/pages/${PAGE_ID}`, json(200, aPage()));
    fetch.on('PATCH', `/api/fundraising/pages/${PAGE_ID}/toggleOnlineStatus`, json(200, {}));
    fetch.on('POST', TEAM('invitations'), json(201, {}));
    fetch.on('PATCH', TEAM('members/m3'), json(200, {}));
    fetch.on('POST', TEAM('offline-donations'), json(201, { id: 'o1', pageId: PAGE_ID, pageTitle: 'Aroha runs the bays', amount: 2_550, currency: 'NZD', receivedOn: '2026-02-01', enteredBy: OWNER, status: 'Pending' }));
    const { user } = renderApp('/nz/fundraising/round-the-bays-2026/aroha-runs');
    const tools = (await screen.findByRole('heading', { name: 'Manage this page' })).closest('section') as HTMLElement;

    await user.click(within(tools).getByRole('button', { name: 'Edit page' }));
    const edit = within(tools).getByRole('form', { name: 'Edit page' });
    expect((within(edit).getByLabelText('Target ($)') as HTMLInputElement).value).toBe('1000');
    await user.clear(within(edit).getByLabelText('Title'));
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    expect(within(edit).getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    await user.type(within(edit).getByLabelText('Title'), 'Aroha runs it twice');
    await user.clear(within(edit).getByLabelText('Target ($)'));
    await user.type(within(edit).getByLabelText('Target ($)'), '1500');
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fetch.callsTo('PATCH', `/api/fundraising/pages/${PAGE_ID}`)).toHaveLength(1));
    expect(fetch.callsTo('PATCH', `/api/fundraising/pages/${PAGE_ID}`)[0]?.body).toEqual({
      title: 'Aroha runs it twice',
      story: aPage().story,
      targetAmount: 150_000,
      endDate: '2026-12-31',
      imageUrl: '/media/fundraising/aroha.jpg',
    });
    expect(await within(tools).findByText('Your page is saved.')).toBeTruthy();

    await user.click(within(tools).getByRole('button', { name: 'Take offline' }));
    await waitFor(() => expect(fetch.callsTo('PATCH', `/api/fundraising/pages/${PAGE_ID}/toggleOnlineStatus`)[0]?.body).toEqual({ isOnline: false }));

    const invite = within(tools).getByRole('form', { name: 'Invite people' });
    await user.type(within(invite).getByLabelText('E-mail'), 'Hemi@Example.co.nz');
    await user.selectOptions(within(invite).getByLabelText('Role'), 'Admin');
    await user.click(within(invite).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(fetch.callsTo('POST', TEAM('invitations'))[0]?.body).toEqual({ invitees: [{ email: 'hemi@example.co.nz', role: 'Admin' }] }));
    expect(await within(tools).findByText('Invitation sent to hemi@example.co.nz.')).toBeTruthy();

    const team = within(tools).getByRole('list', { name: 'Team members' });
    // The owner's role stays; the others' may change.
    expect(within(team).queryByLabelText('Role of Aroha Ngata')).toBeNull();
    await user.selectOptions(within(team).getByLabelText('Role of Hemi Walker'), 'Admin');
    await waitFor(() => expect(fetch.callsTo('PATCH', TEAM('members/m3'))[0]?.body).toEqual({ role: 'Admin' }));

    const gift = within(tools).getByRole('form', { name: 'Enter an offline gift' });
    await user.type(within(gift).getByLabelText('Amount ($)'), '25.50');
    await user.clear(within(gift).getByLabelText('Received on'));
    await user.type(within(gift).getByLabelText('Received on'), '2026-02-01');
    await user.type(within(gift).getByLabelText('From (optional)'), 'Cake stall');
    await user.click(within(gift).getByRole('button', { name: 'Enter gift' }));
    await waitFor(() => expect(fetch.callsTo('POST', TEAM('offline-donations'))[0]?.body).toEqual({ amount: 2_550, receivedOn: '2026-02-01', donorName: 'Cake stall' }));
  });

  it('an admin sees the tools too; a signed-in member with no role does not', async () => {
    const fetch = fakePlatform();
    manager(fetch, 'Admin');
    renderApp('/nz/fundraising/round-the-bays-2026/aroha-runs');
    expect(await screen.findByRole('heading', { name: 'Manage this page' })).toBeTruthy();

    const other = fakePlatform();
    manager(other, null);
    renderApp('/nz/fundraising/round-the-bays-2026/aroha-runs');
    await screen.findAllByRole('list', { name: 'Donors' });
    await waitFor(() => expect(other.callsTo('GET', ME)).toHaveLength(1));
    expect(screen.getAllByRole('heading', { name: 'Manage this page' })).toHaveLength(1);
  });
});

describe('/{country}/fundraising/{eventUrl}/{pageUrl} on a phone', () => {
  it('puts the title, owner, totals with the progress bar and the Donate form before the story, donors and comments, in the DOM and so in focus order', async () => {
    fakePlatform();
    renderApp('/nz/fundraising/round-the-bays-2026/aroha-runs');
    const title = await screen.findByRole('heading', { level: 1, name: 'Aroha runs the bays' });
    const owner = screen.getByText(/Aroha Ngata is fundraising for/);
    const totals = screen.getByRole('region', { name: 'Totals' });
    const form = await within(totals).findByRole('form', { name: 'Donate to Aroha’s fundraiser' });
    const story = screen.getByText('Every dollar plants a pīngao.');
    const donors = await screen.findByRole('list', { name: 'Donors' });
    const comments = await screen.findByRole('list', { name: 'Comments' });
    expect(inOrder(title, owner, within(totals).getByRole('progressbar'), form, story, donors, comments)).toBe(true);
  });
});

/** Whether the elements follow one another in document order. */
function inOrder(...elements: Element[]): boolean {
  return elements.every((element, i) => i === 0 || Boolean(elements[i - 1]!.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING));
}

describe('/{country}/fundraising/{eventUrl}/{pageUrl}: comment moderation', () => {
  const TWO_COMMENTS = {
    items: [
      { id: 'c1', pageId: PAGE_ID, author: OWNER, text: 'Thanks all!', createdOn: '2026-02-02T00:00:00.000Z' },
      { id: 'c2', pageId: PAGE_ID, author: { memberId: 'm9', name: 'Tama Reti' }, text: 'Buy my raffle tickets at …', createdOn: '2026-02-01T00:00:00.000Z' },
    ],
  };

  /** A signed-in member on no team of the page, with this account menu (their charity roles and admin roles). */
  function moderator(menu: AdminMenu) {
    const fetch = fakePlatform();
    setSession({ status: 'signedIn', memberId: 'm7', email: 'staff@example.co.nz', name: 'Ana Staff' });
    fetch.on('GET', ME, json(200, { role: null, canManage: false }));
    fetch.on('GET', '/api/accounts/me', json(200, menu));
    fetch.on('GET', COMMENTS, json(200, TWO_COMMENTS));
    fetch.on('DELETE', `${COMMENTS}/c2`, new Response(null, { status: 204 }));
    return fetch;
  }

  it('the charity’s fundraising staff remove anyone’s comment on its pages', async () => {
    const fetch = moderator(anAdminMenu('charityAdmin', CHARITY.id));
    const { user } = renderApp('/nz/fundraising/round-the-bays-2026/aroha-runs');
    const comments = await screen.findByRole('list', { name: 'Comments' });
    await waitFor(() => expect(within(comments).getAllByRole('button', { name: /^Remove/ })).toHaveLength(2));
    expect(screen.queryByRole('heading', { name: 'Manage this page' })).toBeNull();
    await user.click(within(comments).getByRole('button', { name: 'Remove the comment by Tama Reti' }));
    await waitFor(() => expect(fetch.callsTo('DELETE', `${COMMENTS}/c2`)).toHaveLength(1));
  });

  it('back-office administrators remove any comment', async () => {
    moderator(anAdminMenu('backOffice'));
    renderApp('/nz/fundraising/round-the-bays-2026/aroha-runs');
    const comments = await screen.findByRole('list', { name: 'Comments' });
    await waitFor(() => expect(within(comments).getAllByRole('button', { name: /^Remove/ })).toHaveLength(2));
  });

  it('staff of another charity, and the charity’s members without the fundraising permission, do not', async () => {
    const fetch = moderator(anAdminMenu('charityAdmin', OTHER_CHARITY.id));
    renderApp('/nz/fundraising/round-the-bays-2026/aroha-runs');
    await screen.findByRole('list', { name: 'Comments' });
    await waitFor(() => expect(fetch.callsTo('GET', '/api/accounts/me')).toHaveLength(1));
    expect(within(screen.getByRole('list', { name: 'Comments' })).queryByRole('button', { name: /^Remove/ })).toBeNull();
    cleanup();

    const member = moderator({ ...anAdminMenu('charityAdmin', CHARITY.id), charityAssociations: [{ charityId: CHARITY.id, charityName: CHARITY.name, roles: ['Charity.Member'] }] });
    renderApp('/nz/fundraising/round-the-bays-2026/aroha-runs');
    await screen.findByRole('list', { name: 'Comments' });
    await waitFor(() => expect(member.callsTo('GET', '/api/accounts/me')).toHaveLength(1));
    expect(within(screen.getByRole('list', { name: 'Comments' })).queryByRole('button', { name: /^Remove/ })).toBeNull();
  });
});

describe('/{country}/fundraising/{eventUrl}', () => {
  it('shows the event: story, totals, its pages as a leaderboard by amount raised, the create action and the share bar', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/config.json', json(200, runtimeConfig));
    fetch.on('GET', '/api/fundraising/events/round-the-bays-2026', json(200, anEvent()));
    renderApp('/nz/fundraising/round-the-bays-2026');

    expect(await screen.findByRole('heading', { level: 1, name: 'Round the Bays 2026' })).toBeTruthy();
    expect(screen.getByText('Every year we run the bays for the coast.')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Totals' })).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('45');
    const board = screen.getByRole('list', { name: 'Fundraisers by amount raised' });
    const rows = within(board).getAllByRole('listitem');
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Aroha runs the bays' }).getAttribute('href')).toBe('/nz/fundraising/round-the-bays-2026/aroha-runs');
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Tama walks it' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your page for this event' }).getAttribute('href')).toBe('/nz/fundraising/create?eventUrl=round-the-bays-2026');
    expect(within(screen.getByRole('region', { name: 'Share' })).getByRole('heading', { name: 'Share this event' })).toBeTruthy();
  });

  it('an offline event takes no new pages', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/config.json', json(200, runtimeConfig));
    fetch.on('GET', '/api/fundraising/events/round-the-bays-2026', json(200, anEvent({ status: 'Offline', isOnline: false })));
    renderApp('/nz/fundraising/round-the-bays-2026');
    expect(await screen.findByText(FUNDRAISING_MESSAGES.eventOffline)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create your page for this event' })).toBeNull();
  });

  it('a single-page event is its page, at the event’s address', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/config.json', json(200, runtimeConfig));
    fetch.on('GET', '/api/fundraising/events/kai-for-kids', json(200, anEvent({ kind: 'SinglePage', eventUrl: 'kai-for-kids', title: 'Kai for kids', pages: [aPageSummary({ eventUrl: 'kai-for-kids', pageUrl: 'kai-for-kids', title: 'Kai for kids' })] })));
    fetch.on('GET', '/api/fundraising/events/kai-for-kids/pages/kai-for-kids', json(200, aPage({ eventUrl: 'kai-for-kids', pageUrl: 'kai-for-kids', title: 'Kai for kids', eventKind: 'SinglePage' })));
    fetch.on('GET', DONORS, json(200, { items: [] }));
    fetch.on('GET', COMMENTS, json(200, { items: [] }));
    const { router } = renderApp('/nz/fundraising/kai-for-kids');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kai for kids' })).toBeTruthy();
    expect(screen.getByText(/Aroha Ngata is fundraising for/)).toBeTruthy();
    expect(screen.queryByText(/Part of/)).toBeNull();
    expect(await screen.findByText('No donations yet. Be the first to give.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/nz/fundraising/kai-for-kids');
  });
});
