import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FUNDRAISING_MESSAGES } from '@giving/shared/contracts/fundraising';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { CHARITY, EVENT_ID, OTHER_CHARITY, aPageSummary, anEvent, anEventSummary } from '../../features/fundraising/testing';
import { resetSessionForTests, setSession } from '../../lib/session';
import { installFetchFake, json, problem } from '../../testing/fetch-fake';
import { runtimeConfig } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { anAdminMenu } from './admin/testing';

afterEach(() => resetSessionForTests());

const ADDRESS = /^\/api\/fundraising\/address\?/;
const WORKPLACE_ID = '01JWRKP0000000000000000001';
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);
const currentStep = () => document.querySelector('[aria-current="step"]')?.getAttribute('data-step');
const signIn = () => setSession({ status: 'signedIn', memberId: '01JMEMBER00000000000000001', email: 'aroha@example.co.nz', name: 'Aroha Ngata' });

function fakePlatform() {
  const fetch = installFetchFake();
  fetch.on('GET', '/config.json', json(200, runtimeConfig));
  fetch.on('GET', '/api/fundraising/charities?country=nz', json(200, { items: [CHARITY, OTHER_CHARITY] }));
  fetch.on('GET', '/api/accounts/me', json(200, anAdminMenu()));
  return fetch;
}

// The flows type a whole page's worth of text: more than the default 5 s on a busy machine.
const FLOW_TIMEOUT_MS = 30_000;

