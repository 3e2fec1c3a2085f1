import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests, setSession } from '../../../lib/session';
import { saveFile } from '../../../lib/save-file';
import { installFetchFake, json, problem, type FetchFake } from '../../../testing/fetch-fake';
import { renderWithRouter } from '../../../testing/render';
import { aCard } from '../testing';
import { BackOfficeVolunteerRoles } from './back-office-volunteer-roles';

vi.mock('../../../lib/save-file', () => ({ saveFile: vi.fn() }));

/** The back office's volunteer roles screen: its Operations panel (train the recommender, re-index for search). */
const PERMISSIONS = '/api/accounts/me/permissions';
const ROLES = /^\/api\/volunteering\/backOffice\/opportunity\?/;
const TRAIN = '/api/volunteering/modelTraining';
const MODEL_NAME = 'volunteering-recommender-2030-03-01T00-00-00Z.json';

function backOffice(permissions: string[]): FetchFake {
  setSession({ status: 'signedIn', memberId: 'm1', email: 'aroha@example.co.nz', name: 'Aroha Ngata' });
  const fetch = installFetchFake();
  fetch.on('GET', PERMISSIONS, json(200, { permissions }));
  fetch.on('GET', ROLES, json(200, { items: [aCard({ contentStatus: 'Proposed' })] }));
  return fetch;
}
const render = () => renderWithRouter(<BackOfficeVolunteerRoles />, { path: '/admin/backoffice/volunteer-roles' });
const operations = () => screen.findByRole('region', { name: 'Operations' });

beforeEach(() => {
  resetSessionForTests();
  vi.mocked(saveFile).mockClear();
});
afterEach(() => act(() => resetSessionForTests()));

describe('back office volunteer roles: Operations', () => {
  it('is not shown without BackOffice_ManageVacancies', async () => {
    const fetch = backOffice(['BackOffice_ViewVacancies']);
    render();
    await screen.findByRole('table', { name: 'Waiting for approval roles' });
    await waitFor(() => expect(fetch.callsTo('GET', PERMISSIONS)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Operations' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Train recommender' })).toBeNull();
  });

  it('"Train recommender" shows a spinner, saves the model under the server’s name, then says "Model trained"', async () => {
    const fetch = backOffice(['BackOffice_ViewVacancies', 'BackOffice_ManageVacancies']);
    let answer: (response: Response) => void = () => undefined;
    fetch.on('POST', TRAIN, () => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = render();
    const panel = await operations();

    await user.click(within(panel).getByRole('button', { name: 'Train recommender' }));
    const button = within(panel).getByRole('button', { name: 'Train recommender' });
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect((button as HTMLButtonElement).disabled).toBe(true);

    answer(new Response('{"kind":"volunteering-recommender"}', { status: 200, headers: { 'content-type': 'application/octet-stream', 'content-disposition': `attachment; filename="${MODEL_NAME}"` } }));
    expect(await within(panel).findByText(`Model trained: ${MODEL_NAME}`)).toBeTruthy();
    expect(saveFile).toHaveBeenCalledTimes(1);
    const [blob, name] = vi.mocked(saveFile).mock.calls[0] as [Blob, string];
    expect(name).toBe(MODEL_NAME);
    expect(await blob.text()).toBe('{"kind":"volunteering-recommender"}');
    expect(button.getAttribute('aria-busy')).toBeNull();
  });

  it('shows why training failed, and saves nothing', async () => {
    const fetch = backOffice(['BackOffice_ManageVacancies']);
    fetch.on('POST', TRAIN, problem(403, { title: 'Forbidden', detail: 'You may not train the recommender.' }));
    const { user } = render();
    const panel = await operations();
    await user.click(within(panel).getByRole('button', { name: 'Train recommender' }));
    expect(await within(panel).findByText('You may not train the recommender.')).toBeTruthy();
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('each Re-index button runs its operation and shows the counts it answered', async () => {
    const fetch = backOffice(['BackOffice_ManageVacancies']);
    fetch.on('POST', '/api/volunteering/ReIndexVolunteeringOpportunity', json(200, { index: 'volunteeringopportunities-v2', eventName: 'OpportunityIndexed', documents: 23, batches: 3 }));
    fetch.on('POST', '/api/volunteering/ReIndexVolunteerApplicationInvitation', json(200, { index: 'invitations', eventName: 'InvitationIndexed', documents: 1, batches: 1 }));
    fetch.on('POST', '/api/volunteering/ReIndexVolunteeringOpportunityCatalogues', problem(500, { title: 'Internal Server Error' }));
    const { user } = render();
    const panel = await operations();
    const table = within(panel).getByRole('table', { name: 'Search indexes' });
    const rowOf = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement;
    expect(within(table).getAllByRole('button', { name: /^Re-index / })).toHaveLength(5);

    await user.click(within(table).getByRole('button', { name: 'Re-index Opportunities' }));
    expect(await within(rowOf('Opportunities')).findByText('23 documents in 3 batches')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Re-index Team invitations' }));
    expect(await within(rowOf('Team invitations')).findByText('1 document in 1 batch')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Re-index Skill and category catalogues' }));
    expect(await within(rowOf('Skill and category catalogues')).findByText('An unexpected server error occurred.')).toBeTruthy();

    expect(fetch.callsTo('POST', /\/api\/volunteering\/ReIndex/).map((call) => call.url)).toEqual([
      '/api/volunteering/ReIndexVolunteeringOpportunity',
      '/api/volunteering/ReIndexVolunteerApplicationInvitation',
      '/api/volunteering/ReIndexVolunteeringOpportunityCatalogues',
    ]);
    expect(within(rowOf('Members’ applications')).queryByText(/documents?/)).toBeNull();
  });
});
