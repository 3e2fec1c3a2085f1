import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { VOLUNTEERING_MESSAGES, type OpportunityEdit } from '@giving/shared/contracts/volunteering';
import { CHARITY_PERMISSIONS } from '@giving/shared/permissions';
import { CHARITY_SETTINGS_URL, aCard, aSession, anApplication, anOpportunity, charitySettings } from '../../../features/volunteering/testing';
import { resetSessionForTests } from '../../../lib/session';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { CHARITY_ID, anAdminMenu, errorOf, menuLabels, renderConsole } from './testing';

afterEach(() => {
  cleanup();
  resetSessionForTests();
});

const menu = anAdminMenu({ charityAssociations: [{ charityId: CHARITY_ID, charityName: 'Kiwi Coast Rescue', roles: ['Charity.Admin'] }] });
const ROLES = `/api/volunteering/charity/${CHARITY_ID}/opportunity`;
const live = aCard();
const proposed = aCard({ id: '01JOPP00000000000000000002', title: 'Phone buddy', opportunityUrl: 'phone-buddy', contentStatus: 'Proposed', isOnline: false, scheduleLabel: 'Recurring', sessionCount: 1 });
const TEMPLATES = { items: [{ id: 't1', title: 'Tree planting day', description: 'Plant natives with us.', opportunityType: 'UnSkilled', skills: ['Gardening'], categories: ['Environment'], suggestedHours: 5, suggestedPeople: 30, hasSpecificDates: true }], categories: [{ category: 'Environment', count: 1 }] };

function charityScreen(path: string, { permissions = CHARITY_PERMISSIONS as readonly string[], country = 'nz' as 'nz' | 'au' } = {}) {
  const fetch = installFetchFake();
  fetch.on('GET', CHARITY_SETTINGS_URL, json(200, charitySettings(country)));
  fetch.on('GET', ROLES, json(200, { items: [live, proposed] }));
  fetch.on('GET', '/api/volunteering/opportunity/template', json(200, TEMPLATES));
  return { fetch, start: () => renderConsole(`/admin/charity/${CHARITY_ID}/${path}`, { fetch, menu, tenant: { charityId: CHARITY_ID }, permissions }) };
}

const rowOf = (table: HTMLElement, name: RegExp | string) => within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement;

