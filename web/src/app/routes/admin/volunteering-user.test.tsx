import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MyApplications } from '@giving/shared/contracts/volunteering';
import { VOLUNTEERING_MESSAGES } from '@giving/shared/contracts/volunteering';
import { anApplication } from '../../../features/volunteering/testing';
import { resetSessionForTests } from '../../../lib/session';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { menuLabels, renderConsole } from './testing';

afterEach(() => {
  cleanup();
  resetSessionForTests();
});

const ME = '/api/volunteer/application/me';
const individual = anApplication({ allowedActions: ['cancel', 'edit', 'contact', 'delete'] });
const team = anApplication({
  id: '01JAPPLICATION000000000002',
  applicationType: 'Team',
  teamName: 'Dune Raiders',
  seats: 3,
  status: 'Accepted',
  opportunity: { ...individual.opportunity, title: 'Dune restoration' },
  session: { ...individual.session, sessionTotalHours: undefined },
  allowedActions: ['cancel', 'complete', 'edit', 'contact', 'invite'],
});
const completed = anApplication({
  id: '01JAPPLICATION000000000003',
  status: 'Completed',
  hours: { hoursPerPerson: 4, volunteers: 1, totalHours: 4 },
  opportunity: { ...individual.opportunity, title: 'Tree planting' },
  allowedActions: ['volunteerFeedback'],
});
const invitation = anApplication({
  id: '01JAPPLICATION000000000009',
  applicationType: 'Team',
  teamName: 'Beach Buddies',
  applicant: { memberId: 'm9', email: 'hemi@example.co.nz', firstName: 'Hemi', lastName: 'Walker' },
  allowedActions: [],
});
const data = (overrides: Partial<MyApplications> = {}): MyApplications => ({
  applications: [individual, team, completed],
  invitations: [{ application: invitation, myResponse: 'AwaitingResponse' }],
  feedbackDue: [completed.id],
  ...overrides,
});

function myVolunteering(answer: MyApplications = data()) {
  const fetch = installFetchFake();
  fetch.on('GET', ME, json(200, answer));
  return { fetch, start: () => renderConsole('/admin/user/volunteering/application', { fetch, permissions: ['User_ViewVolunteering'] }) };
}

const rowOf = (table: HTMLElement, name: RegExp | string) => within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement;

