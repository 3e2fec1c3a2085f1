import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { VOLUNTEERING_MESSAGES } from '@giving/shared/contracts/volunteering';
import { aSession, anApplication, anOpportunity } from '../../features/volunteering/testing';
import { resetSessionForTests, setSession } from '../../lib/session';
import { installFetchFake, json, problem } from '../../testing/fetch-fake';
import { runtimeConfig } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';

afterEach(() => resetSessionForTests());

const PAGE = '/nz/charity/kiwi-coast-rescue/volunteering/beach-clean-up';
const MEMBER_VACANCY = '/api/volunteering/charity/kiwi-coast-rescue/vacancy/beach-clean-up';
const PUBLIC_VACANCY = '/api/volunteering/public/charity/kiwi-coast-rescue/vacancy/beach-clean-up';
const SESSION_1 = aSession(1).id;

function fakePlatform(vacancyUrl: string, opportunity = anOpportunity()) {
  const fetch = installFetchFake();
  fetch.on('GET', '/config.json', json(200, runtimeConfig));
  fetch.on('GET', vacancyUrl, json(200, opportunity));
  return fetch;
}

const signIn = () => setSession({ status: 'signedIn', memberId: '01JMEMBER00000000000000001', email: 'aroha@example.co.nz', name: 'Aroha Ngata' });
const applyPanel = () => screen.getByRole('region', { name: 'Apply' });
const currentStep = () => within(applyPanel()).getByRole('list', { name: 'Application steps' }).querySelector('[aria-current="step"]')?.getAttribute('data-step');