describe('charity console: volunteer roles', () => {
  it('lists the charity’s roles with schedule, approval status and online status', async () => {
    charityScreen('volunteer-roles').start();
    const table = await screen.findByRole('table', { name: 'Volunteer roles' });
    expect(menuLabels('Charity admin')).toEqual(expect.arrayContaining(['Volunteer Roles', 'Volunteer Applications']));
    const first = rowOf(table, /Beach clean-up crew/);
    expect(within(first).getByText('Multiple (2)')).toBeTruthy();
    expect(within(first).getByText('Live')).toBeTruthy();
    expect(within(first).getByText('Online')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Beach clean-up crew' }).getAttribute('href')).toBe('/nz/charity/kiwi-coast-rescue/volunteering/beach-clean-up');
    const second = rowOf(table, /Phone buddy/);
    expect(within(second).getByText('Proposed')).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Put online Phone buddy' })).toBeTruthy();
  });

  it('adds a role with specific dates: the page address follows the title, times are the charity’s local time', async () => {
    const { fetch, start } = charityScreen('volunteer-roles');
    fetch.on('POST', '/api/volunteering/opportunity', json(201, anOpportunity({ contentStatus: 'Proposed' })));
    const { user } = start();
    await screen.findByRole('table', { name: 'Volunteer roles' });
    await user.click(screen.getByRole('button', { name: 'Add role' }));
    const form = screen.getByRole('form', { name: 'Add a volunteering role' });

    await user.click(within(form).getByRole('button', { name: 'Add role' }));
    expect(errorOf(within(form).getByLabelText('Title'))).toBe(MESSAGES.requiredField);
    expect(fetch.callsTo('POST', '/api/volunteering/opportunity')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Title'), 'Dune planting, Petone!');
    expect((within(form).getByLabelText('Page address') as HTMLInputElement).value).toBe('dune-planting-petone');
    await user.type(within(form).getByLabelText('Description'), 'Plant spinifex on the dunes.');
    await user.type(within(form).getByLabelText('Image address'), '/media/volunteering/dunes.jpg');
    await user.click(within(form).getByLabelText('Environment'));
    await user.click(within(form).getByLabelText('Gardening'));
    await user.type(within(form).getByLabelText('Suburb'), 'Petone');
    await user.type(within(form).getByLabelText('Latitude'), '-41.22');
    await user.type(within(form).getByLabelText('Longitude'), '174.87');
    const session = within(form).getByRole('group', { name: 'Session 1' });
    await user.type(within(session).getByLabelText('Date'), '2030-03-10');
    await user.click(within(form).getByRole('button', { name: 'Add session' }));
    const second = within(form).getByRole('group', { name: 'Session 2' });
    await user.type(within(second).getByLabelText('Date'), '2030-03-17');
    await user.clear(within(second).getByLabelText('People needed'));
    await user.type(within(second).getByLabelText('People needed'), '20');
    await user.type(within(form).getByLabelText('Fee in dollars (optional)'), '15');
    await user.click(within(form).getByLabelText('Teams may apply'));
    await user.type(within(form).getByLabelText('Largest team, leader included'), '8');
    await user.type(within(form).getByLabelText('Contact e-mail'), 'volunteers@kcr.org.nz');
    await user.click(within(form).getByRole('button', { name: 'Add role' }));

    expect(await screen.findByText('“Dune planting, Petone!” was added. It is listed once the back office approves it.')).toBeTruthy();
    expect(fetch.callsTo('POST', '/api/volunteering/opportunity')[0]?.body).toEqual({
      charityId: CHARITY_ID,
      title: 'Dune planting, Petone!',
      description: 'Plant spinifex on the dunes.',
      opportunityUrl: 'dune-planting-petone',
      opportunityType: 'UnSkilled',
      imageUrl: '/media/volunteering/dunes.jpg',
      skills: ['Gardening'],
      categories: ['Environment'],
      isRemote: false,
      location: { suburb: 'Petone', lat: -41.22, lon: 174.87 },
      hasSpecificDates: true,
      // 9 am to noon in Wellington (NZDT, UTC+13).
      sessions: [
        { startsAt: '2030-03-09T20:00:00.000Z', endsAt: '2030-03-09T23:00:00.000Z', sessionTotalHours: 3, requiredPeople: 10 },
        { startsAt: '2030-03-16T20:00:00.000Z', endsAt: '2030-03-16T23:00:00.000Z', sessionTotalHours: 3, requiredPeople: 20 },
      ],
      fee: { amount: { cents: 1500, currency: 'NZD' }, feeType: 'PerPerson' },
      allowTeams: true,
      maxTeamSize: 8,
      contactEmail: 'volunteers@kcr.org.nz',
      isOnline: true,
    });
  });

  it('adds a recurring role from a template: one recurring session and its schedule', async () => {
    const { fetch, start } = charityScreen('volunteer-roles');
    fetch.on('POST', '/api/volunteering/opportunity', json(201, anOpportunity()));
    const { user } = start();
    await screen.findByRole('table', { name: 'Volunteer roles' });
    await user.click(screen.getByRole('button', { name: 'Add role' }));
    const form = screen.getByRole('form', { name: 'Add a volunteering role' });
    await user.selectOptions(within(form).getByLabelText('Start from a template'), 't1');
    expect((within(form).getByLabelText('Title') as HTMLInputElement).value).toBe('Tree planting day');
    expect((within(form).getByLabelText('Page address') as HTMLInputElement).value).toBe('tree-planting-day');
    expect((within(form).getByLabelText('Environment') as HTMLInputElement).checked).toBe(true);

    await user.click(within(form).getByLabelText('Remote (volunteers take part from home)'));
    await user.click(within(form).getByLabelText('Recurring schedule'));
    await user.selectOptions(within(form).getByLabelText('Repeats'), 'Fortnightly');
    await user.click(within(form).getByLabelText('Saturday'));
    await user.type(within(form).getByLabelText('From date'), '2030-04-13');
    await user.type(within(form).getByLabelText('Image address'), 'https://example.org/trees.jpg');
    await user.type(within(form).getByLabelText('Contact e-mail'), 'volunteers@kcr.org.nz');
    await user.click(within(form).getByRole('button', { name: 'Add role' }));

    await waitFor(() => expect(fetch.callsTo('POST', '/api/volunteering/opportunity')).toHaveLength(1));
    expect(fetch.callsTo('POST', '/api/volunteering/opportunity')[0]?.body).toMatchObject({
      title: 'Tree planting day',
      isRemote: true,
      hasSpecificDates: false,
      // 9 am to noon in Wellington after daylight saving ends (NZST, UTC+12).
      sessions: [{ startsAt: '2030-04-12T21:00:00.000Z', endsAt: '2030-04-13T00:00:00.000Z', requiredPeople: 30 }],
      recurringSchedule: { frequency: 'Fortnightly', daysOfWeek: ['Saturday'], startTime: '09:00', endTime: '12:00', startDate: '2030-04-13', hoursPerSession: 5 },
    });
  });

  it('times an Australian charity’s first role in Sydney: the country is the charity’s, not its roles’', async () => {
    const { fetch, start } = charityScreen('volunteer-roles', { country: 'au' });
    fetch.on('GET', ROLES, json(200, { items: [] }));
    fetch.on('POST', '/api/volunteering/opportunity', json(201, anOpportunity({ country: 'au' })));
    const { user } = start();
    await screen.findByText('No volunteering roles yet');
    await user.click(screen.getByRole('button', { name: 'Add role' }));
    const form = await screen.findByRole('form', { name: 'Add a volunteering role' });
    await user.selectOptions(within(form).getByLabelText('Start from a template'), 't1');
    await user.click(within(form).getByLabelText('Remote (volunteers take part from home)'));
    await user.type(within(within(form).getByRole('group', { name: 'Session 1' })).getByLabelText('Date'), '2030-03-10');
    await user.type(within(form).getByLabelText('Image address'), 'https://example.org/trees.jpg');
    await user.type(within(form).getByLabelText('Contact e-mail'), 'volunteers@kcr.org.au');
    await user.click(within(form).getByRole('button', { name: 'Add role' }));

    await waitFor(() => expect(fetch.callsTo('POST', '/api/volunteering/opportunity')).toHaveLength(1));
    // 9 am to noon in Sydney (AEDT, UTC+11), not Wellington.
    expect(fetch.callsTo('POST', '/api/volunteering/opportunity')[0]?.body).toMatchObject({ sessions: [{ startsAt: '2030-03-09T22:00:00.000Z', endsAt: '2030-03-10T01:00:00.000Z' }] });
  });

  it('edits a role, showing the API’s field errors under their fields', async () => {
    const { fetch, start } = charityScreen('volunteer-roles');
    const editable: OpportunityEdit = { ...anOpportunity({ sessions: [aSession(1, { placesTaken: 4 })] }), contactEmail: 'volunteers@kcr.org.nz' };
    fetch.on('GET', `/api/volunteering/opportunity/${live.id}/edit`, json(200, editable));
    fetch.sequence('PATCH', `/api/volunteering/opportunity/${live.id}`, [
      () =>
        problem(409, {
          title: 'Conflict',
          code: 'Conflict',
          detail: VOLUNTEERING_MESSAGES.capacityBelowTaken(4),
          errors: [{ field: 'body.sessions.0.requiredPeople', message: VOLUNTEERING_MESSAGES.capacityBelowTaken(4) }],
        }),
      () => json(200, editable),
    ]);
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Edit Beach clean-up crew' }));
    const form = await screen.findByRole('form', { name: 'Edit “Beach clean-up crew”' });
    const session = within(form).getByRole('group', { name: 'Session 1' });
    expect((within(session).getByLabelText('Date') as HTMLInputElement).value).toBe('2030-03-10');
    expect((within(session).getByLabelText('Starts') as HTMLInputElement).value).toBe('09:00');
    await user.clear(within(session).getByLabelText('People needed'));
    await user.type(within(session).getByLabelText('People needed'), '2');
    await user.click(within(form).getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(errorOf(within(session).getByLabelText('People needed'))).toBe(VOLUNTEERING_MESSAGES.capacityBelowTaken(4)));
    expect(fetch.callsTo('PATCH', `/api/volunteering/opportunity/${live.id}`)[0]?.body).toMatchObject({ sessions: [{ id: aSession(1).id, requiredPeople: 2 }] });

    await user.clear(within(session).getByLabelText('People needed'));
    await user.type(within(session).getByLabelText('People needed'), '12');
    await user.click(within(form).getByRole('button', { name: 'Save role' }));
    expect(await screen.findByText('“Beach clean-up crew” was saved.')).toBeTruthy();
  });

  it('uploads an existing role’s image at once; saving the role then keeps it', async () => {
    const { fetch, start } = charityScreen('volunteer-roles');
    const editable: OpportunityEdit = { ...anOpportunity({ imageUrl: 'https://example.org/old.jpg' }), contactEmail: 'volunteers@kcr.org.nz' };
    const uploaded = `/media/volunteering/${CHARITY_ID}/${live.id}/image-0123456789abcdef0123.png`;
    fetch.on('GET', `/api/volunteering/opportunity/${live.id}/edit`, json(200, editable));
    fetch.on('PUT', `/api/volunteering/charity/${CHARITY_ID}/opportunity/${live.id}/image`, json(200, { opportunityId: live.id, imageUrl: uploaded }));
    fetch.on('PATCH', `/api/volunteering/opportunity/${live.id}`, json(200, editable));
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Edit Beach clean-up crew' }));
    const form = await screen.findByRole('form', { name: 'Edit “Beach clean-up crew”' });
    expect(within(form).getByRole('img', { name: 'Image of Beach clean-up crew' }).getAttribute('src')).toBe('https://example.org/old.jpg');

    // (user-event's upload does not reach file inputs in happy-dom; a change event is what the browser sends.)
    fireEvent.change(within(form).getByLabelText('Upload image'), { target: { files: [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'dunes.png', { type: 'image/png' })] } });
    expect(await within(form).findByText('Image uploaded.')).toBeTruthy();
    expect(fetch.callsTo('PUT', `/api/volunteering/charity/${CHARITY_ID}/opportunity/${live.id}/image`).map((call) => call.body)).toEqual([{ contentType: 'image/png', data: 'iVBORw==' }]);
    expect(within(form).getByRole('img', { name: 'Image of Beach clean-up crew' }).getAttribute('src')).toBe(uploaded);
    expect((within(form).getByLabelText('Image address') as HTMLInputElement).value).toBe(uploaded);

    await user.click(within(form).getByRole('button', { name: 'Save role' }));
    expect(await screen.findByText('“Beach clean-up crew” was saved.')).toBeTruthy();
    expect(fetch.callsTo('PATCH', `/api/volunteering/opportunity/${live.id}`)[0]?.body).toMatchObject({ imageUrl: uploaded });
  });

  it('a new role takes an image address; uploading one waits for its first save', async () => {
    const { start } = charityScreen('volunteer-roles');
    const { user } = start();
    await screen.findByRole('table', { name: 'Volunteer roles' });
    await user.click(screen.getByRole('button', { name: 'Add role' }));
    const form = screen.getByRole('form', { name: 'Add a volunteering role' });
    expect(within(form).queryByLabelText('Upload image')).toBeNull();
    expect(within(form).getByText('An https:// address of an image. You can upload an image instead once the role is saved.')).toBeTruthy();
  });

  it('takes a role offline, and deletes one only after asking (showing why it cannot)', async () => {
    const { fetch, start } = charityScreen('volunteer-roles');
    fetch.on('PATCH', `/api/volunteering/opportunity/${live.id}/toggleOnlineStatus`, json(200, { opportunityId: live.id, isOnline: false }));
    fetch.on('DELETE', `/api/volunteering/opportunity/${live.id}`, problem(409, { title: 'Conflict', code: 'Conflict', detail: VOLUNTEERING_MESSAGES.opportunityHasApplications }));
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Take offline Beach clean-up crew' }));
    expect(await screen.findByText('“Beach clean-up crew” is now offline.')).toBeTruthy();
    expect(fetch.callsTo('PATCH', `/api/volunteering/opportunity/${live.id}/toggleOnlineStatus`)[0]?.body).toEqual({ isOnline: false });

    await user.click(screen.getByRole('button', { name: 'Delete Beach clean-up crew' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this role?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete role' }));
    expect(await within(dialog).findByText(VOLUNTEERING_MESSAGES.opportunityHasApplications)).toBeTruthy();
  });

  it('members who may only look see the roles without Add, Edit or Delete', async () => {
    charityScreen('volunteer-roles', { permissions: ['Charity_DashboardView', 'Charity_VolunteeringView'] }).start();
    await screen.findByRole('table', { name: 'Volunteer roles' });
    expect(screen.queryByRole('button', { name: 'Add role' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
  });
});

describe('charity console: volunteer applications', () => {
  const applied = anApplication({ id: 'a1', allowedActions: ['accept', 'decline'], applicant: { memberId: 'm1', email: 'aroha@example.co.nz', firstName: 'Aroha', lastName: 'Ngata' } });
  const team = anApplication({
    id: 'a2',
    applicationType: 'Team',
    teamName: 'Dune Raiders',
    seats: 3,
    allowedActions: ['accept', 'decline'],
    applicant: { memberId: 'm2', email: 'hemi@example.co.nz', firstName: 'Hemi', lastName: 'Walker' },
  });
  const accepted = anApplication({ id: 'a3', status: 'Accepted', allowedActions: ['complete', 'decline'], applicant: { memberId: 'm3', email: 'mere@example.co.nz', firstName: 'Mere', lastName: 'Tane' } });
  const completed = anApplication({ id: 'a4', status: 'Completed', hours: { hoursPerPerson: 4, volunteers: 1, totalHours: 4 }, allowedActions: ['charityFeedback'], applicant: { memberId: 'm4', email: 'tama@example.co.nz', firstName: 'Tama', lastName: 'Rua' } });

  function applicationsScreen() {
    const { fetch, start } = charityScreen('volunteer-applications');
    fetch.on('GET', `/api/volunteering/charity/${CHARITY_ID}/volunteer/application`, json(200, { items: [applied, team, accepted, completed] }));
    return { fetch, start };
  }
  const APP = (id: string) => `/api/volunteering/charity/${CHARITY_ID}/volunteer/application/${id}`;

  it('lists the applications to every role with the volunteer, session, places and status, and filters them', async () => {
    const { start } = applicationsScreen();
    const { user } = start();
    const table = await screen.findByRole('table', { name: 'Applications' });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    const teamRow = rowOf(table, /Hemi Walker/);
    expect(within(teamRow).getByText('Team “Dune Raiders”, 3 places')).toBeTruthy();
    expect(within(teamRow).getByText('Applied')).toBeTruthy();
    expect(within(rowOf(table, /Tama Rua/)).getByText(/1 place, 4 hours/)).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Status'), 'Accepted');
    expect(within(screen.getByRole('table', { name: 'Applications' })).getAllByRole('row')).toHaveLength(2);
  });

  it('accepts, completes, gives the charity’s feedback and declines with a reason', async () => {
    const { fetch, start } = applicationsScreen();
    fetch.on('PATCH', `${APP('a1')}/accept`, new Response(null, { status: 204 }));
    fetch.on('POST', `${APP('a3')}/complete`, new Response(null, { status: 204 }));
    fetch.on('GET', '/api/volunteer/application/a4/feedbackQuestions', json(200, { items: [{ id: 'c1', text: 'Was the volunteer on time?', kind: 'yesNo', askedOf: 'Charity' }] }));
    fetch.on('POST', '/api/volunteer/application/a4/charityFeedback', new Response(null, { status: 204 }));
    fetch.on('PATCH', `${APP('a2')}/decline`, new Response(null, { status: 204 }));
    const { user } = start();
    await screen.findByRole('table', { name: 'Applications' });

    await user.click(screen.getByRole('button', { name: 'Accept Aroha Ngata' }));
    expect(await screen.findByText('Aroha Ngata was accepted.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Complete Mere Tane' }));
    const complete = screen.getByRole('form', { name: 'Mark as completed?' });
    expect(within(complete).queryByLabelText('Hours each volunteer gave')).toBeNull();
    await user.click(within(complete).getByRole('button', { name: 'Mark completed' }));
    expect(await screen.findByText('Mere Tane’s application is completed.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Give feedback Tama Rua' }));
    const feedback = await screen.findByRole('form', { name: 'Feedback on Tama Rua' });
    await user.selectOptions(within(feedback).getByLabelText('Rating'), '4');
    await user.selectOptions(within(feedback).getByLabelText('Was the volunteer on time?'), 'Yes');
    await user.click(within(feedback).getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Your feedback on Tama Rua was sent.')).toBeTruthy();
    expect(fetch.callsTo('POST', '/api/volunteer/application/a4/charityFeedback')[0]?.body).toEqual({ rating: 4, answers: [{ questionId: 'c1', answer: 'Yes' }] });

    await user.click(screen.getByRole('button', { name: 'Decline Hemi Walker' }));
    const decline = screen.getByRole('form', { name: 'Decline Hemi Walker?' });
    expect(decline.textContent).toContain('Their 3 places go back to the session');
    await user.type(within(decline).getByLabelText('Reason (optional, sent to the volunteer)'), 'We need individuals this time.');
    await user.click(within(decline).getByRole('button', { name: 'Decline application' }));
    expect(await screen.findByText('Hemi Walker was declined.')).toBeTruthy();
    expect(fetch.callsTo('PATCH', `${APP('a2')}/decline`)[0]?.body).toEqual({ reason: 'We need individuals this time.' });
  });

  it('bulk-select mode: on while applications are selected; accepts the selected ones it can and says what it skipped', async () => {
    const { fetch, start } = applicationsScreen();
    fetch.on('PATCH', /\/accept$/, new Response(null, { status: 204 }));
    const { user } = start();
    const table = await screen.findByRole('table', { name: 'Applications' });
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();

    await user.click(within(table).getByLabelText('Select Aroha Ngata'));
    expect(within(screen.getByRole('region', { name: 'Bulk actions' })).getByText('1 application selected')).toBeTruthy();
    await user.click(within(table).getByLabelText('Select Aroha Ngata'));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();

    await user.click(within(table).getByLabelText('Select Aroha Ngata'));
    await user.click(within(table).getByLabelText('Select Hemi Walker'));
    await user.click(within(table).getByLabelText('Select Mere Tane'));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('3 applications selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Accept selected' }));

    expect(await screen.findByText('2 applications accepted. 1 could not be accepted in its current status.')).toBeTruthy();
    expect(fetch.callsTo('PATCH', /\/accept$/).map((call) => call.url)).toEqual([`${APP('a1')}/accept`, `${APP('a2')}/accept`]);
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });
});