describe('/{country}/fundraising/create', () => {
  it('asks visitors to log in first', async () => {
    setSession({ status: 'signedOut' });
    fakePlatform();
    renderApp('/nz/fundraising/create');
    expect(await screen.findByRole('heading', { name: 'Please log in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('walks the steps for a page of one’s own: a taken address shows its suggestions, and publishing posts the page and opens it', async () => {
    signIn();
    const fetch = fakePlatform();
    fetch.on('GET', ADDRESS, (request) =>
      json(200, queryOf(request.url).eventUrl === 'dunes-for-pingao' ? { available: false, suggestions: ['dunes-for-pingao-2', 'aroha-dunes-for-pingao'] } : { available: true, suggestions: [] }),
    );
    fetch.on('POST', '/api/fundraising/events/single-page', json(201, { event: anEventSummary({ kind: 'SinglePage', eventUrl: 'dunes-for-pingao-2' }), page: aPageSummary({ eventUrl: 'dunes-for-pingao-2', pageUrl: 'dunes-for-pingao-2' }) }));
    const { user, router } = renderApp('/nz/fundraising/create');

    expect(await screen.findByRole('heading', { level: 1, name: 'Start fundraising' })).toBeTruthy();
    expect(currentStep()).toBe('charity');
    await screen.findByLabelText('Harbour Kids');
    // Next without a choice: the error is said and takes focus.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Choose a charity.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true'));
    await user.click(screen.getByLabelText('Kiwi Coast Rescue'));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(currentStep()).toBe('kind');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Event or page' }));
    await user.click(screen.getByLabelText(/A page for yourself/));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(currentStep()).toBe('details');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(MESSAGES.requiredField).length).toBeGreaterThan(0);
    await user.type(screen.getByLabelText('Title'), 'Dunes for pīngao');
    await user.type(screen.getByLabelText('Your story'), 'Planting the dunes at Paekākāriki.');
    await user.type(screen.getByLabelText('Target ($)'), '1500');
    await user.clear(screen.getByLabelText('End date'));
    await user.type(screen.getByLabelText('End date'), '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // The address follows the title, and is checked as it stands.
    expect(currentStep()).toBe('address');
    const address = screen.getByLabelText('Page address') as HTMLInputElement;
    expect(address.value).toBe('dunes-for-pingao');
    expect(await screen.findByText(FUNDRAISING_MESSAGES.addressTaken)).toBeTruthy();
    const suggestions = screen.getByRole('list', { name: 'Free addresses' });
    expect(within(suggestions).getAllByRole('button').map((button) => button.textContent)).toEqual(['Use dunes-for-pingao-2', 'Use aroha-dunes-for-pingao']);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(FUNDRAISING_MESSAGES.addressTaken, { selector: '[id$="-error"]' })).toBeTruthy();
    expect(currentStep()).toBe('address');
    await user.click(within(suggestions).getByRole('button', { name: 'Use dunes-for-pingao-2' }));
    expect(address.value).toBe('dunes-for-pingao-2');
    expect(await screen.findByText('This address is free.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(currentStep()).toBe('review');
    expect(screen.getByText('$1,500')).toBeTruthy();
    expect(screen.getByText('A page for yourself')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/nz/fundraising/dunes-for-pingao-2'));
    expect(fetch.callsTo('POST', '/api/fundraising/events/single-page')[0]?.body).toEqual({
      country: 'nz',
      charityId: CHARITY.id,
      eventUrl: 'dunes-for-pingao-2',
      title: 'Dunes for pīngao',
      story: 'Planting the dunes at Paekākāriki.',
      targetAmount: 150_000,
      endDate: '2026-12-01',
    });
  }, FLOW_TIMEOUT_MS);

  it('makes a page in an event from the event’s link; the API’s field errors show at their field, in its words; a workplace that allows it is offered', async () => {
    signIn();
    const fetch = fakePlatform();
    fetch.on('GET', '/api/accounts/me', json(200, anAdminMenu({ corporateAssociations: [{ corporateId: WORKPLACE_ID, corporateName: 'Tasman Engineering', corporateRoles: [{ roleName: 'WorkplaceGiver.Employee' }] }] })));
    fetch.on('GET', `/api/accounts/me/permissions?workplaceId=${WORKPLACE_ID}`, json(200, { permissions: ['Workplace_Fundraising.Page.Create'] }));
    fetch.on('GET', '/api/fundraising/events/round-the-bays-2026', json(200, anEvent()));
    fetch.on('GET', /^\/api\/fundraising\/events\?/, json(200, { items: [anEventSummary()] }));
    fetch.on('GET', ADDRESS, json(200, { available: true, suggestions: [] }));
    fetch.on('POST', '/api/fundraising/pages', problem(400, { title: 'Some fields are not valid.', code: 'ValidationFailed', errors: [{ field: 'body.pageUrl', message: 'That address is taken. Try one of the suggestions.' }, { field: 'body.endDate', message: FUNDRAISING_MESSAGES.endDateTooFar }] }));
    const { user } = renderApp('/nz/fundraising/create?eventUrl=round-the-bays-2026');

    expect(await screen.findByText('Make your page for Round the Bays 2026.')).toBeTruthy();
    expect(currentStep()).toBe('details');
    await user.type(screen.getByLabelText('Title'), 'Aroha runs');
    await user.type(screen.getByLabelText('Your story'), 'For the coast.');
    await user.type(screen.getByLabelText('Target ($)'), '500');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(currentStep()).toBe('kind');
    expect((screen.getByLabelText(/A page in an existing event/) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Round the Bays 2026') as HTMLInputElement).checked).toBe(true);
    await user.click(await screen.findByLabelText('Under my workplace, Tasman Engineering'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(currentStep()).toBe('address');
    expect(screen.getByText(/round-the-bays-2026\/aroha-runs/)).toBeTruthy();
    await waitFor(() => expect(fetch.callsTo('GET', ADDRESS).length).toBeGreaterThan(0));
    expect(queryOf(fetch.callsTo('GET', ADDRESS)[0]?.url ?? '')).toEqual({ eventId: EVENT_ID, pageUrl: 'aroha-runs' });
    await screen.findByText('This address is free.');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Tasman Engineering')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    // The first field the API named is on the details step: it opens there, the end date in error and focused.
    await waitFor(() => expect(currentStep()).toBe('details'));
    const endDate = screen.getByLabelText('End date');
    expect(screen.getByText(FUNDRAISING_MESSAGES.endDateTooFar)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(endDate));
    expect(fetch.callsTo('POST', '/api/fundraising/pages')[0]?.body).toMatchObject({ eventId: EVENT_ID, pageUrl: 'aroha-runs', workplaceId: WORKPLACE_ID, title: 'Aroha runs', targetAmount: 50_000 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('That address is taken. Try one of the suggestions.', { selector: '[id$="-error"]' })).toBeTruthy();
  }, FLOW_TIMEOUT_MS);
});