describe('volunteering role page', () => {
  it('shows the role, its charity, schedule label, location, fee, and each session’s date, hours and places left', async () => {
    fakePlatform(PUBLIC_VACANCY, anOpportunity({ fee: { amount: { cents: 2000, currency: 'NZD' }, feeType: 'PerTeam' }, sessions: [aSession(1), aSession(2, { placesRemaining: 0, placesTaken: 10, isFull: true })] }));
    renderApp(PAGE);

    expect(await screen.findByRole('heading', { level: 1, name: 'Beach clean-up crew' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kiwi Coast Rescue' }).getAttribute('href')).toBe('/nz/charity/kiwi-coast-rescue');
    expect(screen.getAllByText('Multiple').length).toBeGreaterThan(0);
    expect(screen.getByText('Te Aro')).toBeTruthy();
    expect(screen.getByText('$20.00 per team')).toBeTruthy();
    expect(screen.getByText('Gloves and bags provided.')).toBeTruthy();
    const sessions = within(screen.getByRole('region', { name: 'Sessions' })).getAllByRole('listitem');
    expect(sessions).toHaveLength(2);
    expect(sessions[0]?.textContent).toMatch(/Sun, 10 Mar 2030, 9:00\s?am – 1:00\s?pm/);
    expect(sessions[0]?.textContent).toContain('4 hours');
    expect(sessions[0]?.textContent).toContain('8 places left');
    expect(sessions[1]?.textContent).toContain('Full');
    expect(document.title).toBe('Beach clean-up crew · Koha');
  });

  it('a recurring role shows its schedule and its next meetings on the charity’s clock, not one session from its first meeting to its last', async () => {
    const schedule = { frequency: 'Weekly' as const, daysOfWeek: ['Saturday' as const], startTime: '08:00', endTime: '11:00', startDate: '2030-03-07', endDate: '2030-05-25', hoursPerSession: 3 };
    // The roster's next meeting (the server shows it so), and the next meetings either side of the end of daylight saving (7 April 2030).
    const roster = aSession(1, { startsAt: '2030-03-29T19:00:00Z', endsAt: '2030-03-29T22:00:00Z', sessionTotalHours: undefined, placesRemaining: 14 });
    const upcomingMeetings = [
      { startsAt: '2030-03-29T19:00:00Z', endsAt: '2030-03-29T22:00:00Z' },
      { startsAt: '2030-04-05T19:00:00Z', endsAt: '2030-04-05T22:00:00Z' },
      { startsAt: '2030-04-12T20:00:00Z', endsAt: '2030-04-12T23:00:00Z' },
    ];
    fakePlatform(PUBLIC_VACANCY, anOpportunity({ hasSpecificDates: false, scheduleType: 'RecurringSchedule', scheduleLabel: 'Recurring', recurringSchedule: schedule, upcomingMeetings, sessions: [roster] }));
    renderApp(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'Beach clean-up crew' });

    // The schedule's dates are calendar days: 7 March stays 7 March (not the 8th, as noon UTC would read in Auckland).
    expect(screen.getByText('Every week on Saturday, 08:00–11:00, from 7 Mar 2030 until 25 May 2030 (3 hours each time)')).toBeTruthy();
    const meetings = within(screen.getByRole('region', { name: 'Next meetings' })).getAllByRole('listitem');
    expect(meetings).toHaveLength(3);
    expect(meetings[0]?.textContent).toMatch(/Sat, 30 Mar 2030, 8:00\s?am – 11:00\s?am/);
    expect(meetings[2]?.textContent).toMatch(/Sat, 13 Apr 2030, 8:00\s?am – 11:00\s?am/);
    expect(screen.getByText(/Volunteers apply once and come along to every meeting\. 14 places left\./)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Sessions' })).toBeNull();

    // Applying: the one choice is the schedule, with its next meeting.
    const choice = within(applyPanel()).getAllByRole('radio')[0]?.closest('label');
    expect(choice?.textContent).toContain('Every week on Saturday, 08:00–11:00');
    expect(choice?.textContent).toMatch(/Next: Sat, 30 Mar 2030, 8:00\s?am – 11:00\s?am/);
  });

  it('a visitor chooses a session and is asked to sign in before going on', async () => {
    fakePlatform(PUBLIC_VACANCY);
    const { user } = renderApp(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'Beach clean-up crew' });
    expect(currentStep()).toBe('session');

    await user.click(within(applyPanel()).getByRole('button', { name: 'Next' }));
    expect(within(applyPanel()).getByText('Choose a session.')).toBeTruthy();

    await user.click(within(applyPanel()).getAllByRole('radio')[0] as HTMLElement);
    await user.click(within(applyPanel()).getByRole('button', { name: 'Next' }));
    expect(within(applyPanel()).getByText('Sign in to apply. Your choice stays here while you do.')).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: /Log in/ })).toBeTruthy();
    expect(currentStep()).toBe('session');
  });

  it('a member applies as an individual: session -> who -> message and confirm -> done', async () => {
    signIn();
    const fetch = fakePlatform(MEMBER_VACANCY);
    fetch.on('POST', `/api/volunteer/session/${SESSION_1}/individualApply`, json(201, anApplication()));
    const { user } = renderApp(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'Beach clean-up crew' });

    const steps = within(applyPanel()).getByRole('list', { name: 'Application steps' });
    expect(within(steps).getAllByRole('listitem').map((item) => [item.getAttribute('data-step'), item.textContent])).toEqual([
      ['session', '1Choose a session'],
      ['who', '2Individual or team'],
      ['confirm', '3Message and confirm'],
      ['done', '4Done'],
    ]);
    await user.click(within(applyPanel()).getAllByRole('radio')[0] as HTMLElement);
    await user.click(within(applyPanel()).getByRole('button', { name: 'Next' }));
    expect(currentStep()).toBe('who');
    expect(document.activeElement?.textContent).toBe('Individual or team');
    expect(within(applyPanel()).getByText(/Places needed: 1/)).toBeTruthy();

    // Back keeps the choice.
    await user.click(within(applyPanel()).getByRole('button', { name: 'Back' }));
    expect((within(applyPanel()).getAllByRole('radio')[0] as HTMLInputElement).checked).toBe(true);
    await user.click(within(applyPanel()).getByRole('button', { name: 'Next' }));
    await user.click(within(applyPanel()).getByRole('button', { name: 'Next' }));
    expect(currentStep()).toBe('confirm');
    expect(within(applyPanel()).getByText('An individual')).toBeTruthy();
    await user.type(within(applyPanel()).getByLabelText('Message to the charity (optional)'), 'I can bring a trailer.');
    await user.click(within(applyPanel()).getByRole('button', { name: 'Apply' }));

    expect(await within(applyPanel()).findByText(/Your application for/)).toBeTruthy();
    expect(currentStep()).toBe('done');
    expect(within(applyPanel()).getByRole('link', { name: 'See my applications' }).getAttribute('href')).toBe('/admin/user/volunteering/application');
    expect(fetch.callsTo('POST', `/api/volunteer/session/${SESSION_1}/individualApply`)[0]?.body).toEqual({ message: 'I can bring a trailer.' });
  });

  it('a member applies as a team of 3: team name and teammates’ e-mails, seats and the fee for the team size', async () => {
    signIn();
    const fetch = fakePlatform(MEMBER_VACANCY, anOpportunity({ fee: { amount: { cents: 1500, currency: 'NZD' }, feeType: 'PerPerson' } }));
    fetch.on('POST', `/api/volunteer/session/${SESSION_1}/teamApply`, json(201, anApplication({ applicationType: 'Team', teamName: 'Dune Raiders', seats: 3 })));
    const { user } = renderApp(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'Beach clean-up crew' });
    await user.click(within(applyPanel()).getAllByRole('radio')[0] as HTMLElement);
    await user.click(within(applyPanel()).getByRole('button', { name: 'Next' }));

    await user.click(within(applyPanel()).getByLabelText(/My team/));
    await user.click(within(applyPanel()).getByRole('button', { name: 'Add teammate' }));
    expect(within(applyPanel()).getByText(/Places needed: 3 \(8 places left\) · Fee: \$15.00 per person, \$45.00 in all/)).toBeTruthy();
    await user.type(within(applyPanel()).getByLabelText('Teammate 1 e-mail'), 'not-an-email');
    await user.type(within(applyPanel()).getByLabelText('Teammate 2 e-mail'), 'aroha@example.co.nz');
    await user.click(within(applyPanel()).getByRole('button', { name: 'Next' }));
    expect(within(applyPanel()).getByText(MESSAGES.requiredField)).toBeTruthy();
    expect(within(applyPanel()).getByText(MESSAGES.invalidEmail)).toBeTruthy();
    expect(within(applyPanel()).getByText(VOLUNTEERING_MESSAGES.leaderInTeam)).toBeTruthy();
    expect(currentStep()).toBe('who');

    await user.type(within(applyPanel()).getByLabelText('Team name'), 'Dune Raiders');
    await user.clear(within(applyPanel()).getByLabelText('Teammate 1 e-mail'));
    await user.type(within(applyPanel()).getByLabelText('Teammate 1 e-mail'), 'mere@example.co.nz');
    await user.clear(within(applyPanel()).getByLabelText('Teammate 2 e-mail'));
    await user.type(within(applyPanel()).getByLabelText('Teammate 2 e-mail'), 'tama@example.co.nz');
    await user.click(within(applyPanel()).getByRole('button', { name: 'Next' }));
    expect(currentStep()).toBe('confirm');
    expect(within(applyPanel()).getByText('Team “Dune Raiders” of 3')).toBeTruthy();
    expect(within(applyPanel()).getByText('$15.00 per person: $45.00')).toBeTruthy();
    await user.click(within(applyPanel()).getByRole('button', { name: 'Apply' }));

    expect(await within(applyPanel()).findByText('We’ve e-mailed your teammates an invitation to join “Dune Raiders”.')).toBeTruthy();
    expect(fetch.callsTo('POST', `/api/volunteer/session/${SESSION_1}/teamApply`)[0]?.body).toEqual({
      teamName: 'Dune Raiders',
      members: [{ email: 'mere@example.co.nz' }, { email: 'tama@example.co.nz' }],
    });
  });

  it('a session that filled up meanwhile shows the server’s message and lets the member choose another', async () => {
    signIn();
    const fetch = fakePlatform(MEMBER_VACANCY);
    fetch.on('POST', `/api/volunteer/session/${SESSION_1}/individualApply`, problem(409, { title: 'That conflicts with the current state.', code: 'Conflict', detail: VOLUNTEERING_MESSAGES.sessionFull }));
    const { user } = renderApp(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'Beach clean-up crew' });
    await user.click(within(applyPanel()).getAllByRole('radio')[0] as HTMLElement);
    await user.click(within(applyPanel()).getByRole('button', { name: 'Next' }));
    await user.click(within(applyPanel()).getByRole('button', { name: 'Next' }));
    fetch.on('GET', MEMBER_VACANCY, json(200, anOpportunity({ sessions: [aSession(1, { placesRemaining: 0, placesTaken: 10, isFull: true }), aSession(2)] })));
    await user.click(within(applyPanel()).getByRole('button', { name: 'Apply' }));

    expect(await within(applyPanel()).findByText(VOLUNTEERING_MESSAGES.sessionFull)).toBeTruthy();
    expect(currentStep()).toBe('session');
    await waitFor(() => expect((within(applyPanel()).getAllByRole('radio')[0] as HTMLInputElement).disabled).toBe(true));
    expect((within(applyPanel()).getAllByRole('radio')[1] as HTMLInputElement).disabled).toBe(false);
  });

  it('shares the role: social channels, e-mail, workplace network, and a QR code whose download shows loading', async () => {
    fakePlatform(PUBLIC_VACANCY);
    const createObjectURL = vi.fn(() => 'blob:qr');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { user } = renderApp(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'Beach clean-up crew' });
    const share = screen.getByRole('region', { name: 'Share' });
    const pageUrl = encodeURIComponent(`${window.location.origin}${PAGE}`);
    expect(within(share).getByRole('link', { name: /Facebook/ }).getAttribute('href')).toBe(`https://www.facebook.com/sharer/sharer.php?u=${pageUrl}`);
    expect(within(share).getByRole('link', { name: /E-mail/ }).getAttribute('href')).toMatch(/^mailto:\?subject=Beach%20clean-up%20crew&body=/);
    expect(within(share).getByRole('link', { name: /Workplace/ }).getAttribute('href')).toContain(`u=${pageUrl}`);
    expect(within(share).getAllByRole('link').map((link) => link.textContent?.replace(/ \(.*\)$/, ''))).toEqual(['Facebook', 'X', 'LinkedIn', 'WhatsApp', 'E-mail', 'Workplace']);

    const qrButton = within(share).getByRole('button', { name: 'QR code' });
    await user.click(qrButton);
    expect(qrButton.getAttribute('aria-expanded')).toBe('true');
    expect(await within(share).findByRole('img', { name: 'QR code for Beach clean-up crew' })).toBeTruthy();
    const download = within(share).getByRole('button', { name: 'Download QR' });
    await user.click(download);
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(download.getAttribute('aria-busy')).toBeNull();
  });

  it('an unknown role is not found', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/config.json', json(200, runtimeConfig));
    fetch.on('GET', PUBLIC_VACANCY, problem(404, { title: 'Not found', code: 'NotFound' }));
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: 'Role not found' })).toBeTruthy();
  });
});