describe('user area: my volunteering', () => {
  it('lists the applications with session, team, status and only the actions allowed now; invitations and feedback owed', async () => {
    myVolunteering().start();
    const table = await screen.findByRole('table', { name: 'Applications' });
    expect(menuLabels('My Account')).toContain('Volunteering');

    const first = rowOf(table, /Beach clean-up crew/);
    expect(within(first).getByText('Individual')).toBeTruthy();
    expect(within(first).getByText('Applied')).toBeTruthy();
    expect(within(first).getByText(/10 Mar 2030/)).toBeTruthy();
    expect(within(first).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Edit Beach clean-up crew',
      'Contact charity Beach clean-up crew',
      'Cancel Beach clean-up crew',
      'Delete Beach clean-up crew',
    ]);
    const teamRow = rowOf(table, /Dune restoration/);
    expect(within(teamRow).getByText('Team “Dune Raiders” (3)')).toBeTruthy();
    expect(within(teamRow).getByText('Accepted')).toBeTruthy();
    expect(within(teamRow).getByRole('button', { name: 'Complete Dune restoration' })).toBeTruthy();
    expect(within(teamRow).getByRole('button', { name: 'Team Dune restoration' })).toBeTruthy();
    const done = rowOf(table, /Tree planting/);
    expect(within(done).getByText('4 hours volunteered')).toBeTruthy();
    expect(within(done).getAllByRole('button').map((b) => b.textContent)).toEqual(['Give feedback Tree planting']);
    expect(screen.getByText('One completed role is waiting for your feedback.')).toBeTruthy();

    const invitations = screen.getByRole('table', { name: 'Team invitations' });
    expect(within(invitations).getByRole('rowheader', { name: 'Beach Buddies' })).toBeTruthy();
    expect(within(invitations).getByText('Hemi Walker')).toBeTruthy();
    expect(within(invitations).getByText('Awaiting response')).toBeTruthy();
  });

  it('gives each application’s time in its charity’s country (an Australian role in Sydney time, a New Zealand one in Auckland time)', async () => {
    // 20:00 UTC on 9 March 2030 is 9 am on 10 March in Auckland, 7 am in Sydney.
    const sydney = anApplication({ id: 'AU1', country: 'au', opportunity: { id: 'o-au', title: 'Reef survey', opportunityUrl: 'reef-survey', imageUrl: '' } });
    myVolunteering(data({ applications: [individual, sydney], invitations: [], feedbackDue: [] })).start();
    const table = await screen.findByRole('table', { name: 'Applications' });
    expect(within(rowOf(table, /Beach clean-up crew/)).getByText(/10 Mar 2030, 9:00\s?am/)).toBeTruthy();
    const reef = rowOf(table, /Reef survey/);
    expect(within(reef).getByText(/10 Mar 2030, 7:00\s?am/)).toBeTruthy();
    expect(within(reef).getByRole('link', { name: 'Reef survey' }).getAttribute('href')).toBe('/au/charity/kiwi-coast-rescue/volunteering/reef-survey');
  });

  it('answers a team invitation Going', async () => {
    const { fetch, start } = myVolunteering();
    fetch.on('PATCH', `/api/volunteer/application/team/${invitation.id}/me/response`, new Response(null, { status: 204 }));
    const { user } = start();
    const invitations = await screen.findByRole('table', { name: 'Team invitations' });
    fetch.on('GET', ME, json(200, data({ invitations: [{ application: invitation, myResponse: 'Going' }] })));
    await user.click(within(invitations).getByRole('button', { name: 'Going with Beach Buddies' }));
    expect(await screen.findByText('You’re going with “Beach Buddies”.')).toBeTruthy();
    expect(fetch.callsTo('PATCH', `/api/volunteer/application/team/${invitation.id}/me/response`)[0]?.body).toEqual({ responseStatus: 'Going' });
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Team invitations' })).getByText('Going', { selector: 'span' })).toBeTruthy());
    expect(within(screen.getByRole('table', { name: 'Team invitations' })).queryByRole('button', { name: 'Going with Beach Buddies' })).toBeNull();
  });

  it('cancels only after asking, and shows the server’s refusal in the dialog', async () => {
    const { fetch, start } = myVolunteering();
    fetch.sequence('PATCH', `/api/volunteer/application/${individual.id}/cancel`, [
      () => problem(409, { title: 'Conflict', code: 'Conflict', detail: VOLUNTEERING_MESSAGES.invalidTransition('cancel', 'Completed') }),
      () => json(200, { ...individual, status: 'Retracted' }),
    ]);
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Cancel Beach clean-up crew' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this application?' });
    expect(dialog.textContent).toContain('Your place for Beach clean-up crew will go back to the charity.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel application' }));
    expect(await within(dialog).findByText('You cannot cancel an application that is Completed.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel application' }));
    expect(await screen.findByText('Your application was cancelled.')).toBeTruthy();
    expect(fetch.callsTo('GET', ME).length).toBeGreaterThan(1);
  });

  it('edits a team application’s name and message', async () => {
    const { fetch, start } = myVolunteering();
    fetch.on('PATCH', `/api/volunteer/application/team/${team.id}`, json(200, team));
    const { user } = start();
    const table = await screen.findByRole('table', { name: 'Applications' });
    await user.click(within(table).getByRole('button', { name: 'Edit Dune restoration' }));
    const form = screen.getByRole('form', { name: 'Edit application' });
    await user.clear(within(form).getByLabelText('Team name'));
    await user.type(within(form).getByLabelText('Team name'), 'Dune Defenders');
    await user.type(within(form).getByLabelText('Message to the charity'), 'Two of us are first-aiders.');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your application was saved.')).toBeTruthy();
    expect(fetch.callsTo('PATCH', `/api/volunteer/application/team/${team.id}`)[0]?.body).toEqual({ teamName: 'Dune Defenders', message: 'Two of us are first-aiders.' });
  });

  it('contacts the charity', async () => {
    const { fetch, start } = myVolunteering();
    fetch.on('POST', `/api/volunteer/application/${individual.id}/contact`, new Response(null, { status: 204 }));
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Contact charity Beach clean-up crew' }));
    const form = screen.getByRole('form', { name: 'Contact Kiwi Coast Rescue' });
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(within(form).getByText('Required Field!')).toBeTruthy();
    await user.type(within(form).getByLabelText('Message'), 'Is parking available?');
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Your message was sent to Kiwi Coast Rescue.')).toBeTruthy();
    expect(fetch.callsTo('POST', `/api/volunteer/application/${individual.id}/contact`)[0]?.body).toEqual({ message: 'Is parking available?' });
  });

  it('completes a session without set hours by giving the hours each volunteer gave', async () => {
    const { fetch, start } = myVolunteering();
    fetch.on('POST', `/api/volunteer/application/${team.id}/complete`, json(200, { ...team, status: 'Completed' }));
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Complete Dune restoration' }));
    const form = screen.getByRole('form', { name: 'Mark as completed?' });
    await user.click(within(form).getByRole('button', { name: 'Mark completed' }));
    expect(within(form).getByText('Invalid Input!')).toBeTruthy();
    await user.type(within(form).getByLabelText('Hours each volunteer gave'), '3.5');
    await user.click(within(form).getByRole('button', { name: 'Mark completed' }));
    expect(await screen.findByText('Marked as completed. Thank you for volunteering!')).toBeTruthy();
    expect(fetch.callsTo('POST', `/api/volunteer/application/${team.id}/complete`)[0]?.body).toEqual({ hoursPerPerson: 3.5 });
  });

  it('gives feedback with the questions asked of volunteers', async () => {
    const { fetch, start } = myVolunteering();
    fetch.on(
      'GET',
      `/api/volunteer/application/${completed.id}/feedbackQuestions`,
      json(200, {
        items: [
          { id: 'q1', text: 'Would you volunteer here again?', kind: 'yesNo', askedOf: 'Volunteer' },
          { id: 'q2', text: 'Was the volunteer on time?', kind: 'yesNo', askedOf: 'Charity' },
        ],
      }),
    );
    fetch.on('POST', `/api/volunteer/application/${completed.id}/volunteerFeedback`, json(200, { ...completed, status: 'UserFeedbackGiven' }));
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Give feedback Tree planting' }));
    const form = await screen.findByRole('form', { name: 'Feedback on Tree planting' });
    expect(within(form).queryByLabelText('Was the volunteer on time?')).toBeNull();
    await user.selectOptions(within(form).getByLabelText('Rating'), '5');
    await user.selectOptions(within(form).getByLabelText('Would you volunteer here again?'), 'Yes');
    await user.type(within(form).getByLabelText('Comment (optional)'), 'Great morning.');
    await user.click(within(form).getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Thank you for your feedback.')).toBeTruthy();
    expect(fetch.callsTo('POST', `/api/volunteer/application/${completed.id}/volunteerFeedback`)[0]?.body).toEqual({
      rating: 5,
      comment: 'Great morning.',
      answers: [{ questionId: 'q1', answer: 'Yes' }],
    });
  });

  it('the leader sees each teammate’s answer and invites again those not going', async () => {
    const { fetch, start } = myVolunteering();
    fetch.on(
      'GET',
      `/api/volunteer/application/team/${team.id}/team`,
      json(200, {
        applicationId: team.id,
        teamName: 'Dune Raiders',
        leader: { memberId: 'm1', email: 'aroha@example.co.nz', firstName: 'Aroha', lastName: 'Ngata' },
        members: [
          { email: 'mere@example.co.nz', responseStatus: 'Going', invitedAt: '2030-02-01T00:00:00Z' },
          { email: 'tama@example.co.nz', responseStatus: 'NotGoing', invitedAt: '2030-02-01T00:00:00Z' },
        ],
        seats: 2,
      }),
    );
    fetch.on('PATCH', `/api/volunteer/application/team/${team.id}/reInvite`, new Response(null, { status: 204 }));
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Team Dune restoration' }));
    const dialog = screen.getByRole('dialog', { name: 'Team “Dune Raiders”' });
    const members = await within(dialog).findByRole('table', { name: 'Team members' });
    expect(within(rowOf(members, 'mere@example.co.nz')).getByText('Going')).toBeTruthy();
    expect(within(rowOf(members, 'tama@example.co.nz')).getByText('Not going')).toBeTruthy();
    expect(within(members).queryByLabelText('Invite mere@example.co.nz again')).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Invite again' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(members).getByLabelText('Invite tama@example.co.nz again'));
    await user.click(within(dialog).getByRole('button', { name: 'Invite again' }));
    expect(await within(dialog).findByText('Invitation sent again to tama@example.co.nz.')).toBeTruthy();
    expect(fetch.callsTo('PATCH', `/api/volunteer/application/team/${team.id}/reInvite`)[0]?.body).toEqual({ emails: ['tama@example.co.nz'] });

    // Inviting one more: the e-mail is checked first, then sent as the API stores it (trimmed, lower case).
    fetch.on('POST', `/api/volunteer/application/team/${team.id}/invite`, new Response(null, { status: 204 }));
    const email = within(dialog).getByLabelText('Teammate’s e-mail') as HTMLInputElement;
    await user.type(email, 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText('Invalid Email!')).toBeTruthy();
    expect(fetch.callsTo('POST', `/api/volunteer/application/team/${team.id}/invite`)).toHaveLength(0);
    await user.clear(email);
    await user.type(email, ' Hemi@Example.co.nz ');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText('hemi@example.co.nz was invited.')).toBeTruthy();
    expect(fetch.callsTo('POST', `/api/volunteer/application/team/${team.id}/invite`)[0]?.body).toEqual({ members: [{ email: 'hemi@example.co.nz' }] });
    expect(email.value).toBe('');
  });

  it('says so when there are no applications, with a way to the roles', async () => {
    myVolunteering(data({ applications: [], invitations: [], feedbackDue: [] })).start();
    expect(await screen.findByRole('heading', { name: 'No applications yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Roles' }).getAttribute('href')).toBe('/nz/volunteering');
    expect(screen.queryByRole('table', { name: 'Team invitations' })).toBeNull();
  });
});
